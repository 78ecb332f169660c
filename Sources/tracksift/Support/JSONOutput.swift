import Foundation

/// The JSON the commands print and store: sorted keys, ISO 8601 dates, and non-finite numbers
/// as the strings `inf`, `-inf` and `nan`.
enum JSONOutput {
  /// The encoded value as text, pretty-printed unless `compact`.
  static func string(_ value: some Encodable, compact: Bool = false) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = compact ? [.sortedKeys] : [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Decodes what ``string(_:compact:)`` wrote.
  static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try decoder.decode(type, from: Data(text.utf8))
  }
}
