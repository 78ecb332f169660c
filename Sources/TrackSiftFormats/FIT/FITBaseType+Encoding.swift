extension FITBaseType {
  /// The element's bytes when it holds no value, as an unsigned integer: the FIT protocol's
  /// invalid value of the type (all ones, the largest signed value, or 0 for the `z` types
  /// and strings).
  var invalidRawValue: UInt64 {
    switch self {
    case .enumeration, .uint8, .byte: 0xFF
    case .sint8: 0x7F
    case .sint16: 0x7FFF
    case .uint16: 0xFFFF
    case .sint32: 0x7FFF_FFFF
    case .uint32, .float32: 0xFFFF_FFFF
    case .sint64: 0x7FFF_FFFF_FFFF_FFFF
    case .uint64, .float64: UInt64.max
    case .string, .uint8z, .uint16z, .uint32z, .uint64z: 0
    }
  }

  /// The base type byte of a field definition: the type's number, with the endian-ability
  /// bit (0x80) for the types wider than a byte.
  var definitionByte: UInt8 {
    size > 1 ? rawValue | 0x80 : rawValue
  }

  /// The bits of `value` rounded to the nearest integer of this type, or `nil` when `value`
  /// is not finite or the integer falls outside the type's valid values (its invalid value
  /// excluded). Only the integer types encode; floats and strings give `nil`.
  func raw(encoding value: Double) -> UInt64? {
    guard value.isFinite, let bits = integerBits(value.rounded()) else { return nil }
    return bits == invalidRawValue ? nil : bits
  }

  /// The two's-complement bits of the whole number `value` in this type's size, or `nil` when
  /// it does not fit.
  private func integerBits(_ value: Double) -> UInt64? {
    let width = UInt64(size * 8)
    switch self {
    case .sint8, .sint16, .sint32, .sint64:
      guard let integer = Int64(exactly: value) else { return nil }
      guard width < 64 else { return UInt64(bitPattern: integer) }
      let limit = (Int64(1) << (width - 1)) - 1
      guard integer >= -limit - 1 && integer <= limit else { return nil }
      return UInt64(bitPattern: integer) & ((UInt64(1) << width) - 1)
    case .enumeration, .uint8, .uint16, .uint32, .uint64, .uint8z, .uint16z, .uint32z,
      .uint64z, .byte:
      guard let integer = UInt64(exactly: value) else { return nil }
      guard width == 64 || integer < UInt64(1) << width else { return nil }
      return integer
    case .string, .float32, .float64:
      return nil
    }
  }
}
