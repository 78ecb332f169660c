import Foundation

// What the ranges of the scanner's tokens hold, for the readers: bytes, text, local names,
// decoded character data, and the line and column of an offset for error messages.
extension XMLScanner {
  /// The bytes of a range.
  func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
  }

  /// The text of a range, undecoded.
  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes(range), as: UTF8.self)
  }

  /// The local part of a qualified name (after the last `:`).
  func localName(_ name: Range<Int>) -> Range<Int> {
    var index = name.upperBound - 1
    while index >= name.lowerBound {
      if base[index] == UInt8(ascii: ":") { return (index + 1)..<name.upperBound }
      index -= 1
    }
    return name
  }

  /// Whether the bytes of `range` are `literal`.
  func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
    literal.utf8CodeUnitCount == range.count
      && memcmp(base + range.lowerBound, literal.utf8Start, range.count) == 0
  }

  /// Whether raw text contains an entity or character reference to decode.
  func needsDecoding(_ range: Range<Int>) -> Bool {
    find(UInt8(ascii: "&"), from: range.lowerBound, to: range.upperBound) != nil
  }

  /// Appends raw text to `output`, decoding the five predefined entities and character
  /// references.
  /// - Throws: ``SyntaxError`` for any other entity or an invalid reference.
  func decode(_ range: Range<Int>, into output: inout [UInt8]) throws(SyntaxError) {
    try XMLCharacterData.decode(base, range, into: &output)
  }

  /// The reader's error for a syntax error: its reason with the line and column of its byte
  /// offset in these bytes, the offset kept within them.
  func located(_ error: SyntaxError) -> XMLReadError {
    let (line, column) = location(of: error.byteOffset)
    return XMLReadError(
      reason: error.reason, line: line, column: column, byteOffset: min(error.byteOffset, end))
  }

  /// Line and column (both from 1, the column counting characters) of a byte offset.
  func location(of offset: Int) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), end)
    var line = 1
    var lineStart = 0
    var index = 0
    while let newline = find(0x0A, from: index, to: offset) {
      line += 1
      lineStart = newline + 1
      index = newline + 1
    }
    var column = 1
    // Count characters, not bytes: skip UTF-8 continuation bytes and the byte-order mark.
    for index in max(lineStart, contentStart)..<max(offset, max(lineStart, contentStart))
    where base[index] & 0xC0 != 0x80 {
      column += 1
    }
    return (line, column)
  }
}
