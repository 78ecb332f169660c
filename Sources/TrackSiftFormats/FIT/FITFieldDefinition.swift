/// One field of a definition message: where it sits in the data messages that use the
/// definition and how to read it.
struct FITFieldDefinition: Sendable {
  /// The field's number in its message (253 is the timestamp of every message).
  var number: UInt8
  /// Offset from the first byte after the record header.
  var offset: Int
  /// Bytes in the field (several elements for an array).
  var size: Int
  /// The base type; `nil` when unknown or when `size` is not a whole number of elements
  /// (such fields are skipped, as the protocol says to treat them as bytes).
  var baseType: FITBaseType?
}
