import Foundation

/// A batch summary on disk, written a row at a time: JSON Lines (one ``BatchRow`` per line),
/// or CSV (the main figures, one column each) when the path ends in `.csv`.
///
/// Each row is appended and flushed to the file as soon as it is known, so a batch that is
/// killed keeps every row written before; a row cut short by the kill (a torn last line) is
/// dropped when the summary is opened again to resume.
public final class SummaryFile {
  /// The layouts of a summary.
  public enum Format: Sendable {
    case jsonLines, csv
  }

  /// The file's path.
  public let path: String
  /// Its layout, from its extension.
  public let format: Format
  private let handle: FileHandle

  /// The complete rows already in the file (when resuming), in order.
  let existingKeys: [BatchRowKey]

  /// The configuration hashes (``BatchConfiguration/hash``) of the rows already in the file.
  public var existingConfigurationHashes: Set<String> { Set(existingKeys.map(\.configurationHash)) }

  /// Opens the summary at `path`: a new, empty one, or (with `resuming`) the one there,
  /// keeping its complete rows and dropping a torn last line.
  /// - Throws: ``BatchError`` when it cannot be created, read or written, or a complete row
  ///   cannot be read back.
  public init(path: String, resuming: Bool) throws(BatchError) {
    self.path = path
    format = path.lowercased().hasSuffix(".csv") ? .csv : .jsonLines
    let manager = FileManager.default
    // `--summary summaries/shard-3.jsonl` on a fresh node: the folder is made.
    try? manager.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    var keys: [BatchRowKey] = []
    if resuming, manager.fileExists(atPath: path) {
      keys = try Self.keepCompleteRows(at: path, format: format)
    } else if !manager.createFile(
      atPath: path, contents: format == .csv ? Data((BatchCSV.header + "\n").utf8) : Data())
    {
      throw BatchError("\(path): cannot create the summary")
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw BatchError("\(path): cannot write the summary")
    }
    do { try handle.seekToEnd() } catch { throw BatchError("\(path): \(error)") }
    self.handle = handle
    existingKeys = keys
  }

  deinit { try? handle.close() }

  /// Appends one row as one line.
  public func append(_ row: BatchRow) throws(BatchError) {
    let line: String
    do {
      line = format == .csv ? BatchCSV.line(row) : try row.jsonLine()
      try handle.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      throw BatchError("\(path): cannot append a row (\(error))")
    }
  }

  /// Cuts a torn last line off the file and reads the keys of its complete rows.
  private static func keepCompleteRows(
    at path: String, format: Format
  ) throws(BatchError) -> [BatchRowKey] {
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw BatchError("\(path): cannot read the summary to resume (\(error))")
    }
    let complete = completeLength(of: data)
    if complete < data.count {
      guard let handle = FileHandle(forWritingAtPath: path) else {
        throw BatchError("\(path): cannot cut its torn last line")
      }
      do {
        try handle.truncate(atOffset: UInt64(complete))
        try handle.close()
      } catch { throw BatchError("\(path): cannot cut its torn last line (\(error))") }
    }
    return try completeRows(of: data, format: format, path: path).map(\.key)
  }

  /// The bytes of `data` up to and with its last line break: its complete lines.
  private static func completeLength(of data: Data) -> Int {
    data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
  }

  /// The rows of a summary's complete lines (a torn last line is ignored), each with its line.
  static func completeRows(
    of data: Data, format: Format, path: String
  ) throws(BatchError) -> [(key: BatchRowKey, line: String)] {
    let complete = completeLength(of: data)
    var rows: [(key: BatchRowKey, line: String)] = []
    for (number, bytes) in data.prefix(complete).split(separator: UInt8(ascii: "\n")).enumerated() {
      let line = String(decoding: bytes, as: UTF8.self)
      if format == .csv && number == 0 {
        guard line == BatchCSV.header else {
          throw BatchError("\(path): not a batch summary (its CSV header differs)")
        }
        continue
      }
      do {
        let key =
          format == .csv
          ? try BatchCSV.key(line) : try JSONDecoder().decode(BatchRowKey.self, from: Data(bytes))
        rows.append((key, line))
      } catch {
        throw BatchError("\(path), line \(number + 1): not a summary row (\(error))")
      }
    }
    return rows
  }
}

/// Why a batch could not go on (a file's own failure is an error row, not this).
public struct BatchError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, and where.
  public var description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
