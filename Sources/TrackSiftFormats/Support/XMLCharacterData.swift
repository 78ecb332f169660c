import Foundation

/// Decoding of XML character data, shared by the GPX and TCX parsers: the five predefined
/// entities and character references, nothing else (a GPS file declares no entities of its own).
enum XMLCharacterData {
  /// Appends the bytes `base[range]` to `output`, decoding entities and character references.
  /// - Throws: `XMLScanner.SyntaxError` at the offending `&` (its offset from `base`) for an
  ///   `&` that starts no entity, another entity or an invalid reference.
  static func decode(
    _ base: UnsafePointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8]
  ) throws(XMLScanner.SyntaxError) {
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
    func named(_ name: Range<Int>, _ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == name.count
        && memcmp(base + name.lowerBound, literal.utf8Start, name.count) == 0
    }
    var runStart = range.lowerBound
    let stop = range.upperBound
    while let ampersand = bytes(runStart..<stop).firstIndex(of: UInt8(ascii: "&")) {
      let at = runStart + ampersand
      output.append(contentsOf: bytes(runStart..<at))
      let window = (at + 1)..<min(stop, at + 12)
      guard let semicolon = bytes(window).firstIndex(of: UInt8(ascii: ";")) else {
        throw XMLScanner.SyntaxError(reason: "an '&' that starts no entity", byteOffset: at)
      }
      let name = (at + 1)..<(at + 1 + semicolon)
      let spelled = { String(decoding: bytes(name), as: UTF8.self) }
      if named(name, "lt") {
        output.append(UInt8(ascii: "<"))
      } else if named(name, "gt") {
        output.append(UInt8(ascii: ">"))
      } else if named(name, "amp") {
        output.append(UInt8(ascii: "&"))
      } else if named(name, "apos") {
        output.append(0x27)
      } else if named(name, "quot") {
        output.append(0x22)
      } else if !name.isEmpty, base[name.lowerBound] == UInt8(ascii: "#") {
        guard let scalar = characterReference(bytes(name)) else {
          throw XMLScanner.SyntaxError(
            reason: "invalid character reference &\(spelled());", byteOffset: at)
        }
        output.append(contentsOf: String(Character(scalar)).utf8)
      } else {
        throw XMLScanner.SyntaxError(
          reason: "the entity &\(spelled()); is not expanded: only the five predefined "
            + "entities and character references are", byteOffset: at)
      }
      runStart = name.upperBound + 1
    }
    output.append(contentsOf: bytes(runStart..<stop))
  }

  /// The character of `#NN` or `#xHH`; `nil` for no digits, a bad digit, zero or a value past
  /// U+10FFFF.
  private static func characterReference(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
    var index = 1
    var radix: UInt32 = 10
    if index < name.count, name[index] | 0x20 == UInt8(ascii: "x") {
      radix = 16
      index += 1
    }
    guard index < name.count else { return nil }
    var value: UInt32 = 0
    while index < name.count {
      let byte = name[index]
      let digit: UInt32
      if byte &- 0x30 < 10 {
        digit = UInt32(byte &- 0x30)
      } else if radix == 16, (byte | 0x20) &- 0x61 < 6 {
        digit = UInt32((byte | 0x20) &- 0x61) + 10
      } else {
        return nil
      }
      value = value * radix + digit
      guard value <= 0x10FFFF else { return nil }
      index += 1
    }
    guard value != 0 else { return nil }
    return Unicode.Scalar(value)
  }
}
