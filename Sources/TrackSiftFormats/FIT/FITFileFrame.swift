/// The frame of one FIT file of a chain: its header, checked, where its data lies, and what is
/// wrong with its length or its CRC.
struct FITFileFrame {
  /// Where the data messages start, after the header.
  let dataStart: Int
  /// Where the data ends as the header declares it (its 2-byte CRC follows), which may lie
  /// past the end of the bytes.
  let dataEnd: Int
  /// The data's CRC disagreeing with its bytes, or the data or CRC cut short; `nil` when the
  /// file is whole. A lenient reader decodes the data all the same.
  let damage: FITError?

  /// Reads the header of the file at `start` of the `count` bytes.
  /// - Throws: ``FITError`` when there is no FIT header (too few bytes, no `.FIT` signature,
  ///   a header longer than the bytes left) or the header's CRC disagrees with its bytes.
  init(at start: Int, in data: FITBytes, count: Int) throws(FITError) {
    let remaining = count - start
    guard remaining >= 12 else {
      throw FITError(
        reason: "\(FITError.byteCount(remaining)) are too few for a FIT file header (12 or 14)",
        byteOffset: start)
    }
    let headerSize = Int(data.byte(start))
    guard headerSize >= 12,
      data.byte(start + 8) == 0x2E, data.byte(start + 9) == 0x46, data.byte(start + 10) == 0x49,
      data.byte(start + 11) == 0x54
    else {
      throw FITError(reason: "not a FIT file header (no .FIT signature)", byteOffset: start)
    }
    guard headerSize <= remaining else {
      throw FITError(
        reason: "the header declares \(FITError.byteCount(headerSize)), "
          + "only \(FITError.byteCount(remaining)) remain",
        byteOffset: start)
    }
    if headerSize >= 14 {
      let stored = UInt16(data.byte(start + 12)) | UInt16(data.byte(start + 13)) << 8
      let computed = FITCRC.update(0, data.base, from: start, count: 12)
      if stored != 0 && stored != computed {
        throw FITError(
          reason: "header CRC is \(FITError.hex(stored)), its bytes give \(FITError.hex(computed))",
          byteOffset: start + 12)
      }
    }
    let dataSize = Int(data.load(UInt32.self, start + 4, bigEndian: false))
    dataStart = start + headerSize
    dataEnd = dataStart + dataSize
    damage = Self.damage(
      fileStart: start, dataStart: dataStart, dataEnd: dataEnd, in: data, count: count)
  }

  /// What is wrong with the data from `dataStart` to `dataEnd` and its CRC, or `nil`.
  private static func damage(
    fileStart start: Int, dataStart: Int, dataEnd: Int, in data: FITBytes, count: Int
  ) -> FITError? {
    guard dataEnd + 2 <= count else {
      if dataEnd <= count {
        return FITError(reason: "the file ends before its 2-byte CRC", byteOffset: count)
      }
      return FITError(
        reason: "the file ends \(FITError.byteCount(dataEnd - count)) before the end of the data "
          + "its header declares (\(FITError.byteCount(dataEnd - dataStart)) from byte "
          + "\(dataStart))",
        byteOffset: count)
    }
    let stored = UInt16(data.byte(dataEnd)) | UInt16(data.byte(dataEnd + 1)) << 8
    let computed = FITCRC.update(0, data.base, from: start, count: dataEnd - start)
    guard stored != computed else { return nil }
    return FITError(
      reason: "file CRC is \(FITError.hex(stored)), the bytes give \(FITError.hex(computed))",
      byteOffset: dataEnd)
  }
}
