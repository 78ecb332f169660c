import Foundation
import TrackSift

/// Reads FIT activity files (Garmin's Flexible and Interoperable Data Transfer protocol) into a
/// ``FITActivity``.
///
/// Written from the FIT protocol description: a 12- or 14-byte file header (its CRC checked
/// when present and not zero), data records, and the file's CRC-16; several files chained
/// back to back are all read. Record headers may be normal (definition or data message, local
/// types 0-15, developer fields) or compressed-timestamp headers (a 5-bit offset rolled over
/// the last full timestamp). Definitions may be little- or big-endian; every base type is read
/// with its invalid value taken as "not given"; fields whose size is not a whole number of
/// elements are skipped. Developer fields are skipped by their declared size, and the numeric
/// ones that a `field_description` names are kept by that name.
///
/// **Messages.** `record` messages with a position become fixes: position from semicircles,
/// altitude (enhanced first; scale 5, offset 500 m), speed (enhanced first; mm/s), heart rate,
/// cadence, power, temperature, and `gps_accuracy` as the horizontal accuracy; the device's
/// distance goes to ``FITActivity/fixDistancesMeters``. Records without a position are counted,
/// not turned into fixes. A timer stop `event` followed by a start begins a new segment, and so
/// does each chained file. `session` and `lap` messages give ``DeviceTotals``; `file_id` and
/// `device_info` give ``FITFileID`` and ``FITDevice``. Times are seconds since
/// 1989-12-31T00:00:00Z; relative times (below 0x10000000) are flagged in
/// ``FITActivity/hasRelativeTimestamps``. Every fix has source `FixSource.unknown`.
///
/// **Damage.** Sizes declared by the file are checked against the bytes there are before
/// anything is read, and nothing is allocated from them. A damaged file is refused with a
/// ``FITError`` that names the byte offset, or, in lenient mode, read up to the damage.
///
/// Values out of their physical range are refused and counted (``FixFieldLimits``,
/// ``FITActivity/refusedFieldCounts``).
///
/// - Complexity: O(n) in the file size; memory is the result plus the definitions.
public enum FITReader {
  /// Reads the FIT file at `url`.
  ///
  /// The file is memory-mapped and the pages already read are given back as the reader goes;
  /// another process must not truncate the file meanwhile.
  /// - Throws: ``FITError`` when the file cannot be read or, unless `options` is lenient, is
  ///   damaged.
  public static func read(
    contentsOf url: URL, options: Options = .init()
  ) throws(FITError) -> FITActivity {
    let file: MappedFile
    do {
      file = try MappedFile(path: url.path)
    } catch {
      throw FITError(reason: "cannot read \(url.path): \(error.message)", byteOffset: nil)
    }
    return try FITDecoder.decode(
      file.bytes, options: options, onConsumed: file.releasePages(before:))
  }

  /// Reads FIT from the bytes of a file.
  /// - Throws: ``FITError`` when, unless `options` is lenient, the bytes are damaged.
  public static func read(data: Data, options: Options = .init()) throws(FITError) -> FITActivity {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(FITError) -> FITActivity in
        try FITDecoder.decode(bytes, options: options)
      }
    }
    return try result.get()
  }

  /// Reads FIT from bytes in memory.
  /// - Throws: ``FITError`` when, unless `options` is lenient, the bytes are damaged.
  public static func read(
    bytes: UnsafeRawBufferPointer, options: Options = .init()
  ) throws(FITError) -> FITActivity {
    try FITDecoder.decode(bytes, options: options)
  }
}
