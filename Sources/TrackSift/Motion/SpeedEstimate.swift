/// A speed over ground, and whether the receiver reported it or it was derived from positions.
public struct SpeedEstimate: Sendable, Hashable {
  /// Where a speed came from.
  public enum Source: Sendable, Hashable {
    /// The receiver's own (Doppler) speed.
    case reported
    /// Geodesic distance over time between two consecutive fixes.
    case derived
  }

  /// The speed in meters per second; never negative.
  public var metersPerSecond: Double
  /// Where the speed came from.
  public var source: Source

  /// Creates an estimate.
  ///
  /// - Parameters:
  ///   - metersPerSecond: the speed in meters per second.
  ///   - source: where it came from.
  public init(metersPerSecond: Double, source: Source) {
    self.metersPerSecond = metersPerSecond
    self.source = source
  }
}
