import Foundation

/// JSON as TrackSift writes it for people and programs: sorted keys, ISO 8601 dates, and a
/// number that is not finite (no figure) as `null`, never `inf` or `nan`.
public enum JSONText {
  /// The encoded value as text, pretty-printed unless `compact` (one line, as a JSON Lines
  /// row).
  public static func printable(_ value: some Encodable, compact: Bool = false) throws -> String {
    let encoder = encoder(compact: compact)
    // A marker no input can hold (a fresh UUID) stands for a non-finite number, then the
    // quoted marker becomes null.
    let marker = "\u{1}" + UUID().uuidString
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: marker, negativeInfinity: marker, nan: marker)
    let data = try encoder.encode(value)
    let quoted = "\"\\u0001\(marker.dropFirst())\""
    // Most output has no such number: a byte search is far cheaper than replacing in text.
    guard data.range(of: Data(quoted.utf8)) != nil else {
      return String(decoding: data, as: UTF8.self)
    }
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: quoted, with: "null")
  }

  private static func encoder(compact: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = compact ? [.sortedKeys] : [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}
