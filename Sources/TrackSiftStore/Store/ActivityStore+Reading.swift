import Foundation
import GRDB
import TrackSift

extension ActivityStore {
  /// Every stored fix of an activity, accepted, rejected and pending (``StoredFix/verdict``
  /// `nil`), in sequence order.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``, or
  ///   ``StoreError/Reason/unreadableRow`` for a code this version does not know.
  /// - Complexity: O(*n*) in the activity's fixes.
  public func fixes(of id: ActivityID) throws(StoreError) -> [StoredFix] {
    try read { db in
      _ = try Self.state(of: id, db)
      return try Self.fixes(db, id, "WHERE activityId = ? ORDER BY sequence")
    }
  }

  /// Every stored segment start of an activity, in index order.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``.
  public func segments(of id: ActivityID) throws(StoreError) -> [StoredSegment] {
    try read { db in
      _ = try Self.state(of: id, db)
      return try Row.fetchAll(
        db,
        sql:
          "SELECT segmentIndex, startedAt FROM segment WHERE activityId = ? ORDER BY segmentIndex",
        arguments: [id.rawValue]
      ).map { row in
        StoredSegment(index: row[0], startedAt: Date(timeIntervalSinceReferenceDate: row[1]))
      }
    }
  }

  /// Every stored event of an activity, in sequence order.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``.
  public func events(of id: ActivityID) throws(StoreError) -> [StoredEvent] {
    try read { db in
      _ = try Self.state(of: id, db)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT sequence, timestamp, kind, payload FROM event
          WHERE activityId = ? ORDER BY sequence
          """,
        arguments: [id.rawValue]
      ).map { row in
        StoredEvent(
          sequence: row[0], timestamp: Date(timeIntervalSinceReferenceDate: row[1]), kind: row[2],
          payloadJSON: row[3])
      }
    }
  }

  /// An activity as a track, for export and analysis: its fixes grouped into segments by
  /// segment index (ascending), each in sequence order, named after the activity.
  ///
  /// Segments without a fix (a pause right after a resume) are left out, so every segment of
  /// the track holds at least one fix.
  ///
  /// - Parameters:
  ///   - id: The activity.
  ///   - acceptedOnly: `true` for the fixes the gate accepted (a clean route to export),
  ///     leaving out rejected fixes and those whose verdict is pending; `false` for every raw
  ///     fix, pending ones included, to re-run a gate with other thresholds.
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``, or
  ///   ``StoreError/Reason/unreadableRow``.
  public func track(of id: ActivityID, acceptedOnly: Bool = true) throws(StoreError) -> Track {
    try read { db in
      let name = try String.fetchOne(
        db, sql: "SELECT name FROM activity WHERE id = ?", arguments: [id.rawValue])
      guard let name else {
        throw StoreError(reason: .unknownActivity, context: "activity \(id)")
      }
      let filter = acceptedOnly ? " AND verdict = 'accepted'" : ""
      let fixes = try Self.fixes(
        db, id, "WHERE activityId = ?\(filter) ORDER BY segmentIndex, sequence")
      var segments: [Segment] = []
      var currentIndex: Int?
      for stored in fixes {
        if stored.segmentIndex != currentIndex {
          segments.append(Segment())
          currentIndex = stored.segmentIndex
        }
        segments[segments.count - 1].fixes.append(stored.fix)
      }
      return Track(name: name, segments: segments)
    }
  }

  private static func fixes(_ db: Database, _ id: ActivityID, _ clause: String) throws
    -> [StoredFix]
  {
    var fixes: [StoredFix] = []
    let cursor = try Row.fetchCursor(
      db, sql: "\(StoredFix.selectSQL) \(clause)", arguments: [id.rawValue])
    while let row = try cursor.next() {
      fixes.append(try StoredFix(row: row, activity: id))
    }
    return fixes
  }
}
