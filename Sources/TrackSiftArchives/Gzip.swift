import CSystemZlib
import Foundation

/// gzip (RFC 1952) through the system zlib: inflating with a limit, and compressing.
public enum Gzip {
  /// Inflates gzip (or zlib, RFC 1950) data; concatenated gzip members are joined, as
  /// `gzip -d` does.
  ///
  /// Output grows as it is made, never from a size the data claims, so a bomb is refused
  /// after at most `maximumBytes` of memory.
  ///
  /// - Parameters:
  ///   - data: the compressed bytes.
  ///   - name: the name errors carry as their ``ArchiveError/path``, usually the file's path.
  ///   - maximumBytes: the most decompressed bytes accepted.
  /// - Returns: the decompressed bytes.
  /// - Throws: ``ArchiveError`` naming `name` when `data` is empty, is not gzip or zlib (`not
  ///   gzip data (zlib: incorrect header check)`), is
  ///   damaged (`gzip data damaged at byte N (zlib: ...)`), is cut short, or inflates to more
  ///   than `maximumBytes` bytes.
  /// - Complexity: O(n + m) time for n compressed and m decompressed bytes; O(m) memory.
  public static func decompress(
    _ data: Data, name: String, maximumBytes: Int
  ) throws(ArchiveError) -> Data {
    let inflater = try GzipInflater(path: name, member: nil, maximumBytes: maximumBytes)
    try inflater.append(data)
    return try inflater.finish()
  }

  /// Compresses `data` as one gzip member at zlib's level 6 (gzip's default), with no file
  /// name or time in the header, so the same input always gives the same bytes.
  ///
  /// - Parameter data: the bytes to compress; may be empty.
  /// - Returns: a gzip stream that ``decompress(_:name:maximumBytes:)`` and `gzip -d` read.
  /// - Complexity: O(n) time for n input bytes; memory of the output only.
  public static func compress(_ data: Data) -> Data {
    var stream = z_stream()
    // 15 + 16: the largest window, with a gzip header and trailer instead of zlib's.
    let status = deflateInit2_(
      &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    // Only fails on bad arguments (ours are constant) or out of memory.
    precondition(status == Z_OK, "zlib deflateInit2_ failed with status \(status)")
    defer { deflateEnd(&stream) }
    var output = Data()
    let scratchBytes = 64 * 1024
    var scratch = [UInt8](repeating: 0, count: scratchBytes)
    data.withUnsafeBytes { raw in
      let base = raw.bindMemory(to: UInt8.self).baseAddress
      var offset = 0
      var finished = false
      while !finished {
        let slice = min(raw.count - offset, 1 << 30)
        stream.next_in = base.map { UnsafeMutablePointer(mutating: $0 + offset) }
        stream.avail_in = UInt32(slice)
        let flush = offset + slice == raw.count ? Z_FINISH : Z_NO_FLUSH
        repeat {
          scratch.withUnsafeMutableBufferPointer { buffer in
            stream.next_out = buffer.baseAddress
            stream.avail_out = UInt32(scratchBytes)
            finished = deflate(&stream, flush) == Z_STREAM_END
            output.append(buffer.baseAddress!, count: scratchBytes - Int(stream.avail_out))
          }
        } while stream.avail_out == 0 && !finished
        offset += slice
      }
    }
    return output
  }
}
