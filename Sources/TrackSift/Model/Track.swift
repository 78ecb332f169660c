/// A recorded activity: named segments of fixes. Distance never bridges two segments.
public struct Track: Sendable, Hashable, Codable {
  /// The track's name, when the source gives one.
  public var name: String?
  /// The segments in recording order.
  public var segments: [Segment]

  /// Creates a track.
  public init(name: String? = nil, segments: [Segment] = []) {
    self.name = name
    self.segments = segments
  }

  /// Every fix of every segment, in order.
  public var allFixes: [Fix] { segments.flatMap(\.fixes) }

  /// Number of fixes over all segments.
  public var fixCount: Int { segments.reduce(0) { $0 + $1.fixes.count } }
}
