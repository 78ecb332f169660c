/// Where an interrupted recording continues: the next free sequence numbers and the last
/// segment used. A resumed recording appends from here, usually in a new segment, so that no
/// distance bridges the gap of the interruption.
public struct ResumePoint: Sendable, Hashable {
  /// One past the highest stored fix sequence number; 0 when no fix is stored.
  public var nextFixSequence: Int
  /// One past the highest stored event sequence number; 0 when no event is stored.
  public var nextEventSequence: Int
  /// The highest segment index used by a stored fix or segment start; `nil` when none is.
  public var lastSegmentIndex: Int?

  /// Creates a resume point.
  public init(nextFixSequence: Int, nextEventSequence: Int, lastSegmentIndex: Int?) {
    self.nextFixSequence = nextFixSequence
    self.nextEventSequence = nextEventSequence
    self.lastSegmentIndex = lastSegmentIndex
  }

  /// The index of a new segment after the stored ones: 0 when none is stored.
  public var nextSegmentIndex: Int { (lastSegmentIndex ?? -1) + 1 }
}
