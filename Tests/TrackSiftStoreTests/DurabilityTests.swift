import Foundation
import GRDB
import Testing
import TrackSift

@testable import TrackSiftStore

/// File databases: journal mode, reopening after a crash, migrations, write failures.
///
/// Write failures are provoked on the store's own connection, because the tests run as root
/// here and `chmod 0444` does not stop root from writing:
/// - read-only: `PRAGMA query_only = ON` makes SQLite answer every write with `SQLITE_READONLY`
///   ("attempt to write a readonly database") until it is turned off again, which stands for a
///   volume that is remounted read-only and then writable; a second store opened with
///   `readOnly: true` (GRDB's `readonly` configuration, `SQLITE_OPEN_READONLY`) shows the same
///   error from a connection that can never write;
/// - full disk: `PRAGMA max_page_count` at the current page count makes the next page
///   allocation fail with `SQLITE_FULL`, as a full disk does; raising it frees the "disk".
@Suite struct DurabilityTests {
  @Test func aFileStoreUsesTheWriteAheadLogWithFullSync() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try ActivityStore(path: directory.path("wal.sqlite"))
    let mode = try store.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    #expect(mode == "wal")
    // The writer's connection is the one whose commits must be synced.
    let synchronous = try store.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    #expect(synchronous == 2)  // FULL
  }

  @Test func anUnfinishedActivityIsFoundAfterACrashAndResumes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("crash.sqlite")
    let clock = TestClock()
    var id: ActivityID?
    do {
      let store = try ActivityStore(path: path)
      let created = try store.createActivity(name: "Crash", kind: .running, startedAt: clock.now)
      id = created
      var writer = try RecordingWriter(store: store, activity: created, clock: clock.closure)
      try writer.startSegment(StoredSegment(index: 0, startedAt: clock.now))
      for sequence in 0..<10 {
        try writer.append(Samples.stored(sequence))
      }
      try writer.flush()
      for sequence in 10..<13 {
        try writer.append(Samples.stored(sequence))  // pending: lost in the "crash"
      }
    }  // the store and writer are released without finishing
    let activity = try #require(id)

    let store = try ActivityStore(path: path)
    let unfinished = try store.unfinishedActivities()
    #expect(unfinished.map(\.id) == [activity])
    #expect(unfinished.first?.fixCount == 10)
    #expect(unfinished.first?.lastFixTimestamp == Samples.fullFix(9).timestamp)

    let point = try store.resumePoint(for: activity)
    #expect(point.nextFixSequence == 10)
    #expect(point.nextSegmentIndex == 1)
    var writer = try RecordingWriter(store: store, activity: activity, clock: clock.closure)
    try writer.startSegment(StoredSegment(index: point.nextSegmentIndex, startedAt: clock.now))
    for sequence in point.nextFixSequence..<15 {
      try writer.append(Samples.stored(sequence, segment: point.nextSegmentIndex))
    }
    try writer.finish(at: clock.now + 15)
    #expect(try store.unfinishedActivities().isEmpty)
    #expect(try store.fixes(of: activity).map(\.sequence) == Array(0..<15))
    #expect(try store.track(of: activity).segments.map(\.fixes.count) == [10, 5])
  }

  @Test func aVersion1FileIsOpenedAndMigrated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("v1.sqlite")
    // A file as the first release left it: v1 applied, in SQLite's default rollback journal.
    do {
      let queue = try DatabaseQueue(path: path)
      try StoreSchema.migrator.migrate(queue, upTo: "v1")
      try queue.write { db in
        try db.execute(
          sql: """
            INSERT INTO activity (name, kind, state, startedAt) VALUES ('From v1', 'walking', 'recording', 0);
            INSERT INTO fix (activityId, sequence, segmentIndex, verdict, latitudeDegrees,
              longitudeDegrees, source) VALUES (1, 0, 0, 'accepted', 45, 7, 'satellite');
            """)
      }
      #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "delete")
      try queue.close()
    }
    let store = try ActivityStore(path: path)
    let applied = try store.read { try StoreSchema.migrator.appliedMigrations($0) }
    #expect(applied == StoreSchema.versions)
    #expect(try store.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    let summary = try #require(try store.unfinishedActivities().first)
    #expect(summary.name == "From v1")
    #expect(summary.kind == .walking)
    #expect(try store.fixes(of: summary.id).first?.fix.coordinate.latitudeDegrees == 45)
    #expect(try store.nextSequence(for: summary.id) == 1)
  }

  @Test func aFileFromANewerVersionIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("newer.sqlite")
    do {
      let store = try ActivityStore(path: path)
      try store.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
      }
    }
    let error = storeError { _ = try ActivityStore(path: path) }
    #expect(
      error?.description
        == "incompatible database schema: \(path) was written by a newer version of TrackSiftStore")
  }

  @Test func openingWhatIsNotADatabaseFails() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("no/such/dir/x.sqlite")
    #expect(storeError { _ = try ActivityStore(path: missing) }?.reason == .cannotOpen)
    let text = directory.path("notes.sqlite")
    try Data(String(repeating: "not a database\n", count: 100).utf8).write(
      to: URL(fileURLWithPath: text))
    let error = storeError { _ = try ActivityStore(path: text) }
    #expect(error?.reason == .cannotOpen)
    #expect(error?.description.hasPrefix("cannot open database: \(text) (SQLite: ") == true)
  }

  /// SQLite's open of a FIFO waits for a writer: a store named so is refused at once.
  @Test(.timeLimit(.minutes(1)))
  func openingAFIFOFailsAtOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.path("pipe.sqlite")
    #expect(mkfifo(fifo, 0o644) == 0)
    for readOnly in [false, true] {
      let error = storeError { _ = try ActivityStore(path: fifo, readOnly: readOnly) }
      #expect(error?.description == "cannot open database: \(fifo) (not a regular file)")
    }
  }

  @Test func aReadOnlyDatabaseKeepsThePendingRowsUntilItIsWritableAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("readonly.sqlite")
    let store = try ActivityStore(path: path)
    let clock = TestClock()
    let id = try store.createActivity(name: "RO", kind: .running, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)
    for sequence in 0..<42 {
      try writer.append(Samples.stored(sequence))
    }
    try setQueryOnly(true, store)

    let error = storeError { try writer.flush() }
    #expect(error?.reason == .readOnly)
    #expect(error?.sqliteCode == 8)  // SQLITE_READONLY
    #expect(error?.description == "database is read-only: \(path); 42 fixes kept in memory")
    #expect(writer.pending.fixes.count == 42)

    // Automatic retries stay a second apart, and keep every row.
    clock.advance(seconds: 0.5)
    #expect(try writer.append(Samples.stored(42)) == false)
    clock.advance(seconds: 0.5)
    let retry = storeError { try writer.append(Samples.stored(43)) }
    #expect(retry?.description == "database is read-only: \(path); 44 fixes kept in memory")
    #expect(writer.pending.fixes.count == 44)

    try setQueryOnly(false, store)
    try writer.flush()
    #expect(writer.pending.isEmpty)
    #expect(try store.fixes(of: id).map(\.sequence) == Array(0..<44))
  }

  @Test func aStoreOpenedReadOnlyReadsButRefusesWrites() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("readonly-open.sqlite")
    let store = try ActivityStore(path: path)
    let id = try store.createActivity(name: "Shared", kind: .cycling, startedAt: Samples.start)
    try store.append(RecordingBatch(fixes: [Samples.stored(0)]), to: id)

    let reader = try ActivityStore(path: path, readOnly: true)
    #expect(reader.isReadOnly)
    #expect(try reader.activities().map(\.fixCount) == [1])
    var writer = try RecordingWriter(store: reader, activity: id, clock: TestClock().closure)
    try writer.append(Samples.stored(1))
    let error = storeError { try writer.flush() }
    #expect(error?.description == "database is read-only: \(path); 1 fix kept in memory")
    #expect(error?.sqliteCode == 8)  // SQLITE_READONLY
    #expect(writer.pending.fixes.count == 1)
    #expect(
      storeError {
        _ = try reader.createActivity(name: "x", kind: .running, startedAt: Samples.start)
      }?
      .reason == .readOnly)
    #expect(try store.fixes(of: id).count == 1)
  }

  @Test func aFullDiskKeepsThePendingRowsAndStoresThemOnceLater() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("full.sqlite")
    let store = try ActivityStore(path: path)
    let clock = TestClock()
    let id = try store.createActivity(name: "Full", kind: .driving, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)
    for sequence in 0..<10 {
      try writer.append(Samples.stored(sequence))
    }
    try writer.flush()
    for sequence in 10..<2000 {
      try writer.append(Samples.stored(sequence))
    }
    let limit = try store.write { db in
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      let limit = try Int.fetchOne(db, sql: "PRAGMA max_page_count") ?? 0
      try db.execute(sql: "PRAGMA max_page_count = \(pages)")
      return limit
    }

    let error = storeError { try writer.flush() }
    #expect(error?.reason == .diskFull)
    #expect(error?.sqliteCode == 13)  // SQLITE_FULL
    #expect(error?.description == "disk is full: \(path); 1990 fixes kept in memory")
    #expect(writer.pending.fixes.count == 1990)
    #expect(try store.activity(id).fixCount == 10)  // the failed transaction left nothing

    try store.write { db in try db.execute(sql: "PRAGMA max_page_count = \(limit)") }
    try writer.flush()
    let sequences = try store.fixes(of: id).map(\.sequence)
    #expect(sequences == Array(0..<2000))
    try writer.finish(at: clock.now)
    #expect(try store.activity(id).isFinished)
  }

  static let translations: [(ResultCode, StoreError.Reason, String)] = [
    (.SQLITE_READONLY, .readOnly, "database is read-only: /x.sqlite; 3 fixes kept in memory"),
    (
      .SQLITE_READONLY_DBMOVED, .readOnly,
      "database is read-only: /x.sqlite; 3 fixes kept in memory"
    ),
    (.SQLITE_FULL, .diskFull, "disk is full: /x.sqlite; 3 fixes kept in memory"),
    (
      .SQLITE_IOERR_WRITE, .ioError,
      "disk I/O error: /x.sqlite (SQLite: disk I/O error); 3 fixes kept in memory"
    ),
    (.SQLITE_BUSY, .busy, "database is busy: /x.sqlite; 3 fixes kept in memory"),
    (
      .SQLITE_CORRUPT, .corrupt,
      "database is corrupt: /x.sqlite (SQLite: database disk image is malformed); 3 fixes kept in memory"
    ),
    (
      .SQLITE_CONSTRAINT_CHECK, .database,
      "database error: /x.sqlite (SQLite: constraint failed); 3 fixes kept in memory"
    ),
  ]

  @Test(arguments: translations)
  func sqliteErrorsBecomeStoreErrors(
    _ code: ResultCode, _ reason: StoreError.Reason, _ message: String
  ) {
    let error = StoreError(
      translating: DatabaseError(resultCode: code), location: "/x.sqlite", kept: "3 fixes")
    #expect(error.reason == reason)
    #expect(error.sqliteCode == code.rawValue)
    #expect(error.description == message)
  }

  private func setQueryOnly(_ on: Bool, _ store: ActivityStore) throws {
    try store.writer.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA query_only = \(on ? "ON" : "OFF")")
    }
  }
}
