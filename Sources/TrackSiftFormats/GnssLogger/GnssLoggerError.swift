/// Why an Android GnssLogger log was refused, and where.
public struct GnssLoggerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words.
  public var reason: String
  /// The line of the error, from 1; 0 when the error has no place in the file (it could not be
  /// read at all).
  public var line: Int

  /// Creates an error.
  public init(reason: String, line: Int) {
    self.reason = reason
    self.line = line
  }

  /// `line 88: AltitudeMeters: not a number: "-29co.199999"`, or the reason alone when the
  /// error has no line.
  public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
