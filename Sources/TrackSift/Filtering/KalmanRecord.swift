/// The filtered state after one accepted fix, as ``RTSSmoother`` needs it.
///
/// Records are self-contained (the position is kept as latitude and longitude, not in a plane
/// whose origin may move), so a segment's records can be smoothed without the filter. A record
/// takes about 100 bytes.
public struct KalmanRecord: Sendable, Hashable {
  /// Filtered latitude in degrees.
  public var latitudeDegrees: Double
  /// Filtered longitude in degrees.
  public var longitudeDegrees: Double
  /// Filtered east velocity in meters per second.
  public var eastVelocityMetersPerSecond: Double
  /// Filtered north velocity in meters per second.
  public var northVelocityMetersPerSecond: Double
  /// East axis covariance: position variance (m^2), position-velocity covariance (m^2/s),
  /// velocity variance (m^2/s^2).
  public var eastCovariance: (position: Double, cross: Double, velocity: Double)
  /// North axis covariance, as ``eastCovariance``.
  public var northCovariance: (position: Double, cross: Double, velocity: Double)
  /// Seconds from the previous record of the same run (0 for the first).
  public var intervalSeconds: Double
  /// The spectral density of the process noise used to predict this record (m^2/s^3).
  public var spectralDensity: Double
  /// True when the filter started afresh at this fix (first fix, long gap, re-anchor): the
  /// smoother does not join it to the record before.
  public var startsRun: Bool

  /// The filtered position.
  public var coordinate: Coordinate {
    Coordinate(latitudeDegrees: latitudeDegrees, longitudeDegrees: longitudeDegrees)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.latitudeDegrees == rhs.latitudeDegrees && lhs.longitudeDegrees == rhs.longitudeDegrees
      && lhs.eastVelocityMetersPerSecond == rhs.eastVelocityMetersPerSecond
      && lhs.northVelocityMetersPerSecond == rhs.northVelocityMetersPerSecond
      && lhs.eastCovariance == rhs.eastCovariance && lhs.northCovariance == rhs.northCovariance
      && lhs.intervalSeconds == rhs.intervalSeconds && lhs.spectralDensity == rhs.spectralDensity
      && lhs.startsRun == rhs.startsRun
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(latitudeDegrees)
    hasher.combine(longitudeDegrees)
    hasher.combine(intervalSeconds)
  }
}
