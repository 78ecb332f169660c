/// Why a GeoJSON file was refused, and where: a byte offset where the text stops being JSON,
/// or the path of the JSON value at fault (`features[2].geometry.coordinates[7]`).
public struct GeoJSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words.
  public var reason: String
  /// The byte offset from the start of the file (from 0) of a JSON syntax error; `nil` for an
  /// error in the GeoJSON structure, or one without a place (the file could not be read).
  public var byteOffset: Int?
  /// The path of the value at fault from the root, such as
  /// `features[2].geometry.coordinates[7]`; empty for the root or for a syntax error.
  public var path: String

  /// Creates an error.
  public init(reason: String, byteOffset: Int? = nil, path: String = "") {
    self.reason = reason
    self.byteOffset = byteOffset
    self.path = path
  }

  /// `byte 12: unexpected '}'`, `features[2].geometry.coordinates[7]: a position needs ...`, or
  /// the reason alone.
  public var description: String {
    if let byteOffset { return "byte \(byteOffset): \(reason)" }
    return path.isEmpty ? reason : "\(path): \(reason)"
  }
}
