import GRDB

extension StoreError {
  /// Translates any error thrown inside a database access into a store error.
  ///
  /// - Parameters:
  ///   - error: The error thrown (a `DatabaseError`, or a `StoreError` thrown from inside a
  ///     transaction, which passes through with `kept` appended).
  ///   - location: The database path, or `:memory:`.
  ///   - kept: What stays in memory after the failure, such as `42 fixes`, or `nil`.
  init(translating error: any Error, location: String, kept: String? = nil) {
    let keptSuffix = kept.map { "; \($0) kept in memory" } ?? ""
    if let storeError = error as? StoreError {
      self = storeError
      context += keptSuffix
      return
    }
    guard let databaseError = error as? DatabaseError else {
      self.init(reason: .database, context: "\(location) (\(error))\(keptSuffix)")
      return
    }
    let reason: Reason
    switch databaseError.resultCode {
    case .SQLITE_READONLY, .SQLITE_PERM: reason = .readOnly
    case .SQLITE_FULL: reason = .diskFull
    case .SQLITE_IOERR: reason = .ioError
    case .SQLITE_BUSY, .SQLITE_LOCKED: reason = .busy
    case .SQLITE_CANTOPEN, .SQLITE_NOTADB: reason = .cannotOpen
    case .SQLITE_CORRUPT: reason = .corrupt
    default: reason = .database
    }
    // The well-known conditions read best alone; for the rest SQLite's own words help.
    let detail: String
    switch reason {
    case .readOnly, .diskFull, .busy: detail = ""
    default: detail = " (SQLite: \(databaseError.message ?? "\(databaseError.extendedResultCode)"))"
    }
    self.init(
      reason: reason, context: "\(location)\(detail)\(keptSuffix)",
      sqliteCode: databaseError.extendedResultCode.rawValue)
  }
}
