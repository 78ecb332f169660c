import Foundation

/// Reads a file on disk: as it is, or inflated from gzip while it is read.
enum PlainFileReader {
  /// Bytes of a `.gz` file read at a time.
  static let chunkBytes = 1 << 20

  /// The bytes of the file at `source.path`, inflated when ``ActivitySource/isCompressed``.
  ///
  /// A plain file is memory-mapped. A `.gz` file is read in chunks of ``chunkBytes`` into the
  /// inflater, so memory holds the output and one chunk.
  ///
  /// - Throws: ``ArchiveError`` when the file is missing, not a regular file, unreadable,
  ///   larger than `maximumBytes` (plain) or inflates past it, or is not sound gzip data.
  /// - Complexity: O(n + m) for n bytes on disk and m output bytes.
  static func read(_ source: ActivitySource, maximumBytes: Int) throws(ArchiveError) -> Data {
    let path = source.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw ArchiveError(path: path, reason: "no such file or folder")
    }
    guard RegularFile.exists(at: path) else {
      // A FIFO's reading waits for a writer; a device's may never end.
      throw ArchiveError(path: path, reason: "not a regular file")
    }
    if source.isCompressed { return try inflate(path, maximumBytes: maximumBytes) }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)
    if let size, size.int64Value > Int64(maximumBytes) {
      throw ArchiveError(path: path, reason: "more than \(maximumBytes) bytes")
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    } catch {
      throw ArchiveError(path: path, reason: "cannot be read (\(error.localizedDescription))")
    }
  }

  private static func inflate(_ path: String, maximumBytes: Int) throws(ArchiveError) -> Data {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    } catch {
      throw ArchiveError(path: path, reason: "cannot be read (\(error.localizedDescription))")
    }
    defer { try? handle.close() }
    let inflater = try GzipInflater(path: path, member: nil, maximumBytes: maximumBytes)
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: chunkBytes)
      } catch {
        throw ArchiveError(path: path, reason: "cannot be read (\(error.localizedDescription))")
      }
      guard let chunk, !chunk.isEmpty else { break }
      try inflater.append(chunk)
    }
    return try inflater.finish()
  }
}
