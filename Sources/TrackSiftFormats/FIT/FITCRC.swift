/// The CRC-16 of the FIT protocol: polynomial 0x8005 reflected (0xA001), initial value 0, no
/// final XOR (the CRC-16/ARC of the catalogues). The protocol describes it one nibble at a
/// time over a 16-entry table; this gives the same values eight bytes at a time over eight
/// 256-entry tables ("slicing-by-8", Kounavis and Berry 2005), several times faster, which
/// matters because the CRC is checked over the whole file before it is decoded.
enum FITCRC {
  /// `tables[k * 256 + b]`: the CRC change of byte `b` followed by `k` zero bytes.
  private static let tables: [UInt16] = {
    var tables = [UInt16](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var crc = UInt16(index)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
      tables[index] = crc
    }
    for slice in 1..<8 {
      for index in 0..<256 {
        let previous = tables[(slice - 1) * 256 + index]
        tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
      }
    }
    return tables
  }()

  /// The CRC of `count` bytes from `start`, continuing from `crc`.
  ///
  /// - Complexity: O(count).
  static func update(
    _ crc: UInt16, _ bytes: UnsafeRawPointer, from start: Int, count: Int
  ) -> UInt16 {
    var crc = crc
    tables.withUnsafeBufferPointer { table in
      var index = start
      let end = start + count
      while end - index >= 8 {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let x = word ^ UInt64(crc)
        var next = table[7 * 256 + Int(x & 0xFF)]
        next ^= table[6 * 256 + Int((x >> 8) & 0xFF)]
        next ^= table[5 * 256 + Int((x >> 16) & 0xFF)]
        next ^= table[4 * 256 + Int((x >> 24) & 0xFF)]
        next ^= table[3 * 256 + Int((x >> 32) & 0xFF)]
        next ^= table[2 * 256 + Int((x >> 40) & 0xFF)]
        next ^= table[1 * 256 + Int((x >> 48) & 0xFF)]
        next ^= table[Int(x >> 56)]
        crc = next
        index += 8
      }
      while index < end {
        let byte = bytes.load(fromByteOffset: index, as: UInt8.self)
        crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
        index += 1
      }
    }
    return crc
  }
}
