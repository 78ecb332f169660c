@testable import TrackSiftFormats

/// Builds small FIT files byte by byte for the reader's tests.
struct FITTestFile {
  /// The data records (everything between the file header and the file CRC).
  var records: [UInt8] = []

  /// Appends a definition message; fields are `(number, size, base type byte)`.
  mutating func define(
    local: UInt8, global: UInt16, bigEndian: Bool = false,
    fields: [(UInt8, UInt8, UInt8)], developerFields: [(UInt8, UInt8, UInt8)]? = nil
  ) {
    records.append(0x40 | (developerFields == nil ? 0 : 0x20) | local)
    records += [0, bigEndian ? 1 : 0]
    records += bigEndian ? be16(global) : le16(global)
    records.append(UInt8(fields.count))
    for field in fields { records += [field.0, field.1, field.2] }
    if let developerFields {
      records.append(UInt8(developerFields.count))
      for field in developerFields { records += [field.0, field.1, field.2] }
    }
  }

  /// Appends a data message with a normal header.
  mutating func data(local: UInt8, _ bytes: [UInt8]) {
    records.append(local)
    records += bytes
  }

  /// Appends a data message with a compressed-timestamp header.
  mutating func compressed(local: UInt8, timeOffset: UInt8, _ bytes: [UInt8]) {
    records.append(0x80 | local << 5 | timeOffset & 0x1F)
    records += bytes
  }

  /// The whole file: header (with its CRC when `headerSize` is 14), records, file CRC.
  func bytes(headerSize: Int = 14, declaredDataSize: UInt32? = nil) -> [UInt8] {
    var header: [UInt8] = [UInt8(headerSize), 0x20]
    header += le16(2_132)
    header += le32(declaredDataSize ?? UInt32(records.count))
    header += Array(".FIT".utf8)
    if headerSize == 14 { header += le16(crc(header)) }
    let body = header + records
    return body + le16(crc(body))
  }
}

/// The FIT CRC written as the protocol describes it, one nibble at a time over a 16-entry
/// table, independently of the reader's byte-table version.
func crc(_ bytes: [UInt8]) -> UInt16 {
  let table: [UInt16] = [
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
    0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
  ]
  var crc: UInt16 = 0
  for byte in bytes {
    var tmp = table[Int(crc & 0xF)]
    crc = (crc >> 4) & 0x0FFF
    crc = crc ^ tmp ^ table[Int(byte & 0xF)]
    tmp = table[Int(crc & 0xF)]
    crc = (crc >> 4) & 0x0FFF
    crc = crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
  }
  return crc
}

func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func be16(_ value: UInt16) -> [UInt8] { le16(value).reversed() }
func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
func be32(_ value: UInt32) -> [UInt8] { le32(value).reversed() }
func le32(signed value: Int32) -> [UInt8] { le32(UInt32(bitPattern: value)) }
func be32(signed value: Int32) -> [UInt8] { be32(UInt32(bitPattern: value)) }

/// Reads FIT bytes held in an array.
func readFIT(
  _ bytes: [UInt8], lenient: Bool = false
) throws(FITError) -> FITActivity {
  let result = bytes.withUnsafeBytes { buffer in
    Result { () throws(FITError) -> FITActivity in
      try FITReader.read(bytes: buffer, options: .init(lenient: lenient))
    }
  }
  return try result.get()
}

/// A seeded generator (SplitMix64) so that random tests repeat.
struct TestRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
