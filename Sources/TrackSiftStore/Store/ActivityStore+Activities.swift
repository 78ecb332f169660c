import Foundation
import GRDB
import TrackSift

extension ActivityStore {
  /// Creates an activity in the ``ActivityState/recording`` state.
  ///
  /// - Parameters:
  ///   - name: A name to show, such as `"Morning run"`; may be empty.
  ///   - kind: The kind of activity, whose profile the recording uses.
  ///   - startedAt: When the recording started.
  /// - Returns: The new activity's identifier, never one used before in this database.
  /// - Throws: ``StoreError`` (``StoreError/Reason/invalidInput`` for a start time that is not
  ///   finite, or the write's failure).
  public func createActivity(
    name: String, kind: ActivityKind, startedAt: Date
  ) throws(StoreError) -> ActivityID {
    try Self.requireFinite(startedAt, "startedAt")
    return try write { db in
      try db.execute(
        sql: "INSERT INTO activity (name, kind, state, startedAt) VALUES (?, ?, ?, ?)",
        arguments: [
          name, kind.rawValue, ActivityState.recording.rawValue,
          startedAt.timeIntervalSinceReferenceDate,
        ])
      return ActivityID(rawValue: db.lastInsertedRowID)
    }
  }

  /// Marks an activity finished and stores its totals.
  ///
  /// Rows still pending in a ``RecordingWriter`` are not written by this call: use
  /// ``RecordingWriter/finish(at:totals:)``, which flushes first.
  ///
  /// - Parameters:
  ///   - id: The activity.
  ///   - finishedAt: When the recording ended. For an interrupted recording
  ///     ``ActivitySummary/lastFixTimestamp`` is a natural choice.
  ///   - totals: Figures to store for listings (distance, moving and elapsed time).
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``,
  ///   ``StoreError/Reason/activityFinished`` when already finished,
  ///   ``StoreError/Reason/invalidInput`` for a time or figure that is not finite or negative,
  ///   or the write's failure.
  public func finishActivity(
    _ id: ActivityID, finishedAt: Date, totals: ActivityTotals = ActivityTotals()
  ) throws(StoreError) {
    try Self.requireFinite(finishedAt, "finishedAt")
    if let name = totals.invalidFigureName {
      throw StoreError(
        reason: .invalidInput, context: "\(name) must be finite and not negative")
    }
    try write { db in
      guard try Self.state(of: id, db) == .recording else {
        throw StoreError(reason: .activityFinished, context: "activity \(id)")
      }
      try db.execute(
        sql: """
          UPDATE activity SET state = ?, finishedAt = ?, distanceMeters = ?,
            movingTimeSeconds = ?, elapsedTimeSeconds = ?
          WHERE id = ?
          """,
        arguments: [
          ActivityState.finished.rawValue, finishedAt.timeIntervalSinceReferenceDate,
          totals.distanceMeters, totals.movingTimeSeconds, totals.elapsedTimeSeconds, id.rawValue,
        ])
    }
  }

  /// Deletes an activity with its fixes, segments and events.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``, or the write's failure.
  public func deleteActivity(_ id: ActivityID) throws(StoreError) {
    try write { db in
      try db.execute(sql: "DELETE FROM activity WHERE id = ?", arguments: [id.rawValue])
      if db.changesCount == 0 {
        throw StoreError(reason: .unknownActivity, context: "activity \(id)")
      }
    }
  }

  /// Every activity, oldest start first.
  ///
  /// In a damaged store (read-only), the activities whose rows SQLite cannot read are listed
  /// with ``ActivitySummary/isDamaged`` set and nothing counted.
  ///
  /// - Complexity: O(*n*) in the number of stored fixes (counts are computed, not cached).
  public func activities() throws(StoreError) -> [ActivitySummary] {
    try listing(where: nil)
  }

  /// The activities left in the ``ActivityState/recording`` state, oldest start first: after a
  /// crash, the recordings to resume or finish.
  public func unfinishedActivities() throws(StoreError) -> [ActivitySummary] {
    try listing(where: "state = 'recording'")
  }

  /// One activity's summary.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``.
  public func activity(_ id: ActivityID) throws(StoreError) -> ActivitySummary {
    try read { db in
      guard let summary = try Self.summaries(db, where: "id = ?", [id.rawValue]).first else {
        throw StoreError(reason: .unknownActivity, context: "activity \(id)")
      }
      return summary
    }
  }

  // MARK: Helpers

  /// The activity's state, or a thrown ``StoreError/Reason/unknownActivity``.
  static func state(of id: ActivityID, _ db: Database) throws -> ActivityState {
    guard
      let code = try String.fetchOne(
        db, sql: "SELECT state FROM activity WHERE id = ?", arguments: [id.rawValue])
    else {
      throw StoreError(reason: .unknownActivity, context: "activity \(id)")
    }
    guard let state = ActivityState(rawValue: code) else {
      throw StoreError(reason: .unreadableRow, context: "activity \(id): unknown state '\(code)'")
    }
    return state
  }

