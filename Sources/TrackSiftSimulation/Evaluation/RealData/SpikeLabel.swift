/// What is known of a labelled spike log: the spike's speed and the fastest genuine speed.
public struct SpikeLabel: Sendable, Hashable, Codable {
  /// The log's file name.
  public var file: String
  /// The labelled spike's reported speed, in meters per second (the log's highest).
  public var spikeMetersPerSecond: Double
  /// The log's fastest genuine speed, in meters per second: every speed above it by more
  /// than ``SpikeLogScore/toleranceFraction`` is a spike, and it must be kept within that.
  public var genuineTopMetersPerSecond: Double

  /// Creates a label.
  public init(file: String, spikeMetersPerSecond: Double, genuineTopMetersPerSecond: Double) {
    self.file = file
    self.spikeMetersPerSecond = spikeMetersPerSecond
    self.genuineTopMetersPerSecond = genuineTopMetersPerSecond
  }
}
