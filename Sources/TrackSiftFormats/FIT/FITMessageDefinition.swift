/// A definition message: the layout of the data messages of one local type until it is
/// redefined (its sizes and hot fields are in ``FITLocalType``).
struct FITMessageDefinition: Sendable {
  /// The global message number (20 is `record`, 18 `session`, ...).
  var globalNumber: UInt16
  /// Whether multi-byte values are big-endian (architecture 1).
  var bigEndian: Bool
  /// The fields, in order.
  var fields: [FITFieldDefinition]
  /// The developer fields as `(developer data index, field number, offset, size)`.
  var developerFields: [(index: UInt8, number: UInt8, offset: Int, size: Int)]

  /// The field numbered `number`, or `nil`.
  func field(_ number: UInt8) -> FITFieldDefinition? {
    fields.first { $0.number == number }
  }
}
