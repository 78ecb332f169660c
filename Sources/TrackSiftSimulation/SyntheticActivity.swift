import TrackSift

/// A simulated recording: the fixes a device would report, and the truth beside them.
public struct SyntheticActivity: Sendable, Hashable {
  /// The reported fixes, one segment.
  public var track: Track
  /// The true position at each second.
  public var truth: [TruthPoint]
  /// The true distance travelled in meters.
  public var truthDistanceMeters: Double

  /// Creates an activity.
  public init(track: Track, truth: [TruthPoint], truthDistanceMeters: Double) {
    self.track = track
    self.truth = truth
    self.truthDistanceMeters = truthDistanceMeters
  }
}
