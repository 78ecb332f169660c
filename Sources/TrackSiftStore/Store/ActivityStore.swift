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
  /// Opened for writing, an existing file must pass SQLite's `PRAGMA quick_check` first (O(*n*)
  /// in the file's size, about a second per few hundred megabytes): rows appended to a damaged
  /// database may be lost with it, so a damaged store is refused for writing, and can still be
  /// opened read-only to read what SQLite can.
  ///
  /// Opened read-only, a store whose write-ahead log is empty is read even where SQLite cannot
  /// create its shared-memory file (a read-only file in a directory the user cannot write):
  /// then as an immutable file, on the promise that nobody writes it meanwhile.
  ///
  /// - Parameters:
  ///   - path: The database file. Its directory must exist. SQLite keeps two companion files
  ///     beside it while open (`-wal`, `-shm`): copy or move the three together.
  ///   - readOnly: Opens without writing anything, not even a migration; writes then throw.
  /// - Throws: ``StoreError`` with ``StoreError/Reason/cannotOpen`` when the file cannot be
  ///   opened, is not a regular file (a FIFO, a device) or is not a database, ``StoreError/Reason/corrupt`` when a store opened for
  ///   writing fails the integrity check, ``StoreError/Reason/incompatibleSchema`` when a
  ///   newer version migrated it, or a read-only open finds a database that is not a store
  ///   (or an empty one, whose creation was interrupted).
  public init(path: String, readOnly: Bool = false) throws(StoreError) {
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      // SQLite's open of a FIFO would wait for a writer forever.
      throw StoreError(reason: .cannotOpen, context: "\(path) (not a regular file)")
    }
    var configuration = Self.configuration
    configuration.readonly = readOnly
    let writer: any DatabaseWriter
    do {
      if readOnly {
        writer = try Self.openReadOnly(path: path, configuration: configuration)
      } else {
        let pool = try DatabasePool(path: path, configuration: configuration)
        // See the type's documentation: a commit must survive a power loss. Set after opening,
        // because GRDB's WAL setup chooses NORMAL on the writer connection.
        try pool.writeWithoutTransaction { db in
          try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        try Self.checkIntegrity(pool, path: path)
        writer = pool
      }
    } catch {
      throw StoreError(translating: error, location: path)
    }
    self.path = path
    self.isReadOnly = readOnly
    self.writer = writer
    try migrate()
  }

  /// A read-only pool, or, when SQLite cannot create the shared-memory file of the
  /// write-ahead log and the log is empty, a read-only queue on the immutable file.
  private static func openReadOnly(path: String, configuration: Configuration) throws
    -> any DatabaseWriter
  {
    do {
      return try DatabasePool(path: path, configuration: configuration)
    } catch let error as DatabaseError
      where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode)
    {
      let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size]
      guard FileManager.default.fileExists(atPath: path),
        (log as? NSNumber)?.intValue ?? 0 == 0,
        let uri = immutableURI(path)
      else { throw error }
      // Without `-shm` SQLite reads a WAL database only as immutable (it then ignores the
      // log, which is why the log must be empty).
      guard let queue = try? DatabaseQueue(path: uri, configuration: configuration) else {
        throw error
      }
      return queue
    }
  }

  /// `file:PATH?immutable=1`, the path percent-encoded as RFC 3986 and SQLite's URI rules ask.
  private static func immutableURI(_ path: String) -> String? {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return absolute.addingPercentEncoding(withAllowedCharacters: allowed).map {
      "file:\($0)?immutable=1"
    }
  }

  /// Throws ``StoreError/Reason/corrupt`` when `PRAGMA quick_check` finds a problem.
  private static func checkIntegrity(_ pool: DatabasePool, path: String) throws {
    let problems: [String]
    do {
      problems = try pool.read { db in
        try String.fetchAll(db, sql: "PRAGMA quick_check(3)")
      }
    } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
      problems = [error.message ?? "database disk image is malformed"]
    }
    guard problems != ["ok"] else { return }
    // quick_check's lines, without its "*** in database main ***" headings.
    let lines = problems.flatMap { $0.split(separator: "\n") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("***") }
    throw StoreError(
      reason: .corrupt,
      context: "\(path) fails SQLite's integrity check ("
        + lines.prefix(3).joined(separator: "; ") + (lines.count > 3 ? "; …" : "")
        + "), so nothing is written to it; it can still be opened read-only",
      sqliteCode: DatabaseError.SQLITE_CORRUPT.rawValue)
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
          throw try Self.unmigratedError(writer, location: location)
        }
        try migrator.migrate(writer)
      }
    } catch {
      throw StoreError(translating: error, location: location)
    }
  }

  /// Why a read-only open cannot use a database without the store's schema: an empty one (its
  /// creation was interrupted before the schema was written: opening it for writing creates
  /// the store), or one holding other tables (not a store).
  private static func unmigratedError(_ reader: any DatabaseReader, location: String) throws
    -> StoreError
  {
    let tables = try reader.read { db in
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    }
    if tables.isEmpty {
      return StoreError(
        reason: .incompatibleSchema,
        context: "\(location) is empty, not yet a store (its creation was interrupted, or "
          + "it was made by something else): recording into it creates the store")
    }
    if !tables.contains("grdb_migrations") {
      return StoreError(
        reason: .incompatibleSchema,
        context: "\(location) is a SQLite database but not a TrackSift store (tables: "
          + tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "") + ")")
    }
    return StoreError(
      reason: .incompatibleSchema,
      context: "\(location) was written by an older version of TrackSiftStore: open it once "
        + "for writing to update it")
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
