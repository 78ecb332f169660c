import Foundation

/// Builds the bytes of one FIT file: little-endian definition and data messages with normal
/// record headers, behind a 14-byte file header, each CRC computed with ``FITCRC``.
struct FITEncoder {
  /// A field of a definition: its number and its base type, one element.
  struct Field: Sendable {
    let number: UInt8
    let type: FITBaseType
  }

  /// A developer field of a definition: its number among the fields a `field_description`
  /// gave the developer data index `dataIndex`, and its base type, one element.
  struct DeveloperField: Sendable {
    let number: UInt8
    let type: FITBaseType
    let dataIndex: UInt8
  }

  /// FIT protocol 2.0.
  static let protocolVersion: UInt8 = 0x20
  /// The profile version the writer follows, 21.32 (profile versions are x100).
  static let profileVersion: UInt16 = 2_132

  private var records: [UInt8] = []
  private var definitions = [[Field]?](repeating: nil, count: 16)

  /// An encoder with room for about `capacity` bytes of messages.
  init(reservingCapacity capacity: Int = 0) {
    records.reserveCapacity(capacity)
  }

  /// Appends a definition message: local type `local` (0-15) now means message `global`
  /// with `fields`, then `developerFields`, little-endian. A data message of the type gives
  /// their values in that order.
  mutating func define(
    local: UInt8, global: UInt16, fields: [Field], developerFields: [DeveloperField] = []
  ) {
    appendDefinition(
      local: local, global: global,
      fields: fields.map { ($0.number, $0.type.size, $0.type.definitionByte) },
      developerFields: developerFields)
    definitions[Int(local)] =
      fields + developerFields.map { Field(number: $0.number, type: $0.type) }
  }

  /// Defines local type `local` as message `global` with one field per entry, each of as
  /// many bytes as given (a string with its terminating zero, a byte array), then appends
  /// their data message: for the messages whose fields are not numbers.
  mutating func appendMessage(
    local: UInt8, global: UInt16, bytes: [(number: UInt8, type: FITBaseType, bytes: [UInt8])]
  ) {
    appendDefinition(
      local: local, global: global,
      fields: bytes.map { ($0.number, $0.bytes.count, $0.type.definitionByte) })
    // Not a type `append(local:values:)` can fill: its fields are not one number each.
    definitions[Int(local)] = nil
    records.append(local)
    for field in bytes { records += field.bytes }
  }

  /// The bytes of a definition message: its header, then each field's number, size in bytes
  /// and base type byte, then the developer fields (the header says there are some).
  private mutating func appendDefinition(
    local: UInt8, global: UInt16, fields: [(number: UInt8, size: Int, typeByte: UInt8)],
    developerFields: [DeveloperField] = []
  ) {
    records += [0x40 | (developerFields.isEmpty ? 0 : 0x20) | local, 0, 0]
    append(UInt64(global), size: 2)
    records.append(UInt8(fields.count))
    for field in fields { records += [field.number, UInt8(field.size), field.typeByte] }
    guard !developerFields.isEmpty else { return }
    records.append(UInt8(developerFields.count))
    for field in developerFields {
      records += [field.number, UInt8(field.type.size), field.dataIndex]
    }
  }

  /// Appends a data message of local type `local`: one raw value per field of its
  /// definition, in order; `nil` writes the field's invalid value.
  mutating func append(local: UInt8, values: [UInt64?]) {
    guard let fields = definitions[Int(local)] else {
      preconditionFailure("local type \(local) is not defined")
    }
    precondition(fields.count == values.count, "one value per field")
    records.append(local)
    for (field, value) in zip(fields, values) {
      append(value ?? field.type.invalidRawValue, size: field.type.size)
    }
  }

  /// Defines local type `local` as message `global` with the fields of `values` that hold a
  /// value, then appends their data message: for a message written once, whose absent
  /// fields are left out rather than marked invalid.
  mutating func appendMessage(
    local: UInt8, global: UInt16, values: [(field: Field, raw: UInt64?)]
  ) {
    let given = values.compactMap { entry in entry.raw.map { (entry.field, $0) } }
    define(local: local, global: global, fields: given.map(\.0))
    append(local: local, values: given.map(\.1))
  }

  /// The whole file: the 14-byte header with its CRC, the messages, the file's CRC.
  /// - Complexity: O(n) in the size of the messages.
  func fileData() -> Data {
    var bytes: [UInt8] = [14, Self.protocolVersion]
    bytes.reserveCapacity(16 + records.count)
    bytes += Self.littleEndian(UInt64(Self.profileVersion), size: 2)
    bytes += Self.littleEndian(UInt64(records.count), size: 4)
    bytes += Array(".FIT".utf8)
    bytes += Self.littleEndian(UInt64(Self.crc(bytes)), size: 2)
    bytes += records
    bytes += Self.littleEndian(UInt64(Self.crc(bytes)), size: 2)
    return Data(bytes)
  }

  private mutating func append(_ value: UInt64, size: Int) {
    for index in 0..<size { records.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
  }

  private static func littleEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  private static func crc(_ bytes: [UInt8]) -> UInt16 {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return FITCRC.update(0, base, from: 0, count: buffer.count)
    }
  }
}
