/// The grade profile of a track and the figures drawn from it: the steepest windows, the
/// grade-adjusted pace for running and the VAM for cycling.
///
/// **Grade-adjusted pace.** Every meter covered moving inside a window counts as
/// ``MinettiRunningCost/flatEquivalentFactor(grade:)`` meters on the flat; a meter covered
/// moving outside any window (before a segment's first altitude, in the last part of a segment
/// shorter than a window, across a stretch without altitudes) counts as one, its grade being
/// unknown. The grade-adjusted pace is the moving time over that flat-equivalent distance, so
/// on flat ground it equals the moving pace, and on a climb it is faster than the pace. Only
/// intervals between fixes that both have a time count, moving time and distance alike.
///
/// **VAM** (velocità ascensionale media). The meters climbed per hour on climbing windows:
/// windows whose grade is at least ``GradeAccumulator/Configuration/climbingGrade`` and that
/// hold some moving time. The climb is the windows' ``GradeWindow/movingRiseMeters``, the time
/// their moving time, so a stop on a climb neither adds to the time nor takes from the rate,
/// and descents and flat stretches between climbs are left out.
public struct GradeFigures: Sendable, Hashable {
  /// The length of a grade window, in meters.
  public let windowMeters: Double
  /// The windows in order along the route, for charts.
  public internal(set) var windows: [GradeWindow] = []
  /// The window with the highest grade, when one climbs (grade above 0); the first of equals.
  public internal(set) var steepestUphill: GradeWindow?
  /// The window with the lowest grade, when one descends (grade below 0); the first of equals.
  public internal(set) var steepestDownhill: GradeWindow?
  /// The distance covered moving between timed fixes, in meters, inside windows or not.
  public internal(set) var movingMeters = 0.0
  /// The time spent moving between timed fixes, in seconds.
  public internal(set) var movingSeconds = 0.0
  /// The part of ``movingMeters`` inside windows, whose grade is known, in meters.
  public internal(set) var gradedMovingMeters = 0.0
  /// The distance on the flat that costs a runner as much as the moving distance, in meters
  /// (Minetti et al. 2002; see ``MinettiRunningCost``).
  public internal(set) var gradeAdjustedMeters = 0.0
  /// The climb made while moving on climbing windows, in meters.
  public internal(set) var climbingAscentMeters = 0.0
  /// The moving time spent on climbing windows, in seconds.
  public internal(set) var climbingSeconds = 0.0
  /// The climb with the highest VAM among those of at least
  /// ``GradeAccumulator/Configuration/minimumClimbSeconds`` of moving time; the first of
  /// equals.
  public internal(set) var bestClimb: GradeClimb?

  init(windowMeters: Double) {
    self.windowMeters = windowMeters
  }

  /// The grade-adjusted pace: moving time per kilometer of ``gradeAdjustedMeters``, in
  /// seconds per kilometer; `nil` without moving time or distance.
  public var gradeAdjustedPaceSecondsPerKilometer: Double? {
    guard movingSeconds > 0, gradeAdjustedMeters > 0 else { return nil }
    return movingSeconds / gradeAdjustedMeters * 1_000
  }

  /// The grade-adjusted speed: ``gradeAdjustedMeters`` per second of moving time, in meters
  /// per second; `nil` without moving time.
  public var gradeAdjustedSpeedMetersPerSecond: Double? {
    movingSeconds > 0 ? gradeAdjustedMeters / movingSeconds : nil
  }

  /// The VAM: ``climbingAscentMeters`` per hour of ``climbingSeconds``, in meters per hour;
  /// `nil` without a climbing window.
  public var vamMetersPerHour: Double? {
    climbingSeconds > 0 ? climbingAscentMeters / climbingSeconds * 3_600 : nil
  }
}
