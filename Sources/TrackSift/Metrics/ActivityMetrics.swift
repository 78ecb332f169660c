/// The figures of an activity: distance, times, speeds, pace, splits and elevation.
///
/// Any figure that needs time is `nil` for a track without timestamps: pace is then undefined,
/// never zero.
public struct ActivityMetrics: Sendable, Hashable, Codable {
  /// Distance in meters: summed within segments only, and only while moving.
  public var distanceMeters: Double
  /// From the first to the last timed fix, pauses and gaps included, in seconds.
  public var elapsedTimeSeconds: Double?
  /// Time inside segments (pauses between segments excluded), in seconds.
  public var timerTimeSeconds: Double?
  /// Time spent moving (stops excluded), in seconds.
  public var movingTimeSeconds: Double?
  /// Distance over moving time, in meters per second.
  public var averageSpeedMetersPerSecond: Double?
  /// Highest speed from accepted satellite fixes, in meters per second.
  public var maximumSpeedMetersPerSecond: Double?
  /// Moving time per kilometer, in seconds.
  public var averagePaceSecondsPerKilometer: Double?
  /// Total climb in meters, after the noise dead band (see ``ElevationAccumulator``).
  public var elevationGainMeters: Double?
  /// Total descent in meters, after the noise dead band.
  public var elevationLossMeters: Double?
  /// Lowest altitude in meters.
  public var minimumAltitudeMeters: Double?
  /// Highest altitude in meters.
  public var maximumAltitudeMeters: Double?
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
    maximumSpeedMetersPerSecond: Double? = nil, averagePaceSecondsPerKilometer: Double? = nil,
    elevationGainMeters: Double? = nil, elevationLossMeters: Double? = nil,
    minimumAltitudeMeters: Double? = nil, maximumAltitudeMeters: Double? = nil,
    kilometerSplits: [Split] = [], mileSplits: [Split] = [], fixCount: Int = 0,
    segmentCount: Int = 0
  ) {
    self.distanceMeters = distanceMeters
    self.elapsedTimeSeconds = elapsedTimeSeconds
    self.timerTimeSeconds = timerTimeSeconds
    self.movingTimeSeconds = movingTimeSeconds
    self.averageSpeedMetersPerSecond = averageSpeedMetersPerSecond
    self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
    self.averagePaceSecondsPerKilometer = averagePaceSecondsPerKilometer
    self.elevationGainMeters = elevationGainMeters
    self.elevationLossMeters = elevationLossMeters
    self.minimumAltitudeMeters = minimumAltitudeMeters
    self.maximumAltitudeMeters = maximumAltitudeMeters
    self.kilometerSplits = kilometerSplits
    self.mileSplits = mileSplits
    self.fixCount = fixCount
    self.segmentCount = segmentCount
  }
}
