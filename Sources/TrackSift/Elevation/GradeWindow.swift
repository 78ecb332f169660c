/// One distance window of a grade profile: where it starts and ends along the route, when, at
/// what altitude, and the motion counted inside it.
///
/// A window's edges fall where the window length says, usually between two fixes; the
/// altitude and time at an edge are interpolated linearly in distance between the fixes on
/// either side.
public struct GradeWindow: Sendable, Hashable {
  /// Where the window starts, in meters of cumulative distance along the route.
  public let startMeters: Double
  /// Where the window ends, in meters of cumulative distance along the route.
  public let endMeters: Double
  /// When the window starts, in seconds on the fixes' clock; `nil` when a fix on either side
  /// of the edge has no time.
  public let startSeconds: Double?
  /// When the window ends, in seconds on the fixes' clock; `nil` when a fix on either side of
  /// the edge has no time.
  public let endSeconds: Double?
  /// The altitude at the window's start, in meters.
  public let startAltitudeMeters: Double
  /// The altitude at the window's end, in meters.
  public let endAltitudeMeters: Double
  /// The distance inside the window covered while moving between fixes that both have a
  /// time, in meters.
  public let movingMeters: Double
  /// The time inside the window spent moving, in seconds (stops left out).
  public let movingSeconds: Double

  /// Creates a window.
  /// - Parameters:
  ///   - startMeters: the start, in meters of cumulative distance.
  ///   - endMeters: the end, in meters of cumulative distance; more than `startMeters`.
  ///   - startSeconds: the time at the start, in seconds, if known.
  ///   - endSeconds: the time at the end, in seconds, if known.
  ///   - startAltitudeMeters: the altitude at the start, in meters.
  ///   - endAltitudeMeters: the altitude at the end, in meters.
  ///   - movingMeters: the distance covered moving inside the window, in meters.
  ///   - movingSeconds: the time spent moving inside the window, in seconds.
  public init(
    startMeters: Double, endMeters: Double, startSeconds: Double?, endSeconds: Double?,
    startAltitudeMeters: Double, endAltitudeMeters: Double, movingMeters: Double,
    movingSeconds: Double
  ) {
    self.startMeters = startMeters
    self.endMeters = endMeters
    self.startSeconds = startSeconds
    self.endSeconds = endSeconds
    self.startAltitudeMeters = startAltitudeMeters
    self.endAltitudeMeters = endAltitudeMeters
    self.movingMeters = movingMeters
    self.movingSeconds = movingSeconds
  }

  /// The window's length along the route, in meters.
  public var lengthMeters: Double { endMeters - startMeters }

  /// The altitude gained over the window, in meters; negative on a descent.
  public var riseMeters: Double { endAltitudeMeters - startAltitudeMeters }

  /// The grade: rise over run, as a fraction (0.1 is a 10 % climb, -0.1 a 10 % descent). The
  /// run is the window's length in the caller's distance, which is horizontal when measured
  /// between positions on the ellipsoid, as TrackSift's distances are.
  public var grade: Double { riseMeters / lengthMeters }

  /// The grade in percent (10 for a 10 % climb).
  public var gradePercent: Double { grade * 100 }

  /// The climb made while moving, in meters: the grade times the distance covered moving,
  /// which is the whole rise when no part of the window was stopped or untimed. Negative on a
  /// descent.
  public var movingRiseMeters: Double { grade * movingMeters }
}
