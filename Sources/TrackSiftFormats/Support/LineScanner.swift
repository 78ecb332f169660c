/// Splits bytes into lines for the line-based readers (NMEA, GnssLogger, CSV), handing back
/// the pages of a mapped file behind it as it goes.
enum LineScanner {
  /// How many bytes pass between two calls of `onConsumed`.
  static let releaseInterval = 1 << 20

  /// Calls `body` with each line of `bytes` (without its end) and its number from 1.
  ///
  /// A CR LF pair, a lone LF and a lone CR each end one line.
  /// - Parameter onConsumed: told, about every megabyte, the offset before which no byte will
  ///   be read again.
  static func forEachLine<Failure: Error>(
    in bytes: UnsafeRawBufferPointer, onConsumed: ((Int) -> Void)?,
    _ body: (_ line: UnsafeRawBufferPointer, _ number: Int) throws(Failure) -> Void
  ) throws(Failure) {
    try forEachLineRange(in: bytes, onConsumed: onConsumed) { range, number throws(Failure) in
      try body(UnsafeRawBufferPointer(rebasing: bytes[range]), number)
    }
  }

  /// Calls `body` with the byte range of each line of `bytes` (without its end) and its
  /// number from 1, as ``forEachLine(in:onConsumed:_:)`` splits them.
  static func forEachLineRange<Failure: Error>(
    in bytes: UnsafeRawBufferPointer, onConsumed: ((Int) -> Void)?,
    _ body: (_ range: Range<Int>, _ number: Int) throws(Failure) -> Void
  ) throws(Failure) {
    var lineNumber = 0
    var start = 0
    var nextRelease = releaseInterval
    let count = bytes.count
    while start < count {
      var index = start
      while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
      lineNumber += 1
      try body(start..<index, lineNumber)
      if index < count, bytes[index] == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A {
        index += 1
      }
      start = index + 1
      if start >= nextRelease, let onConsumed {
        onConsumed(start)
        nextRelease = start + releaseInterval
      }
    }
  }
}
