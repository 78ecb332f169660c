/// Why the store refused a read or a write, and where.
///
/// ``reason`` is typed so that a caller can react (warn about a full disk, stop offering to
/// record on a read-only volume); ``context`` says which database, activity or row, and for a
/// failed flush how many rows the ``RecordingWriter`` still holds in memory. The description is
/// meant to be shown as is, such as
/// `database is read-only: /data/activities.sqlite; 42 fixes kept in memory`.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The database cannot be written: opened read-only, on a read-only volume, or without
    /// permission (`SQLITE_READONLY`, `SQLITE_PERM`).
    case readOnly = "database is read-only"
    /// The disk or the database's size limit is full (`SQLITE_FULL`).
    case diskFull = "disk is full"
    /// The operating system reported an I/O error (`SQLITE_IOERR`).
    case ioError = "disk I/O error"
    /// Another connection held the database for longer than the busy timeout (`SQLITE_BUSY`,
    /// `SQLITE_LOCKED`).
    case busy = "database is busy"
    /// The database file could not be opened (`SQLITE_CANTOPEN`, `SQLITE_NOTADB`).
    case cannotOpen = "cannot open database"
    /// The database file is damaged (`SQLITE_CORRUPT`), or fails SQLite's integrity check when
    /// opened for writing.
    case corrupt = "database is corrupt"
    /// The file was migrated by a newer version of the store, or a read-only open found a
    /// database without the store's schema (empty, older, or not a store).
    case incompatibleSchema = "incompatible database schema"
    /// No activity has the given identifier.
    case unknownActivity = "unknown activity"
    /// The activity is finished and takes no more rows.
    case activityFinished = "activity is finished"
    /// An argument is out of range (a negative sequence number, a payload that is not JSON).
    case invalidInput = "invalid input"
    /// A stored row holds a value this version cannot read (an unknown verdict code).
    case unreadableRow = "unreadable row"
    /// Any other SQLite error.
    case database = "database error"

    /// The reason in words, e.g. `database is read-only`.
    public var description: String { rawValue }
  }

  /// What went wrong.
  public var reason: Reason
  /// Where: the database path, the activity or the row, and what was kept in memory.
  public var context: String
  /// SQLite's extended result code, when the error came from SQLite.
  public var sqliteCode: Int32?

  /// Creates an error.
  public init(reason: Reason, context: String, sqliteCode: Int32? = nil) {
    self.reason = reason
    self.context = context
    self.sqliteCode = sqliteCode
  }

  /// `reason: context`, or the reason alone when there is no context.
  public var description: String {
    context.isEmpty ? reason.rawValue : "\(reason.rawValue): \(context)"
  }
}
