/// A cleaned track (see ``TrackAnalysis/cleaned(from:smoothing:toleranceMeters:)``) with the
/// segment of the analysed track each of its segments comes from.
public struct CleanedTrack: Sendable, Hashable {
  /// The cleaned fixes.
  public var track: Track
  /// For each of ``track``'s segments, the index of the analysed track's segment it was made
  /// from; one input segment may give several (where the path resumed away from a held
  /// position), in order.
  public var sourceSegments: [Int]

  /// Creates a cleaned track.
  public init(track: Track, sourceSegments: [Int]) {
    self.track = track
    self.sourceSegments = sourceSegments
  }
}
