/// An unbroken run of fixes: recording was not paused and the receiver was not reset between them.
public struct Segment: Sendable, Hashable, Codable {
  /// The fixes in recording order.
  public var fixes: [Fix]

  /// Creates a segment.
  public init(fixes: [Fix] = []) {
    self.fixes = fixes
  }

  /// Whether the segment's times can drive the motion model, and if not, why (see
  /// ``TimeUsability/init(times:)`` for the rule).
  ///
  /// - Complexity: O(n) in the fixes.
  public var timeUsability: TimeUsability { TimeUsability(times: fixes.lazy.map(\.timeSeconds)) }

  /// Whether the motion model can run over the segment: ``timeUsability`` is
  /// ``TimeUsability/usable``. Otherwise its times say nothing (none, a few, every fix stamped
  /// alike, as files with 1901-12-13 "null" times are, or times that do not advance).
  ///
  /// - Complexity: O(n) in the fixes.
  public var hasAdvancingTimes: Bool { timeUsability == .usable }
}
