import TrackSift

/// The grade figures of an activity as a document: the steepest windows, the grade-adjusted
/// pace and the VAM (see `GradeFigures` in TrackSift), and, where asked for, the windows
/// themselves (``Window``).
public struct GradeSummary: Encodable, Sendable, Hashable {
  /// The length of a grade window, in meters.
  public var windowMeters: Double
  /// The steepest uphill window's grade, in percent; `nil` without one.
  public var steepestUphillPercent: Double?
  /// The steepest downhill window's grade, in percent (negative); `nil` without one.
  public var steepestDownhillPercent: Double?
  /// The moving distance whose grade is known, in meters.
  public var gradedMovingMeters: Double
  /// The flat distance that costs a runner as much as the moving distance, in meters.
  public var gradeAdjustedMeters: Double
  /// Grade-adjusted pace, in seconds per kilometer.
  public var gradeAdjustedPaceSecondsPerKilometer: Double?
  /// VAM over the climbing windows, in meters per hour.
  public var vamMetersPerHour: Double?
  /// The best sustained climb's VAM, in meters per hour.
  public var bestClimbVAMMetersPerHour: Double?
  /// The best sustained climb's ascent, in meters.
  public var bestClimbAscentMeters: Double?
  /// The windows in order along the route, each ``windowMeters`` long, for a chart or a
  /// filter; `nil` (absent from the JSON) when the summary leaves them out, as a batch row
  /// does.
  public var windows: [Window]?

  /// The summary of `figures`, without its windows.
  public init(_ figures: GradeFigures) {
    windowMeters = figures.windowMeters
    steepestUphillPercent = figures.steepestUphill?.gradePercent
    steepestDownhillPercent = figures.steepestDownhill?.gradePercent
    gradedMovingMeters = figures.gradedMovingMeters
    gradeAdjustedMeters = figures.gradeAdjustedMeters
    gradeAdjustedPaceSecondsPerKilometer = figures.gradeAdjustedPaceSecondsPerKilometer
    vamMetersPerHour = figures.vamMetersPerHour
    bestClimbVAMMetersPerHour = figures.bestClimb?.vamMetersPerHour
    bestClimbAscentMeters = figures.bestClimb?.ascentMeters
  }

  /// The summary of `figures` with its windows, their times counted from `startSeconds`.
  /// - Parameters:
  ///   - figures: the grade figures.
  ///   - startSeconds: the time the windows' times count from, in seconds on the fixes' clock
  ///     (`Fix.timeSeconds`), usually the track's first fix with a time; `nil` leaves the
  ///     windows' times out.
  /// - Complexity: O(windows).
  public init(_ figures: GradeFigures, windowsTimedFrom startSeconds: Double?) {
    self.init(figures)
    windows = figures.windows.map { Window($0, since: startSeconds) }
  }
}
