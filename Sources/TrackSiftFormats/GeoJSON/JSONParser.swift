/// A JSON parser (RFC 8259) over UTF-8 bytes, for ``GeoJSONReader``.
///
/// Strict: no comments, no trailing commas, no NaN. Bytes that are not UTF-8 in a string, and
/// lone surrogates in its escapes, become U+FFFD. Nesting deeper than
/// ``maximumDepth`` is refused, so hostile input cannot exhaust the stack.
///
/// - Complexity: O(n) in the number of bytes.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted; GeoJSON needs 6 (a
  /// FeatureCollection's MultiLineString positions).
  static let maximumDepth = 64

  /// Why the bytes are not JSON, and the byte offset (from 0) where that was found.
  struct SyntaxError: Error {
    var reason: String
    var byteOffset: Int
  }

  private let bytes: UnsafeRawBufferPointer
  private var position = 0
  private var depth = 0

  private init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The one JSON value that `bytes` hold (a UTF-8 byte-order mark and white space around it
  /// allowed).
  /// - Throws: ``SyntaxError`` where the bytes stop being JSON.
  static func parse(_ bytes: UnsafeRawBufferPointer) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      parser.position = 3
    }
    parser.skipSpace()
    guard parser.position < bytes.count else {
      throw SyntaxError(reason: "the file is empty", byteOffset: parser.position)
    }
    let value = try parser.value()
    parser.skipSpace()
    guard parser.position == bytes.count else {
      throw SyntaxError(reason: "text after the JSON value", byteOffset: parser.position)
    }
    return value
  }

  private mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private func error(_ reason: String) -> SyntaxError {
    SyntaxError(reason: reason, byteOffset: position)
  }

  private func unexpected() -> SyntaxError {
    guard position < bytes.count else { return error("unexpected end of file") }
    let byte = bytes[position]
    let shown =
      byte >= 0x20 && byte < 0x7F
      ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    return error("unexpected \(shown)")
  }

  private mutating func value() throws(SyntaxError) -> JSONValue {
    guard position < bytes.count else { throw unexpected() }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw unexpected()
    }
  }

  private mutating func literal(_ word: String) throws(SyntaxError) {
    for expected in word.utf8 {
      guard position < bytes.count, bytes[position] == expected else { throw unexpected() }
      position += 1
    }
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw error("nested deeper than \(Self.maximumDepth) arrays and objects")
    }
  }

  private mutating func object() throws(SyntaxError) -> JSONValue {
    try enter()
    position += 1
    var members: [String: JSONValue] = [:]
    skipSpace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw position < bytes.count ? error("expected a member name in quotes") : unexpected()
      }
      let name = try string()
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw position < bytes.count ? error("expected ':' after a member name") : unexpected()
      }
      position += 1
      skipSpace()
      members[name] = try value()
      skipSpace()
      guard position < bytes.count else { throw unexpected() }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "}") {
        position += 1
        depth -= 1
        return .object(members)
      } else {
        throw error("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func array() throws(SyntaxError) -> JSONValue {
    try enter()
    position += 1
    var elements: [JSONValue] = []
    skipSpace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value())
      skipSpace()
      guard position < bytes.count else { throw unexpected() }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "]") {
        position += 1
        depth -= 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func number() throws(SyntaxError) -> Double {
    let start = position
    func digits() -> Int {
      let first = position
      while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
        position += 1
      }
      return position - first
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard digits() > 0 else { throw error("a number without digits") }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw error("a number without digits after '.'") }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == 0x2D {
        position += 1
      }
      guard digits() > 0 else { throw error("a number without digits in its exponent") }
    }
    let text = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    guard let value = ASCIINumber.double(text) ?? Double(String(decoding: text, as: UTF8.self))
    else {
      position = start
      throw error("not a number")
    }
    return value
  }

  private mutating func string() throws(SyntaxError) -> String {
    position += 1
    let start = position
    // The common case: no escape, copied in one go.
    while position < bytes.count, bytes[position] != UInt8(ascii: "\""),
      bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20
    {
      position += 1
    }
    guard position < bytes.count else { throw error("a string is not closed") }
    var scalars: [UInt8] = Array(bytes[start..<position])
    while true {
      guard position < bytes.count else { throw error("a string is not closed") }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: scalars, as: UTF8.self)
      }
      guard byte >= 0x20 else { throw error("a control character in a string") }
      guard byte == UInt8(ascii: "\\") else {
        scalars.append(byte)
        position += 1
        continue
      }
      position += 1
      guard position < bytes.count else { throw error("a string is not closed") }
      let escape = bytes[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "u"):
        var code = try hexQuad()
        if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
          bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
          let mark = position
          position += 2
          let low = try hexQuad()
          if (0xDC00..<0xE000).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else {
            position = mark
          }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
      default:
        position -= 1
        throw error("an unknown escape in a string")
      }
    }
  }

  private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("a \\u escape needs 4 hex digits") }
    var code: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw error("a \\u escape needs 4 hex digits")
      }
      code = code << 4 | UInt32(digit)
      position += 1
    }
    return code
  }
}
