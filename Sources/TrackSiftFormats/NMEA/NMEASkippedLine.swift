/// A line that a lenient ``NMEAReader`` passed over, and why.
public struct NMEASkippedLine: Sendable, Hashable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// Why it was skipped, in the words an ``NMEAError`` would use in strict mode.
  public var reason: String

  /// Creates a record of a skipped line.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line 12: checksum mismatch: ...`.
  public var description: String { "line \(line): \(reason)" }
}
