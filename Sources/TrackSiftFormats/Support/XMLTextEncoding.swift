import Foundation

/// The character encoding of an XML file (GPX, TCX), as its first bytes and its declaration
/// say, and the file's bytes as UTF-8 for the readers, which parse UTF-8.
///
/// XML 1.0 (§4.3.3, Appendix F): a byte-order mark or the bytes of `<?` tell UTF-16 and its
/// byte order; otherwise the declaration's `encoding` names it, UTF-8 by default. Windows tools
/// write UTF-16 (`XmlWriter` over a string) or ISO-8859-1 and windows-1252 (older GPS
/// software): read as UTF-8, their accented names turned to U+FFFD and UTF-16 was no XML at
/// all. Other encodings are read as UTF-8, as before.
enum XMLTextEncoding: Equatable, Sendable {
  case utf8
  case utf16LittleEndian
  case utf16BigEndian
  /// ISO-8859-1 (Latin-1): each byte is the code point of the same number.
  case latin1
  /// windows-1252: Latin-1 with printable characters in 0x80-0x9F.
  case windows1252

  /// The encoding of a file that starts with `prefix` (its first hundred bytes suffice).
  init(prefix: some Collection<UInt8>) {
    let head = Array(prefix.prefix(256))
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
      self = .utf16LittleEndian
    } else if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
      self = .utf16BigEndian
    } else {
      switch Self.declaredName(in: head)?.lowercased() {
      case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1": self = .latin1
      case "windows-1252", "cp1252", "x-cp1252": self = .windows1252
      default: self = .utf8
      }
    }
  }

  /// The bytes as UTF-8 when they are in another encoding and need converting, or `nil` when
  /// they can be read as they are (UTF-8; a single-byte encoding with no byte above 0x7F, or
  /// whose bytes are valid UTF-8 all the same).
  ///
  /// - Complexity: O(n); the converted copy is the size of the file or a little more.
  static func utf8(_ bytes: UnsafeRawBufferPointer) -> Data? {
    let encoding = XMLTextEncoding(prefix: bytes)
    switch encoding {
    case .utf8:
      return nil
    case .latin1, .windows1252:
      // A file declared so but written in UTF-8 (a common mislabel) is valid UTF-8, which
      // accented Latin-1 text almost never is: read it as it is.
      guard bytes.contains(where: { $0 >= 0x80 }),
        String(validating: bytes, as: UTF8.self) == nil
      else { return nil }
      var text = String.UnicodeScalarView()
      for byte in bytes {
        text.append(encoding == .windows1252 ? windows1252Scalar(byte) : Unicode.Scalar(byte))
      }
      return Data(String(text).utf8)
    case .utf16LittleEndian, .utf16BigEndian:
      let little = encoding == .utf16LittleEndian
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var index = 0
      while index + 1 < bytes.count {
        let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
        units.append(little ? second << 8 | first : first << 8 | second)
        index += 2
      }
      // The byte-order mark says the encoding and is no text.
      if units.first == 0xFEFF { units.removeFirst() }
      return Data(String(decoding: units, as: UTF16.self).utf8)
    }
  }

  /// Calls `body` with the bytes as UTF-8: `bytes` themselves with `onConsumed`, or their
  /// conversion (``utf8(_:)``) without it, as offsets into the conversion are none into
  /// `bytes` (a memory-mapped file's pages to give back).
  static func withUTF8<Document>(
    _ bytes: UnsafeRawBufferPointer, onConsumed: ((_ offset: Int) -> Void)? = nil,
    _ body: (UnsafeRawBufferPointer, _ onConsumed: ((_ offset: Int) -> Void)?) throws(XMLReadError)
      -> Document
  ) throws(XMLReadError) -> Document {
    guard let converted = utf8(bytes) else { return try body(bytes, onConsumed) }
    let result = converted.withUnsafeBytes { utf8 in
      Result { () throws(XMLReadError) -> Document in try body(utf8, nil) }
    }
    return try result.get()
  }

  /// The value of `encoding="..."` in an XML declaration at the start of `head`.
  private static func declaredName(in head: [UInt8]) -> String? {
    let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    guard head[start...].starts(with: "<?xml".utf8),
      let end = head[start...].firstIndex(of: UInt8(ascii: ">"))
    else { return nil }
    let declaration = String(decoding: head[start..<end], as: UTF8.self)
    guard let key = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  /// The character of a windows-1252 byte: Latin-1's, but for the printable characters the
  /// code page puts in 0x80-0x9F (U+FFFD for the five it leaves undefined).
  private static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
    guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
    let code = windows1252High[Int(byte - 0x80)]
    return Unicode.Scalar(code) ?? "\u{FFFD}"
  }

  /// Unicode code points of windows-1252's bytes 0x80-0x9F (0xFFFD where undefined).
  private static let windows1252High: [UInt32] = [
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
    0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
  ]
}
