import TrackSift

/// The truth behind one reported fix.
public struct FixTruth: Sendable, Hashable {
  /// Where the traveller really was at the time the fix's position belongs to (for a duplicate,
  /// out-of-order or repeated fix, the time the position was really measured; for a cached start
  /// fix, which belongs to before the recording, the position at the start).
  public var trueCoordinate: Coordinate
  /// The ground's elevation there, in meters (what a fix's altitude measures).
  public var trueElevationMeters: Double
  /// The true speed at that time, in meters per second.
  public var trueSpeedMetersPerSecond: Double
  /// Whether the traveller was moving at that time.
  public var isMoving: Bool
  /// What kind of fix it is.
  public var kind: FixKind

  /// Creates a fix truth.
  public init(
    trueCoordinate: Coordinate, trueElevationMeters: Double, trueSpeedMetersPerSecond: Double,
    isMoving: Bool, kind: FixKind
  ) {
    self.trueCoordinate = trueCoordinate
    self.trueElevationMeters = trueElevationMeters
    self.trueSpeedMetersPerSecond = trueSpeedMetersPerSecond
    self.isMoving = isMoving
    self.kind = kind
  }
}
