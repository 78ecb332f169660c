/// FIT bytes in memory, read in place: single bytes, integers in either byte order, and the
/// values of a message's fields (no copy, no allocation but for strings).
struct FITBytes {
  let base: UnsafeRawPointer

  @inline(__always)
  func byte(_ offset: Int) -> UInt8 {
    base.load(fromByteOffset: offset, as: UInt8.self)
  }

  @inline(__always)
  func load<T: FixedWidthInteger>(_: T.Type, _ offset: Int, bigEndian: Bool) -> T {
    let value = base.loadUnaligned(fromByteOffset: offset, as: T.self)
    return bigEndian ? T(bigEndian: value) : T(littleEndian: value)
  }

  /// The `size` bytes at `offset` (1, 2, 4 or 8) as an unsigned integer in host order.
  @inline(__always)
  func rawValue(_ offset: Int, _ size: Int, _ bigEndian: Bool) -> UInt64 {
    switch size {
    case 1: UInt64(byte(offset))
    case 2: UInt64(load(UInt16.self, offset, bigEndian: bigEndian))
    case 4: UInt64(load(UInt32.self, offset, bigEndian: bigEndian))
    default: load(UInt64.self, offset, bigEndian: bigEndian)
    }
  }

  /// The first element of a numeric field of the message at `start`, or `nil` when the field
  /// is absent, invalid or not numeric.
  @inline(__always)
  func number(_ field: FITFieldDefinition?, _ start: Int, _ bigEndian: Bool) -> Double? {
    guard let field, let type = field.baseType else { return nil }
    return type.value(raw: rawValue(start + Int(field.offset), type.size, bigEndian))
  }

  /// The first element of an integer field of the message at `start`, or `nil` when the
  /// field is absent, invalid or not an integer.
  @inline(__always)
  func integer(_ field: FITFieldDefinition?, _ start: Int, _ bigEndian: Bool) -> UInt64? {
    guard let field, let type = field.baseType else { return nil }
    return type.integer(raw: rawValue(start + Int(field.offset), type.size, bigEndian))
  }

  /// A string field up to its first NUL, or `nil` when absent or empty.
  func string(_ field: FITFieldDefinition?, _ start: Int) -> String? {
    guard let field, field.baseType == .string else { return nil }
    let bytes = UnsafeRawBufferPointer(
      start: base + start + Int(field.offset), count: Int(field.size))
    let text = bytes.prefix { $0 != 0 }
    return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
  }
}
