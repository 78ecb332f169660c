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
  /// Whether the traveller was moving (true speed above zero).
  public var isMoving: Bool
  /// The ground's elevation there in meters, if known.
  public var elevationMeters: Double?

  /// Creates a truth point.
  /// - Parameters:
  ///   - timeSeconds: Time in seconds since 2001-01-01 UTC.
  ///   - coordinate: The true position.
  ///   - speedMetersPerSecond: The true speed in meters per second.
  ///   - distanceMeters: Distance travelled along the route since the start, in meters.
  ///   - isMoving: Whether the traveller was moving; `nil` (the default) means "when the speed
  ///     is above zero".
  ///   - elevationMeters: The ground's elevation in meters, if known.
  public init(
    timeSeconds: Double, coordinate: Coordinate, speedMetersPerSecond: Double,
    distanceMeters: Double, isMoving: Bool? = nil, elevationMeters: Double? = nil
  ) {
    self.timeSeconds = timeSeconds
    self.coordinate = coordinate
    self.speedMetersPerSecond = speedMetersPerSecond
    self.distanceMeters = distanceMeters
    self.isMoving = isMoving ?? (speedMetersPerSecond > 0)
    self.elevationMeters = elevationMeters
  }
}
