import Foundation
import ZIPFoundation

/// Reads one zip member's bytes through ZIPFoundation's streaming `extract`, inflating a
/// `.gz` member as it streams, so memory is bounded by the output, never by the archive.
///
/// Checks made on the way, since a member can lie: the stored CRC-32, the stored size, and
/// that deflate data ends within its stored compressed size. The last also keeps clear of a
/// loop in ZIPFoundation 0.9.20's Linux inflater, which spins when the deflate data runs to
/// the end of the file without ending (weichsel/ZIPFoundation pull request 389).
struct ZipMemberReader {
  /// Bytes ZIPFoundation reads and inflates at a time.
  static let bufferBytes = 64 * 1024

  /// The member, the archive and the source they stand for (for error messages).
  let entry: Entry
  let archive: Archive
  let source: ActivitySource
  let maximumBytes: Int

  /// The member's bytes, inflated when ``ActivitySource/isCompressed``.
  ///
  /// - Throws: ``ArchiveError`` naming the archive and member when the member is damaged,
  ///   its CRC-32 or size does not match, it uses an unsupported compression method, or its
  ///   output passes `maximumBytes`.
  /// - Complexity: O(n + m) for n stored and m output bytes; memory O(m).
  func read() throws(ArchiveError) -> Data {
    let statedBytes = entry.uncompressedSize
    if !source.isCompressed && statedBytes > UInt64(maximumBytes) {
      throw failure(
        "more than \(maximumBytes) bytes once decompressed (the zip states \(statedBytes))")
    }
    let inflater: GzipInflater? =
      source.isCompressed
      ? try GzipInflater(path: source.path, member: source.member, maximumBytes: maximumBytes)
      : nil
    var plain = Data()
    var watch = StreamWatch(entry: entry, bufferBytes: Self.bufferBytes)
    let checksum: CRC32
    do {
      checksum = try archive.extract(entry, bufferSize: Self.bufferBytes) { chunk in
        if let reason = watch.observe(chunk) { throw failure(reason) }
        if let inflater {
          try inflater.append(chunk)
        } else if chunk.count > maximumBytes - plain.count {
          throw failure("more than \(maximumBytes) bytes once decompressed")
        } else {
          plain.append(chunk)
        }
      }
    } catch let error as ArchiveError {
      throw error
    } catch {
      throw failure(Self.reason(for: error))
    }
    if let reason = watch.finish(checksum: checksum) { throw failure(reason) }
    return try inflater?.finish() ?? plain
  }

  private func failure(_ reason: String) -> ArchiveError {
    ArchiveError(path: source.path, member: source.member, reason: reason)
  }

  private static func reason(for error: any Error) -> String {
    switch error {
    case Archive.ArchiveError.invalidCompressionMethod:
      return "compression method not supported (only stored and deflate are)"
    case Archive.ArchiveError.invalidCRC32:
      return "CRC mismatch"
    case Archive.ArchiveError.invalidEntrySize, Archive.ArchiveError.invalidLocalHeaderDataOffset:
      return "member header damaged (\(error))"
    default:
      return "member data damaged (ZIPFoundation: \(error))"
    }
  }
}
