/// What the decoder needs for every data message of a local type, without references, so that
/// looking it up for each message copies a few bytes and touches no reference count. The
/// field lists stay in ``FITMessageDefinition`` for the rarer messages.
struct FITLocalType: Sendable {
  /// Bytes in a data message after its record header.
  var size: Int
  /// The global message number.
  var globalNumber: UInt16
  /// Whether multi-byte values are big-endian.
  var bigEndian: Bool
  /// Whether the definition has developer fields.
  var hasDeveloperFields: Bool
  /// The timestamp field (253), when the message has one.
  var timestamp: FITFieldDefinition?
  /// Where the fields of a `record` message are, for `record` definitions.
  var record: FITRecordLayout?
}
