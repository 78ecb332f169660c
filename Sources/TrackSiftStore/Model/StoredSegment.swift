import Foundation

/// The start of a segment: recording began, or resumed after a pause.
public struct StoredSegment: Sendable, Hashable {
  /// The segment's index, from 0, unique within the activity; the ``StoredFix/segmentIndex``
  /// of the fixes recorded in it. Appending an index that is already stored does nothing.
  public var index: Int
  /// When the segment started (the start or resume command, not its first fix).
  public var startedAt: Date

  /// Creates a segment start.
  public init(index: Int, startedAt: Date) {
    self.index = index
    self.startedAt = startedAt
  }
}
