/// The CRC-16 of the FIT protocol: polynomial 0x8005 reflected (0xA001), initial value 0, no
/// final XOR (the CRC-16/ARC of the catalogues). The protocol describes it one nibble at a
/// time over a 16-entry table; a 256-entry table gives the same values a byte at a time.
enum FITCRC {
  private static let table: [UInt16] = (0..<256).map { index in
    var crc = UInt16(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
    return crc
  }

  /// The CRC of `count` bytes from `start`, continuing from `crc`.
  ///
  /// - Complexity: O(count).
  static func update(
    _ crc: UInt16, _ bytes: UnsafeRawPointer, from start: Int, count: Int
  ) -> UInt16 {
    var crc = crc
    table.withUnsafeBufferPointer { table in
      for index in start..<(start + count) {
        let byte = bytes.load(fromByteOffset: index, as: UInt8.self)
        crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
      }
    }
    return crc
  }
}
