/// A climb: consecutive climbing windows of one stretch of altitude profile, with the rate of
/// climb held over it.
///
/// A window is climbing when its grade is at least
/// ``GradeAccumulator/Configuration/climbingGrade`` and some of it was covered moving with
/// times; a climb ends at the first window that is not, at a segment break and where the
/// altitude profile stops (see ``GradeAccumulator``).
public struct GradeClimb: Sendable, Hashable {
  /// Where the climb starts, in meters of cumulative distance along the route.
  public let startMeters: Double
  /// Where the climb ends, in meters of cumulative distance along the route.
  public let endMeters: Double
  /// The climb made while moving, in meters: the sum of its windows'
  /// ``GradeWindow/movingRiseMeters``.
  public let ascentMeters: Double
  /// The time spent moving on the climb, in seconds (stops left out).
  public let movingSeconds: Double

  /// Creates a climb.
  /// - Parameters:
  ///   - startMeters: the start, in meters of cumulative distance.
  ///   - endMeters: the end, in meters of cumulative distance.
  ///   - ascentMeters: the climb made while moving, in meters.
  ///   - movingSeconds: the time spent moving, in seconds.
  public init(startMeters: Double, endMeters: Double, ascentMeters: Double, movingSeconds: Double) {
    self.startMeters = startMeters
    self.endMeters = endMeters
    self.ascentMeters = ascentMeters
    self.movingSeconds = movingSeconds
  }

  /// The climb's VAM (velocità ascensionale media): meters climbed per hour of moving time, or
  /// `nil` without moving time.
  public var vamMetersPerHour: Double? {
    movingSeconds > 0 ? ascentMeters / movingSeconds * 3_600 : nil
  }
}
