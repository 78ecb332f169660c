import Foundation
import GRDB
import Testing
import TrackSift

@testable import TrackSiftStore

/// Stores that are damaged, empty or someone else's: refused for writing with a reason, read
/// as far as SQLite can.
@Suite struct DamagedStoreTests {
  /// A store of two activities of 400 fixes each, closed cleanly.
  private func twoActivities(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.path("store.sqlite")
    let store = try ActivityStore(path: path)
    for _ in 0..<2 {
      let id = try store.createActivity(name: "Run", kind: .running, startedAt: Samples.start)
      var writer = try RecordingWriter(store: store, activity: id)
      for sequence in 0..<400 { try writer.append(Samples.stored(sequence)) }
      try writer.finish(at: Samples.start + 400)
    }
    return path
  }

  /// Overwrites the page headers of the first leaf pages of the fix table.
  private func damageFixes(_ path: String) throws {
    let queue = try DatabaseQueue(path: path)
    let (pageSize, pageCount, fixRoot) = try queue.read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096,
        try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0,
        try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'fix'") ?? 0
      )
    }
    try queue.close()
    // The fix table's pages follow the schema's eight first pages; event pages come last.
    #expect(fixRoot == 7 && pageCount > 20)
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    for page in 9...11 {
      try handle.seek(toOffset: UInt64((page - 1) * pageSize))
      try handle.write(contentsOf: Data(repeating: 0xFF, count: 16))
    }
  }

  @Test func aDamagedStoreIsRefusedForWritingAndListedReadOnly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try twoActivities(directory)
    try damageFixes(path)

    let error = try #require(storeError { _ = try ActivityStore(path: path) })
    #expect(error.reason == .corrupt)
    #expect(error.context.hasPrefix("\(path) fails SQLite's integrity check"), "\(error)")

    let store = try ActivityStore(path: path, readOnly: true)
    let activities = try store.activities()
    #expect(activities.map(\.id.rawValue) == [1, 2])
    #expect(activities[0].isDamaged)
    #expect(activities[0].fixCount == 0)
    #expect(!activities[1].isDamaged)
    #expect(activities[1].fixCount == 400)
    #expect(activities.allSatisfy { $0.isFinished })
    // The readable activity reads whole.
    #expect(try store.fixes(of: activities[1].id).count == 400)
  }

  @Test func aStoreWhoseCreationWasInterruptedSaysItIsEmpty() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let error = try #require(storeError { _ = try ActivityStore(path: path, readOnly: true) })
    #expect(error.reason == .incompatibleSchema)
    #expect(error.context.hasPrefix("\(path) is empty, not yet a store"), "\(error)")
    // Opened for writing, it becomes a store.
    _ = try ActivityStore(path: path)
    #expect(try ActivityStore(path: path, readOnly: true).activities().isEmpty)
  }

  @Test func anotherApplicationsDatabaseIsNamedAsSuch() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("other.sqlite")
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: "CREATE TABLE places (name TEXT)") }
    try queue.close()
    let error = try #require(storeError { _ = try ActivityStore(path: path, readOnly: true) })
    #expect(error.reason == .incompatibleSchema)
    #expect(
      error.context == "\(path) is a SQLite database but not a TrackSift store (tables: places)")
  }
}
