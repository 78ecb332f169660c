/// The figures of an activity: distance, times, speeds, pace, splits and elevation.
///
/// Any figure that needs time is `nil` for a track without timestamps: pace is then undefined,
/// never zero.
///
/// One definition of each figure serves the raw, live and refined figures, every command, the
/// store and the live panel (``MetricsAccumulator`` computes them all). The times count the
/// fixes whose time the pipeline trusts: every sample (an accepted fix; for the raw figures,
/// every in-range fix), and every fix refused for its position or accuracy rather than for its
/// time (``RejectionReason/keepsTime``). A fix refused as ``RejectionReason/timeJump``,
/// ``RejectionReason/outOfOrder`` or ``RejectionReason/duplicateTimestamp`` never stretches
/// them. Each second is counted once, so for every set of figures
/// `moving <= timer <= elapsed`, `average speed <= maximum speed` and
/// `best 10 s <= best 2 s <= maximum speed`, and all are finite.
public struct ActivityMetrics: Sendable, Hashable, Codable {
  /// Distance in meters: summed within segments only, and only while moving.
  public var distanceMeters: Double
  /// From the first to the last fix whose time is trusted, pauses and gaps included, in
  /// seconds.
  public var elapsedTimeSeconds: Double?
  /// Time inside segments, from each segment's first fix whose time is trusted to its last
  /// (pauses between segments excluded; a time covered by two segments counted once), in
  /// seconds; at most the elapsed time.
  public var timerTimeSeconds: Double?
  /// Time spent moving, in seconds: the intervals between consecutive samples of a segment
  /// whose later sample is moving (stops excluded); at most the timer time.
  public var movingTimeSeconds: Double?
  /// Distance over moving time, in meters per second.
  public var averageSpeedMetersPerSecond: Double?
  /// Highest speed, in meters per second: the highest speed that counted at a sample (for the
  /// live and refined figures, an accepted satellite fix's validated reported speed, never one
  /// derived from positions; for the raw figures, any valid reported speed), and at least the
  /// highest speed held over 30 seconds of moving time whose distance counts, and the average
  /// speed: whoever covers a distance in a time went at least that fast.
  public var maximumSpeedMetersPerSecond: Double?
  /// The highest average speed over any 2 seconds of moving time (the speed sailors' "best
  /// 2 s"), in meters per second: the speeds that count for the maximum, each held over the
  /// interval that ends at its sample, averaged time-weighted over the window (see
  /// ``BestWindowSpeeds``). A window lies within one run of moving intervals that each have
  /// such a speed and last at most ``MetricsAccumulator/longestSpeedIntervalSeconds``; `nil`
  /// when no run lasts 2 s or the track has no times. At most the maximum speed.
  public var bestTwoSecondSpeedMetersPerSecond: Double?
  /// The same over 10 seconds ("best 10 s"); at most the best 2 s.
  public var bestTenSecondSpeedMetersPerSecond: Double?
  /// Moving time per kilometer, in seconds.
  public var averagePaceSecondsPerKilometer: Double?
  /// Total climb in meters. The raw and live figures count the fixes' altitudes past a dead
  /// band (see ``ElevationAccumulator``); the refined figures count the best altitude there is,
  /// smoothed, swing by swing (see ``ClimbSummary`` and ``SwingCounter``).
  public var elevationGainMeters: Double?
  /// Total descent in meters (a positive number), counted as the climb is.
  public var elevationLossMeters: Double?
  /// Lowest altitude in meters.
  public var minimumAltitudeMeters: Double?
  /// Highest altitude in meters.
  public var maximumAltitudeMeters: Double?
  /// Number of altitude jumps faster than a body climbs (spikes refused, and steps to a new
  /// level) that the climb left out (see ``ElevationAccumulator`` and, for the refined
  /// figures, ``VerticalSmoother``), or `nil` without altitude.
  /// The fixes' positions are not affected.
  public var refusedAltitudeJumpCount: Int?
  /// Kilometer splits, the last one partial.
  public var kilometerSplits: [Split]
  /// Mile splits, the last one partial.
  public var mileSplits: [Split]
  /// Number of fixes that contributed.
  public var fixCount: Int
  /// Number of segments that contributed at least one fix.
  public var segmentCount: Int

  /// Creates metrics.
  public init(
    distanceMeters: Double = 0, elapsedTimeSeconds: Double? = nil, timerTimeSeconds: Double? = nil,
    movingTimeSeconds: Double? = nil, averageSpeedMetersPerSecond: Double? = nil,
    maximumSpeedMetersPerSecond: Double? = nil,
    bestTwoSecondSpeedMetersPerSecond: Double? = nil,
    bestTenSecondSpeedMetersPerSecond: Double? = nil,
    averagePaceSecondsPerKilometer: Double? = nil,
    elevationGainMeters: Double? = nil, elevationLossMeters: Double? = nil,
    minimumAltitudeMeters: Double? = nil, maximumAltitudeMeters: Double? = nil,
    refusedAltitudeJumpCount: Int? = nil,
    kilometerSplits: [Split] = [], mileSplits: [Split] = [], fixCount: Int = 0,
    segmentCount: Int = 0
  ) {
    self.distanceMeters = distanceMeters
    self.elapsedTimeSeconds = elapsedTimeSeconds
    self.timerTimeSeconds = timerTimeSeconds
    self.movingTimeSeconds = movingTimeSeconds
    self.averageSpeedMetersPerSecond = averageSpeedMetersPerSecond
    self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
    self.bestTwoSecondSpeedMetersPerSecond = bestTwoSecondSpeedMetersPerSecond
    self.bestTenSecondSpeedMetersPerSecond = bestTenSecondSpeedMetersPerSecond
    self.averagePaceSecondsPerKilometer = averagePaceSecondsPerKilometer
    self.elevationGainMeters = elevationGainMeters
    self.elevationLossMeters = elevationLossMeters
    self.minimumAltitudeMeters = minimumAltitudeMeters
    self.maximumAltitudeMeters = maximumAltitudeMeters
    self.refusedAltitudeJumpCount = refusedAltitudeJumpCount
    self.kilometerSplits = kilometerSplits
    self.mileSplits = mileSplits
    self.fixCount = fixCount
    self.segmentCount = segmentCount
  }
}
