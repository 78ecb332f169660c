/// A line that a lenient line-based reader (``NMEAReader``, ``GnssLoggerReader``) passed over,
/// and why.
public struct SkippedLine: Sendable, Hashable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// Why it was skipped, in the words the reader's error would use in strict mode.
  public var reason: String

  /// Creates a record of a skipped line.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line 12: checksum mismatch: ...`.
  public var description: String { "line \(line): \(reason)" }
}

/// The former name of ``SkippedLine``.
@available(*, deprecated, renamed: "SkippedLine")
public typealias NMEASkippedLine = SkippedLine

extension [SkippedLine] {
  /// Counts `line` in `total` and keeps it while fewer than `maximum` are kept: a log's
  /// account of the lines it skipped stays bounded however many there are.
  mutating func record(_ line: SkippedLine, maximum: Int, total: inout Int) {
    total += 1
    if count < maximum { append(line) }
  }
}
