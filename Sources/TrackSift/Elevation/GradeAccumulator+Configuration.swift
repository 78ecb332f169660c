extension GradeAccumulator {
  /// The knobs of the grade profile, the grade-adjusted pace and the VAM.
  public struct Configuration: Sendable, Hashable {
    /// The length of a grade window along the route, in meters; 100 by default.
    ///
    /// A grade is a difference of two altitudes over the window's length, so an error of
    /// `e` meters at the edges becomes up to `2e / length` of grade: 1 m over 20 m is 5 %
    /// (10 % at worst), over 100 m 1 % (2 % at worst). With the half-meter to meter that a
    /// smoothed barometric or terrain-model altitude still carries, 100 m keeps the grade
    /// within a percent or two while still resolving a hill of a few hundred meters and
    /// giving a road or trail climb's steepest stretch.
    public let windowMeters: Double
    /// The longest stretch of fixes without an altitude across which the altitude is
    /// interpolated, in meters from the last fix with one to the next; 100 by default (one
    /// window). Over a longer stretch a window's grade would be invented, so the windows stop
    /// there and start afresh at the next altitude, the distance in between counted as flat
    /// for the grade-adjusted pace. Consecutive fixes that both have an altitude are
    /// interpolated between however far apart they are.
    public let maximumAltitudeGapMeters: Double
    /// The lowest grade of a climbing window, as a fraction; 0.03 (3 %) by default. A 100 m
    /// window's grade wanders by a percent or two with altitude noise, so a lower threshold
    /// would count flat and rolling roads as climbing and pull the VAM down with them.
    public let climbingGrade: Double
    /// The shortest moving time of a climb for ``GradeFigures/bestClimb``, in seconds; 600
    /// (10 minutes) by default. A climb of a minute or two is ridden partly on anaerobic
    /// reserves at a rate no one holds; ten minutes leaves those ramps out while keeping a
    /// climb of a few kilometers.
    public let minimumClimbSeconds: Double

    /// Creates a configuration; a value that is not finite and positive (zero allowed for the
    /// climbing grade and the climb's time) is replaced by its default.
    /// - Parameters:
    ///   - windowMeters: the length of a grade window, in meters.
    ///   - maximumAltitudeGapMeters: the longest distance an altitude is interpolated across,
    ///     in meters.
    ///   - climbingGrade: the lowest grade of a climbing window, as a fraction.
    ///   - minimumClimbSeconds: the shortest moving time of a best climb, in seconds.
    public init(
      windowMeters: Double = 100, maximumAltitudeGapMeters: Double = 100,
      climbingGrade: Double = 0.03, minimumClimbSeconds: Double = 600
    ) {
      self.windowMeters = windowMeters.isFinite && windowMeters > 0 ? windowMeters : 100
      self.maximumAltitudeGapMeters =
        maximumAltitudeGapMeters.isFinite && maximumAltitudeGapMeters > 0
        ? maximumAltitudeGapMeters : 100
      self.climbingGrade = climbingGrade.isFinite && climbingGrade >= 0 ? climbingGrade : 0.03
      self.minimumClimbSeconds =
        minimumClimbSeconds.isFinite && minimumClimbSeconds >= 0 ? minimumClimbSeconds : 600
    }
  }
}
