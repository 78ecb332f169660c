import TrackSift

extension EvaluationTruth {
  /// The full truth of a simulated recording.
  ///
  /// Spikes, ramp-and-snap fixes, the first fix after a gap, a cached start and network
  /// positions count as bad fixes; static-hold repeats and fixes with a duplicate or
  /// out-of-order time are neither good nor bad (their position is right, their time is not),
  /// so they count in no spike or rejection figure.
  public init(recording: ScenarioRecording) {
    self.init(
      fixes: recording.fixTruths.map { truth in
        let isBad: Bool? =
          switch truth.kind {
          case .good: false
          case .spike, .rampAndSnap, .firstAfterGap, .cachedStart, .network: true
          case .staticHold, .duplicateTimestamp, .outOfOrder: nil
          }
        return FixSample(
          coordinate: truth.trueCoordinate, speedMetersPerSecond: truth.trueSpeedMetersPerSecond,
          isMoving: truth.isMoving, isBad: isBad)
      },
      path: recording.truth, distanceMeters: recording.truthDistanceMeters,
      elevationGainMeters: recording.truthElevationGainMeters,
      movingTimeSeconds: recording.truthMovingTimeSeconds, stops: recording.stops,
      startTimeSeconds: recording.truth.first?.timeSeconds,
      features: recording.features)
  }
}

extension EvaluationCase {
  /// A simulated recording as a case named `environment/device/activity/seed`, with the route
  /// after the activity when it is not the street grid (`forest/watch/running/hill/1`).
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - elevationModel: A terrain model of its ground, such as a ``SimulatedDEM``, to score
  ///     TrackSift's climb with it as well (``ScoreCard/elevationGainWithDEMErrorPercent``).
  public init(recording: ScenarioRecording, elevationModel: (any ElevationModel)? = nil) {
    let configuration = recording.configuration
    let route =
      configuration.route == .streetGrid ? "" : "/\(configuration.route.name)"
    self.init(
      name: "\(configuration.environment.rawValue)/\(configuration.device.rawValue)/"
        + "\(configuration.activity.rawValue)\(route)/\(configuration.seed)",
      track: recording.track, truth: EvaluationTruth(recording: recording),
      activity: configuration.activity, elevationModel: elevationModel)
  }
}
