/// Why an XML activity file (GPX or TCX) was refused, and where.
///
/// Locations count from 1: `line` is the line, `column` the Unicode character within it (a UTF-8
/// byte-order mark is not counted), `byteOffset` the offset from the start of the file (from 0).
/// A location of line 0 means the error has no place in the file (it could not be read at all).
public struct XMLReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words, such as `unexpected end of file inside <trkpt>`.
  public var reason: String
  /// The line of the error, from 1; 0 when the error has no place in the file.
  public var line: Int
  /// The character within the line, from 1.
  public var column: Int
  /// The byte offset from the start of the file, from 0.
  public var byteOffset: Int

  /// Creates an error.
  public init(reason: String, line: Int, column: Int, byteOffset: Int) {
    self.reason = reason
    self.line = line
    self.column = column
    self.byteOffset = byteOffset
  }

  /// `line 3, column 5: unexpected end of file inside <trkpt>`, or the reason alone when the
  /// error has no location.
  public var description: String {
    line > 0 ? "line \(line), column \(column): \(reason)" : reason
  }
}
