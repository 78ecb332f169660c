import Foundation
import GRDB

/// A crash-safe local store of activities: every raw fix with its verdict (pending until the
/// recorder gives it), the segment starts and the events of a recording, in one SQLite database.
///
/// A file store uses SQLite's write-ahead log (WAL) with `PRAGMA synchronous = FULL`: each
/// commit is on stable storage when it returns, so neither a crash of the app nor a power loss
/// (a phone or bike computer whose battery runs flat, the usual end of a long recording) takes
/// back a committed row. `FULL` costs one `fsync` of the log per commit; a
/// ``RecordingWriter`` commits about once a second, so the cost is a single sync a second
/// (`NORMAL` would skip it and survive an app crash, but a power loss could roll back the last
/// commits, which breaks the promise that at most the last second is lost). The WAL lets the
/// app list and read past activities while a recording is written.
///
/// Instants are stored as seconds since 2001-01-01 00:00:00 UTC (`timeIntervalSinceReferenceDate`),
/// exactly as `Fix` holds them, so a round trip loses nothing; unknown values are
/// `NULL` (<doc:Storage> describes the schema).
///
/// The store is a class because it owns the database connections; every value it takes or
/// gives is a `Sendable` struct, and the store itself may be shared between tasks (GRDB
/// serializes the writes).
///
/// ```swift
/// let store = try ActivityStore(path: "activities.sqlite")
/// let id = try store.createActivity(name: "Morning run", kind: .running, startedAt: .now)
/// var writer = try RecordingWriter(store: store, activity: id)
/// try writer.append(StoredFix(sequence: 0, segmentIndex: 0, fix: fix, verdict: nil))
/// try writer.judge(StoredVerdict(sequence: 0, verdict: .accepted))  // when the verdict comes
/// try writer.finish(at: .now)
/// ```
public final class ActivityStore: Sendable {
  /// The database file, or `nil` for an in-memory store.
  public let path: String?
  /// True when the store was opened read-only: every write throws
  /// ``StoreError/Reason/readOnly``.
  public let isReadOnly: Bool
  /// The connection or pool; internal so that tests can provoke write failures on it.
  let writer: any DatabaseWriter

  /// How long a write waits for another process that holds the database, in seconds.
  public static let busyTimeoutSeconds: Double = 5

  /// Opens the store at `path`, creating the file and migrating its schema when needed.
  ///
  /// - Parameters:
  ///   - path: The database file. Its directory must exist. SQLite keeps two companion files
  ///     beside it while open (`-wal`, `-shm`): copy or move the three together.
  ///   - readOnly: Opens without writing anything, not even a migration; writes then throw.
  /// - Throws: ``StoreError`` with ``StoreError/Reason/cannotOpen`` when the file cannot be
  ///   opened or is not a database, ``StoreError/Reason/incompatibleSchema`` when a newer
  ///   version migrated it (or a read-only open finds it needs migrating).
  public init(path: String, readOnly: Bool = false) throws(StoreError) {
    var configuration = Self.configuration
    configuration.readonly = readOnly
    let pool: DatabasePool
    do {
      pool = try DatabasePool(path: path, configuration: configuration)
      if !readOnly {
        // See the type's documentation: a commit must survive a power loss. Set after opening,
        // because GRDB's WAL setup chooses NORMAL on the writer connection.
        try pool.writeWithoutTransaction { db in
          try db.execute(sql: "PRAGMA synchronous = FULL")
        }
      }
    } catch {
      throw StoreError(translating: error, location: path)
    }
    self.path = path
    self.isReadOnly = readOnly
    self.writer = pool
    try migrate()
  }

  /// Opens a new, empty store in memory, for tests and previews. Its contents are lost when the
  /// store is released.
  public static func inMemory() throws(StoreError) -> ActivityStore {
    do {
      return try ActivityStore(inMemory: DatabaseQueue(configuration: configuration))
    } catch {
      throw StoreError(translating: error, location: memoryLocation)
    }
  }

  private init(inMemory queue: DatabaseQueue) throws(StoreError) {
    path = nil
    isReadOnly = false
    writer = queue
    try migrate()
  }

  private static var configuration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeoutSeconds)
    configuration.foreignKeysEnabled = true
    return configuration
  }

  private static let memoryLocation = ":memory:"

  /// The path, or `:memory:`, for error messages.
  var location: String { path ?? Self.memoryLocation }

  private func migrate() throws(StoreError) {
    let migrator = StoreSchema.migrator
    let isReadOnly = isReadOnly
    let location = location
    do {
      let (superseded, completed) = try writer.read { db in
        (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
      }
      if superseded {
        throw StoreError(
          reason: .incompatibleSchema,
          context: "\(location) was written by a newer version of TrackSiftStore")
      }
      if !completed {
        if isReadOnly {
          throw StoreError(
            reason: .incompatibleSchema,
            context: "\(location) needs migrating: open it once for writing")
        }
        try migrator.migrate(writer)
      }
    } catch {
      throw StoreError(translating: error, location: location)
    }
  }

  // MARK: Access with error translation

  /// Reads in one consistent snapshot, translating errors.
  func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try writer.read(body)
    } catch {
      throw StoreError(translating: error, location: location)
    }
  }

  /// Writes in one transaction, translating errors.
  ///
  /// - Parameter kept: What the caller keeps in memory when the write fails, for the message.
  func write<T: Sendable>(
    kept: String? = nil, _ body: @Sendable (Database) throws -> T
  ) throws(StoreError) -> T {
    do {
      return try writer.write(body)
    } catch {
      throw StoreError(translating: error, location: location, kept: kept)
    }
  }
}
