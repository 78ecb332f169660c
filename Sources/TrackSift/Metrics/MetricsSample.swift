/// One step of an activity as the metrics see it: a position already judged and filtered, with
/// the motion layer's opinion on whether the person is moving.
public struct MetricsSample: Sendable, Hashable {
  /// Fix time in seconds since 2001-01-01 UTC, or `nil` for an untimed fix.
  public var timeSeconds: Double?
  /// The (filtered) position.
  public var coordinate: Coordinate
  /// A valid altitude, if any.
  public var altitudeMeters: Double?
  /// The altitude's stated accuracy in meters, if any; it widens the elevation dead band.
  public var verticalAccuracyMeters: Double?
  /// Whether the fix states a vertical accuracy or its receiver's quality (dilution of
  /// precision, satellites): its altitude is a GNSS receiver's, never a barometer's.
  public var statesAltitudeQuality: Bool
  /// The position's stated horizontal accuracy in meters, if any: a GNSS altitude stating no
  /// vertical accuracy wanders by about one and a half times it.
  public var horizontalAccuracyMeters: Double?
  /// Speed in meters per second for the maximum, or `nil` when it must not count (estimated
  /// readings, network fixes, unknown speed).
  public var speedForMaximumMetersPerSecond: Double?
  /// Whether the person is moving over the interval that ends at this sample.
  public var isMoving: Bool
  /// Whether the interval ending here may count for the highest speed held over a stretch
  /// (which the maximum speed is never below): `false` where the fix's speed was refused
  /// (``SpeedVerdict``), so positions dead-reckoned along a speed spike set no maximum.
  public var countsForSustainedSpeed: Bool
  /// Whether the step into this sample counts as distance though the person is not moving: a
  /// stop during which the positions crept further than their accuracy explains (a car rolling
  /// up to the line at a red light). Its time stays stopped time.
  public var isCreeping: Bool
  /// The length of the path into this sample in meters, where it is not the straight step
  /// from the sample before: the smoother's path across a signal loss (``GapPath``). It counts
  /// for the distance; the speed held over a stretch takes the straight step.
  public var pathMeters: Double?
  /// Whether the step into this sample crosses a signal gap or a re-anchoring of the filter:
  /// a stop that contains such a step counts no net movement (see
  /// ``MetricsAccumulator/countsStopMovement``).
  public var crossesGap: Bool

  /// Creates a sample.
  public init(
    timeSeconds: Double?, coordinate: Coordinate, altitudeMeters: Double? = nil,
    verticalAccuracyMeters: Double? = nil, speedForMaximumMetersPerSecond: Double? = nil,
    isMoving: Bool = true, countsForSustainedSpeed: Bool = true, isCreeping: Bool = false,
    pathMeters: Double? = nil, statesAltitudeQuality: Bool = false,
    horizontalAccuracyMeters: Double? = nil, crossesGap: Bool = false
  ) {
    self.timeSeconds = timeSeconds
    self.coordinate = coordinate
    self.altitudeMeters = altitudeMeters
    self.verticalAccuracyMeters = verticalAccuracyMeters
    self.speedForMaximumMetersPerSecond = speedForMaximumMetersPerSecond
    self.isMoving = isMoving
    self.countsForSustainedSpeed = countsForSustainedSpeed
    self.isCreeping = isCreeping
    self.pathMeters = pathMeters
    self.statesAltitudeQuality = statesAltitudeQuality
    self.horizontalAccuracyMeters = horizontalAccuracyMeters
    self.crossesGap = crossesGap
  }
}
