/// Rows waiting to be written together: fixes, segment starts and events of one activity.
///
/// ``ActivityStore/append(_:to:)`` writes a batch in one transaction; a ``RecordingWriter``
/// collects one between commits.
public struct RecordingBatch: Sendable, Hashable {
  /// Fixes in the order appended.
  public var fixes: [StoredFix]
  /// Segment starts in the order appended.
  public var segments: [StoredSegment]
  /// Events in the order appended.
  public var events: [StoredEvent]

  /// Creates a batch.
  public init(
    fixes: [StoredFix] = [], segments: [StoredSegment] = [], events: [StoredEvent] = []
  ) {
    self.fixes = fixes
    self.segments = segments
    self.events = events
  }

  /// True when the batch holds no row.
  public var isEmpty: Bool { fixes.isEmpty && segments.isEmpty && events.isEmpty }

  /// Number of rows of every kind.
  public var count: Int { fixes.count + segments.count + events.count }

  /// The rows in words, e.g. `"42 fixes, 1 segment start and 2 events"`, for error messages.
  var phrase: String {
    func counted(_ n: Int, _ one: String, _ many: String) -> String? {
      n == 0 ? nil : "\(n) \(n == 1 ? one : many)"
    }
    let parts = [
      counted(fixes.count, "fix", "fixes"),
      counted(segments.count, "segment start", "segment starts"),
      counted(events.count, "event", "events"),
    ].compactMap { $0 }
    switch parts.count {
    case 0: return "no rows"
    case 1: return parts[0]
    default: return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
  }
}
