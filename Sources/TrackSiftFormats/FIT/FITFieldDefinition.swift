/// One field of a definition message: where it sits in the data messages that use the
/// definition and how to read it. Kept to 8 bytes so that the per-message layouts copy cheaply.
struct FITFieldDefinition: Sendable {
  /// The field's number in its message (253 is the timestamp of every message).
  var number: UInt8
  /// Bytes in the field (several elements for an array).
  var size: UInt8
  /// The base type; `nil` when unknown or when `size` is not a whole number of elements
  /// (such fields are skipped, as the protocol says to treat them as bytes).
  var baseType: FITBaseType?
  /// Offset from the first byte after the record header.
  var offset: Int32
}