  static func requireFinite(_ date: Date, _ name: String) throws(StoreError) {
    guard date.timeIntervalSinceReferenceDate.isFinite else {
      throw StoreError(reason: .invalidInput, context: "\(name) must be a finite time")
    }
  }

  /// The summaries of the activities that match `condition`, in one snapshot; for a damaged
  /// store, whose reads SQLite aborts when they meet a damaged page, each activity's rows are
  /// counted in a read of its own, and those that cannot be are marked
  /// ``ActivitySummary/isDamaged``.
  private func listing(
    where condition: String?, _ arguments: StatementArguments = []
  ) throws(StoreError) -> [ActivitySummary] {
    do {
      return try writer.read { db in try Self.summaries(db, where: condition, arguments) }
    } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
      var summaries = try read { db in
        try Self.summaries(db, where: condition, arguments, countsContents: false)
      }
      for index in summaries.indices {
        let id = summaries[index].id
        do {
          let counted = try writer.read { db in
            try Self.summaries(db, where: "id = ?", [id.rawValue]).first
          }
          if let counted { summaries[index] = counted }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
          summaries[index].isDamaged = true
        } catch {
          throw StoreError(translating: error, location: location)
        }
      }
      return summaries
    } catch {
      throw StoreError(translating: error, location: location)
    }
  }

  private static func summaries(
    _ db: Database, where condition: String?, _ arguments: StatementArguments = [],
    countsContents: Bool = true
  ) throws -> [ActivitySummary] {
    let filter = condition.map { " WHERE \($0)" } ?? ""
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT id, name, kind, state, startedAt, finishedAt, distanceMeters, movingTimeSeconds,
          elapsedTimeSeconds
        FROM activity\(filter) ORDER BY startedAt, id
        """, arguments: arguments)
    return try rows.map { row in
      let id = ActivityID(rawValue: row[0])
      let kindCode: String = row[2]
      guard let kind = ActivityKind(rawValue: kindCode) else {
        throw StoreError(
          reason: .unreadableRow, context: "activity \(id): unknown kind '\(kindCode)'")
      }
      let stateCode: String = row[3]
      guard let state = ActivityState(rawValue: stateCode) else {
        throw StoreError(
          reason: .unreadableRow, context: "activity \(id): unknown state '\(stateCode)'")
      }
      let contents = try countsContents ? Contents(db, id) : Contents(isDamaged: false)
      let startedAt: Double = row[4]
      let finishedAt: Double? = row[5]
      return ActivitySummary(
        id: id, name: row[1], kind: kind, state: state,
        startedAt: Date(timeIntervalSinceReferenceDate: startedAt),
        finishedAt: finishedAt.map(Date.init(timeIntervalSinceReferenceDate:)),
        acceptedFixCount: contents.acceptedCount,
        rejectedFixCount: contents.fixCount - contents.acceptedCount - contents.pendingCount,
        pendingFixCount: contents.pendingCount,
        segmentCount: contents.segmentCount, eventCount: contents.eventCount,
        firstFixTimestamp: contents.firstFix.map(Date.init(timeIntervalSinceReferenceDate:)),
        lastFixTimestamp: contents.lastFix.map(Date.init(timeIntervalSinceReferenceDate:)),
        totals: ActivityTotals(
          distanceMeters: row[6], movingTimeSeconds: row[7], elapsedTimeSeconds: row[8]),
        isDamaged: contents.isDamaged)
    }
  }

  /// What an activity holds, counted from its rows.
  private struct Contents {
    var fixCount = 0
    var acceptedCount = 0
    var pendingCount = 0
    var firstFix: Double?
    var lastFix: Double?
    var segmentCount = 0
    var eventCount = 0
    var isDamaged = false

    /// Nothing counted.
    init(isDamaged: Bool) { self.isDamaged = isDamaged }

    init(_ db: Database, _ id: ActivityID) throws {
      let counts = try Row.fetchOne(
        db,
        sql: """
          SELECT COUNT(*), COALESCE(SUM(verdict = 'accepted'), 0),
            COALESCE(SUM(verdict IS NULL), 0), MIN(timestamp), MAX(timestamp)
          FROM fix WHERE activityId = ?
          """,
        arguments: [id.rawValue])
      segmentCount =
        try Int.fetchOne(
          db,
          sql: """
            SELECT COUNT(*) FROM (
              SELECT segmentIndex FROM fix WHERE activityId = ?1
              UNION SELECT segmentIndex FROM segment WHERE activityId = ?1)
            """,
          arguments: [id.rawValue]) ?? 0
      eventCount =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM event WHERE activityId = ?", arguments: [id.rawValue])
        ?? 0
      fixCount = counts?[0] ?? 0
      acceptedCount = counts?[1] ?? 0
      pendingCount = counts?[2] ?? 0
      firstFix = counts?[3]
      lastFix = counts?[4]
    }
  }
}

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
