import TrackSift

/// Where the simulated person really was at one instant.
public struct TruthPoint: Sendable, Hashable, Codable {
  /// Time in seconds since 2001-01-01 UTC.
  public var timeSeconds: Double
  /// The true position.
  public var coordinate: Coordinate
  /// The true speed in meters per second.
  public var speedMetersPerSecond: Double
  /// Distance travelled along the route since the start, in meters.
  public var distanceMeters: Double

  /// Creates a truth point.
  public init(
    timeSeconds: Double, coordinate: Coordinate, speedMetersPerSecond: Double,
    distanceMeters: Double
  ) {
    self.timeSeconds = timeSeconds
    self.coordinate = coordinate
    self.speedMetersPerSecond = speedMetersPerSecond
    self.distanceMeters = distanceMeters
  }
}
