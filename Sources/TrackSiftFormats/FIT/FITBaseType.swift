/// The base types of FIT fields, numbered as the FIT protocol numbers them (the low five bits
/// of a field definition's base type byte), each with its size and its invalid value.
enum FITBaseType: UInt8, Sendable, CaseIterable {
  case enumeration = 0
  case sint8 = 1
  case uint8 = 2
  case sint16 = 3
  case uint16 = 4
  case sint32 = 5
  case uint32 = 6
  case string = 7
  case float32 = 8
  case float64 = 9
  case uint8z = 10
  case uint16z = 11
  case uint32z = 12
  case byte = 13
  case sint64 = 14
  case uint64 = 15
  case uint64z = 16

  /// The base type of a field definition's base type byte, or `nil` for an unknown number.
  init?(definitionByte: UInt8) {
    self.init(rawValue: definitionByte & 0x1F)
  }

  /// Bytes per element.
  var size: Int {
    switch self {
    case .enumeration, .sint8, .uint8, .string, .uint8z, .byte: 1
    case .sint16, .uint16, .uint16z: 2
    case .sint32, .uint32, .float32, .uint32z: 4
    case .float64, .sint64, .uint64, .uint64z: 8
    }
  }

  /// The element's value, or `nil` when `raw` (the element's bytes as an unsigned integer in
  /// host order) is the type's invalid value; strings have no numeric value.
  @inline(__always)
  func value(raw: UInt64) -> Double? {
    switch self {
    case .enumeration, .uint8, .byte: raw == 0xFF ? nil : Double(raw)
    case .sint8: raw == 0x7F ? nil : Double(Int8(truncatingIfNeeded: raw))
    case .uint8z, .uint16z, .uint32z, .uint64z: raw == 0 ? nil : Double(raw)
    case .sint16: raw == 0x7FFF ? nil : Double(Int16(truncatingIfNeeded: raw))
    case .uint16: raw == 0xFFFF ? nil : Double(raw)
    case .sint32: raw == 0x7FFF_FFFF ? nil : Double(Int32(truncatingIfNeeded: raw))
    case .uint32: raw == 0xFFFF_FFFF ? nil : Double(raw)
    case .sint64: raw == 0x7FFF_FFFF_FFFF_FFFF ? nil : Double(Int64(bitPattern: raw))
    case .uint64: raw == UInt64.max ? nil : Double(raw)
    case .float32:
      raw == 0xFFFF_FFFF ? nil : Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
    case .float64: raw == UInt64.max ? nil : Double(bitPattern: raw)
    case .string: nil
    }
  }

  /// The element as an unsigned integer (serial numbers, enums), or `nil` when invalid.
  @inline(__always)
  func integer(raw: UInt64) -> UInt64? {
    switch self {
    case .float32, .float64, .string: nil
    default: value(raw: raw) == nil ? nil : raw
    }
  }
}
