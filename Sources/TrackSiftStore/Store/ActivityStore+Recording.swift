import Foundation
import GRDB

extension ActivityStore {
  /// Writes a batch of rows in one transaction: all of them or, on failure, none.
  ///
  /// Idempotent: a fix or event whose (activity, sequence) is stored already, or a segment
  /// start whose (activity, index) is, is skipped (`INSERT OR IGNORE`), so retrying a batch after
  /// an error never stores a row twice. The first row stored wins.
  ///
  /// The batch's ``RecordingBatch/verdicts`` are applied after its fixes, in order: each sets
  /// the verdict of the activity's fix with its sequence number (stored before or in this
  /// batch), replacing any other, so applying one again changes nothing. An update for a
  /// sequence number that no stored fix has is skipped; it creates no row.
  ///
  /// Most callers use a ``RecordingWriter``, which collects rows between commits.
  ///
  /// - Parameters:
  ///   - batch: The rows and verdict updates.
  ///   - id: An activity in the ``ActivityState/recording`` state (a finished activity's rows
  ///     and verdicts no longer change).
  /// - Throws: ``StoreError``: ``StoreError/Reason/invalidInput`` for a negative sequence (of a
  ///   row or a verdict update) or index, an event without kind or with a payload that is not
  ///   JSON, or a time that is not finite (checked before anything is written);
  ///   ``StoreError/Reason/unknownActivity``; ``StoreError/Reason/activityFinished``;
  ///   ``StoreError/Reason/readOnly``, ``StoreError/Reason/diskFull``,
  ///   ``StoreError/Reason/ioError`` when the write fails.
  /// - Complexity: O(*n* log *m*) for *n* rows and updates into an activity of *m*.
  public func append(_ batch: RecordingBatch, to id: ActivityID) throws(StoreError) {
    try append(batch, to: id, kept: nil)
  }

  /// As the public `append(_:to:)`; `kept` describes, for the failure message, what the caller
  /// keeps in memory.
  func append(_ batch: RecordingBatch, to id: ActivityID, kept: String?) throws(StoreError) {
    try Self.validate(batch)
    try write(kept: kept) { db in
      guard try Self.state(of: id, db) == .recording else {
        throw StoreError(reason: .activityFinished, context: "activity \(id)")
      }
      let activity: any DatabaseValueConvertible = id.rawValue
      if !batch.segments.isEmpty {
        let statement = try db.cachedStatement(
          sql:
            "INSERT OR IGNORE INTO segment (activityId, segmentIndex, startedAt) VALUES (?, ?, ?)"
        )
        for segment in batch.segments {
          try statement.execute(arguments: [
            activity, Int64(segment.index), segment.startedAt.timeIntervalSinceReferenceDate,
          ])
        }
      }
      if !batch.fixes.isEmpty {
        let statement = try db.cachedStatement(sql: StoredFix.insertSQL)
        for fix in batch.fixes {
          try statement.execute(arguments: StatementArguments([activity] + fix.databaseValues))
        }
      }
      if !batch.events.isEmpty {
        let statement = try db.cachedStatement(
          sql: """
            INSERT OR IGNORE INTO event (activityId, sequence, timestamp, kind, payload)
            VALUES (?, ?, ?, ?, ?)
            """)
        for event in batch.events {
          try statement.execute(arguments: [
            activity, Int64(event.sequence), event.timestamp.timeIntervalSinceReferenceDate,
            event.kind, event.payloadJSON,
          ])
        }
      }
      // After the fixes, so that a verdict may follow its fix in the same batch.
      if !batch.verdicts.isEmpty {
        let statement = try db.cachedStatement(
          sql: "UPDATE fix SET verdict = ? WHERE activityId = ? AND sequence = ?")
        for update in batch.verdicts {
          try statement.execute(arguments: [
            update.verdict.code, activity, Int64(update.sequence),
          ])
        }
      }
    }
  }

  /// Where an interrupted recording continues: the next free fix and event sequence numbers
  /// and the last segment index used.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``.
  public func resumePoint(for id: ActivityID) throws(StoreError) -> ResumePoint {
    try read { db in
      _ = try Self.state(of: id, db)
      let lastFix = try Int.fetchOne(
        db, sql: "SELECT MAX(sequence) FROM fix WHERE activityId = ?", arguments: [id.rawValue])
      let lastEvent = try Int.fetchOne(
        db, sql: "SELECT MAX(sequence) FROM event WHERE activityId = ?", arguments: [id.rawValue])
      let lastSegment = try Int.fetchOne(
        db,
        sql: """
          SELECT MAX(segmentIndex) FROM (
            SELECT MAX(segmentIndex) AS segmentIndex FROM fix WHERE activityId = ?1
            UNION ALL SELECT MAX(segmentIndex) FROM segment WHERE activityId = ?1)
          """,
        arguments: [id.rawValue])
      return ResumePoint(
        nextFixSequence: (lastFix ?? -1) + 1, nextEventSequence: (lastEvent ?? -1) + 1,
        lastSegmentIndex: lastSegment)
    }
  }

  /// One past the highest stored fix sequence number of an activity; 0 when it has no fix.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``.
  public func nextSequence(for id: ActivityID) throws(StoreError) -> Int {
    try resumePoint(for: id).nextFixSequence
  }

  /// Checks every row of a batch before anything is written, so that a row the database would
  /// refuse never stays pending forever.
  static func validate(_ batch: RecordingBatch) throws(StoreError) {
    for fix in batch.fixes {
      try validate(fix)
    }
    for segment in batch.segments {
      try validate(segment)
    }
    for event in batch.events {
      try validate(event)
    }
    for verdict in batch.verdicts {
      try validate(verdict)
    }
  }

  static func validate(_ fix: StoredFix) throws(StoreError) {
    guard fix.sequence >= 0, fix.segmentIndex >= 0 else {
      throw StoreError(
        reason: .invalidInput,
        context: "fix \(fix.sequence) in segment \(fix.segmentIndex): "
          + "sequence and segment index must not be negative")
    }
  }

  static func validate(_ verdict: StoredVerdict) throws(StoreError) {
    guard verdict.sequence >= 0 else {
      throw StoreError(
        reason: .invalidInput,
        context: "verdict of fix \(verdict.sequence): sequence must not be negative")
    }
  }

  static func validate(_ segment: StoredSegment) throws(StoreError) {
    guard segment.index >= 0 else {
      throw StoreError(
        reason: .invalidInput, context: "segment \(segment.index): index must not be negative")
    }
    try requireFinite(segment.startedAt, "segment \(segment.index) startedAt")
  }

  static func validate(_ event: StoredEvent) throws(StoreError) {
    let name = "event \(event.sequence)"
    guard event.sequence >= 0 else {
      throw StoreError(reason: .invalidInput, context: "\(name): sequence must not be negative")
    }
    guard !event.kind.isEmpty else {
      throw StoreError(reason: .invalidInput, context: "\(name): kind must not be empty")
    }
    try requireFinite(event.timestamp, "\(name) timestamp")
    let isJSON =
      (try? JSONSerialization.jsonObject(
        with: Data(event.payloadJSON.utf8), options: [.fragmentsAllowed])) != nil
    guard isJSON else {
      throw StoreError(
        reason: .invalidInput, context: "\(name): payload is not JSON: \(event.payloadJSON)")
    }
  }
}
