/// An unbroken run of fixes: recording was not paused and the receiver was not reset between them.
public struct Segment: Sendable, Hashable, Codable {
  /// The fixes in recording order.
  public var fixes: [Fix]

  /// Creates a segment.
  public init(fixes: [Fix] = []) {
    self.fixes = fixes
  }

  /// Whether most fixes have a time later than every earlier time of the segment: then the
  /// motion model can run over it. Otherwise its times say nothing (none, a few, or every fix
  /// stamped alike, as files with 1901-12-13 "null" times are).
  ///
  /// - Complexity: O(n) in the fixes.
  public var hasAdvancingTimes: Bool {
    var count = 0
    var latest = -Double.infinity
    for fix in fixes {
      guard let time = fix.timeSeconds, time > latest else { continue }
      count += 1
      latest = time
    }
    return count * 2 > fixes.count
  }
}
