import TrackSift

/// A way of turning recorded fixes into a route and figures, scored side by side on the same
/// fixes.
public enum EvaluatedPipeline: Sendable, Hashable, CaseIterable {
  /// Every in-range fix as it is: what a naive reader of the file reports.
  case raw
  /// The classic running app: accuracy gate at 50 m (`FixGateConfiguration.runningApp`).
  case runningApp
  /// The walking-route app (`FixGateConfiguration.walkingApp`).
  case walkingApp
  /// The speedometer app (`FixGateConfiguration.speedometer`).
  case speedometer
  /// The fitness tracker (`FixGateConfiguration.fitnessTracker`).
  case fitnessTracker
  /// A constant-velocity Kalman filter and RTS smoother with fixed noise, no gating and no
  /// Doppler: what users of general filtering libraries (filterpy, pykalman) write.
  case plainKalmanRTS
  /// A 3-point moving average of the positions (gpxpy's `smooth`).
  case movingAverage
  /// TrackSift's live output (gate, constant-velocity filter, speed, stops).
  case trackSiftLive
  /// TrackSift's refined output (the live one after the RTS smoother).
  case trackSiftRefined

  /// The name in tables.
  public var name: String {
    switch self {
    case .raw: "raw fixes"
    case .runningApp: "running app"
    case .walkingApp: "walking app"
    case .speedometer: "speedometer"
    case .fitnessTracker: "fitness tracker"
    case .plainKalmanRTS: "plain Kalman+RTS"
    case .movingAverage: "3-point average"
    case .trackSiftLive: "TrackSift live"
    case .trackSiftRefined: "TrackSift refined"
    }
  }
}

/// What one pipeline made of a recording, per fix of the track (segments flattened in order).
public struct PipelineOutput: Sendable {
  /// The pipeline.
  public var pipeline: EvaluatedPipeline
  /// The output position of each fix; `nil` where the pipeline refused it.
  public var positions: [Coordinate?]
  /// Whether the pipeline counted the interval ending at each fix as moving (false where
  /// refused).
  public var isMoving: [Bool]
  /// The speed a live display would show after each fix, in meters per second; `nil` where
  /// it shows none.
  public var displayedSpeeds: [Double?]
  /// The distance the pipeline reports, in meters.
  public var distanceMeters: Double
  /// The climb it reports, in meters; `nil` where the fixes have no altitude.
  public var elevationGainMeters: Double?
  /// The climb it reports when given a terrain model (a DEM), in meters; `nil` without one,
  /// or for a pipeline that takes none (only TrackSift's do).
  public var elevationGainWithDEMMeters: Double?
  /// The moving time it reports, in seconds.
  public var movingTimeSeconds: Double?
  /// The indices (into the fixes) of the simplified route's points, where the pipeline
  /// simplifies.
  public var simplifiedIndices: [Int]?
}
