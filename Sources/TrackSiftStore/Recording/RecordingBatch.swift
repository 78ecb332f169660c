/// Rows waiting to be written together: fixes, segment starts and events of one activity, and
/// verdicts of fixes stored with their verdict pending.
///
/// ``ActivityStore/append(_:to:)`` writes a batch in one transaction, the ``verdicts`` after
/// the ``fixes``; a ``RecordingWriter`` collects one between commits.
public struct RecordingBatch: Sendable, Hashable {
  /// Fixes in the order appended.
  public var fixes: [StoredFix]
  /// Segment starts in the order appended.
  public var segments: [StoredSegment]
  /// Events in the order appended.
  public var events: [StoredEvent]
  /// Verdict updates in the order given, applied after ``fixes``: each sets the verdict of a
  /// fix stored earlier or in this batch, and is skipped when no fix has its sequence number.
  public var verdicts: [StoredVerdict]

  /// Creates a batch.
  public init(
    fixes: [StoredFix] = [], segments: [StoredSegment] = [], events: [StoredEvent] = [],
    verdicts: [StoredVerdict] = []
  ) {
    self.fixes = fixes
    self.segments = segments
    self.events = events
    self.verdicts = verdicts
  }

  /// True when the batch holds no row and no verdict update.
  public var isEmpty: Bool {
    fixes.isEmpty && segments.isEmpty && events.isEmpty && verdicts.isEmpty
  }

  /// Number of rows of every kind and of verdict updates.
  public var count: Int { fixes.count + segments.count + events.count + verdicts.count }

  /// The rows in words, e.g. `"42 fixes, 1 segment start, 2 events and 10 verdicts"`, for
  /// error messages.
  var phrase: String {
    func counted(_ n: Int, _ one: String, _ many: String) -> String? {
      n == 0 ? nil : "\(n) \(n == 1 ? one : many)"
    }
    let parts = [
      counted(fixes.count, "fix", "fixes"),
      counted(segments.count, "segment start", "segment starts"),
      counted(events.count, "event", "events"),
      counted(verdicts.count, "verdict", "verdicts"),
    ].compactMap { $0 }
    switch parts.count {
    case 0: return "no rows"
    case 1: return parts[0]
    default: return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
  }
}
