/// An unbroken run of fixes: recording was not paused and the receiver was not reset between them.
public struct Segment: Sendable, Hashable, Codable {
  /// The fixes in recording order.
  public var fixes: [Fix]

  /// Creates a segment.
  public init(fixes: [Fix] = []) {
    self.fixes = fixes
  }
}
