/// Why an NMEA log was refused, and where.
///
/// `line` counts from 1 (a CR LF pair, a lone LF and a lone CR each end one line); a line of 0
/// means the error has no place in the file (it could not be read at all).
public struct NMEAError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words, such as `checksum mismatch: the sentence says 4A, its bytes give 4B`.
  public var reason: String
  /// The line of the error, from 1; 0 when the error has no place in the file.
  public var line: Int

  /// Creates an error.
  public init(reason: String, line: Int) {
    self.reason = reason
    self.line = line
  }

  /// `line 12: checksum mismatch: ...`, or the reason alone when the error has no line.
  public var description: String {
    line > 0 ? "line \(line): \(reason)" : reason
  }
}
