import Foundation
import ZIPFoundation

/// Watches the chunks ZIPFoundation's `extract` hands over for one member and says when they
/// stop matching what the central directory states (size, CRC-32, compressed size).
///
/// ZIPFoundation's Linux inflater reads `bufferBytes` of input per round and hands over
/// output until that input is used up, so a chunk shorter than `bufferBytes` ends a round.
/// Deflate data that has not ended once its stated compressed size is read runs on into the
/// next member and, at the file's end, makes that inflater loop without end; so a round past
/// the stated compressed size, or output other than the stated size at that round, is
/// refused before the file's end is reached. (Data crafted to state the very size it makes
/// at that round and to end the file there still reaches the loop.)
struct StreamWatch {
  private let isDeflate: Bool
  private let statedBytes: UInt64
  private let statedCompressedBytes: UInt64
  private let statedChecksum: CRC32
  private let bufferBytes: Int
  /// The rounds in which deflate data of the stated compressed size ends.
  private let allowedRounds: UInt64
  private var rounds: UInt64 = 0
  private var outputBytes: UInt64 = 0

  /// A watch for `entry` read with ZIPFoundation's `bufferSize` of `bufferBytes`.
  init(entry: Entry, bufferBytes: Int) {
    isDeflate = entry.isCompressed
    statedBytes = entry.uncompressedSize
    statedCompressedBytes = entry.compressedSize
    statedChecksum = entry.checksum
    self.bufferBytes = bufferBytes
    let buffer = UInt64(bufferBytes)
    let compressed = entry.compressedSize
    allowedRounds = max(1, compressed / buffer + (compressed % buffer == 0 ? 0 : 1))
  }

  /// Takes note of the next chunk handed over; returns why to stop, or nil to go on.
  ///
  /// - Complexity: O(1).
  mutating func observe(_ chunk: Data) -> String? {
    outputBytes += UInt64(chunk.count)
    if outputBytes > statedBytes {
      return "larger than the \(statedBytes) bytes the zip states"
    }
    if isDeflate {
      guard chunk.count < bufferBytes else { return nil }
      rounds += 1
      if rounds > allowedRounds || (rounds == allowedRounds && outputBytes != statedBytes) {
        return "deflate data does not end within its \(statedCompressedBytes) bytes"
      }
    } else if chunk.isEmpty && statedBytes > 0 {
      return "cut short: \(outputBytes) of the \(statedBytes) bytes the zip states"
    }
    return nil
  }

  /// Checks the whole member once `extract` has returned `checksum`; returns why to refuse
  /// it, or nil when it is sound.
  func finish(checksum: CRC32) -> String? {
    if outputBytes != statedBytes {
      return "cut short: \(outputBytes) of the \(statedBytes) bytes the zip states"
    }
    if checksum != statedChecksum {
      let stated = String(statedChecksum, radix: 16)
      return
        "CRC mismatch (the zip states \(stated), the data gives \(String(checksum, radix: 16)))"
    }
    return nil
  }
}
