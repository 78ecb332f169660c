import Foundation

/// A pull tokenizer for XML over UTF-8 bytes in memory, behind the GPX and TCX readers.
///
/// It checks what a well-formed document needs (tags nest and match, quoted attributes,
/// terminated comments, CDATA sections and processing instructions, only white space outside
/// the root element, one root) and hands out tokens that point into the bytes: nothing is
/// copied. Comments, processing instructions and a DOCTYPE are skipped; entities declared in a
/// DOCTYPE are never expanded. Text is given raw; ``decode(_:into:)`` decodes the five
/// predefined entities and numeric character references when a reader needs the text.
///
/// A start tag's attributes are read after its token, one by one with ``nextAttribute()`` (so
/// a reader can refuse a bad value before a later attribute is even looked at) or all at once
/// with ``readAttributes()``; ``next()`` passes over those left unread.
///
/// - Complexity: O(n) in the number of bytes; memory is the depth of nesting.
struct XMLScanner {
  /// One piece of the document.
  enum Token: Equatable {
    /// A start tag; its attributes follow, from ``XMLScanner/nextAttribute()`` or
    /// ``XMLScanner/readAttributes()``.
    case startTag(name: Range<Int>)
    /// An end tag (also given after a self-closing start tag), already matched against its
    /// start tag.
    case endTag(name: Range<Int>)
    /// Text inside the root element, raw (entities not decoded).
    case text(Range<Int>)
    /// The contents of a CDATA section (taken literally).
    case cdata(Range<Int>)
    /// The end of the document.
    case end
  }

  /// One attribute of a start tag: the ranges of its name and its raw value.
  struct Attribute {
    var name: Range<Int>
    var value: Range<Int>
  }

  /// A syntax error at a byte offset; the reader turns it into its own error type.
  struct SyntaxError: Error {
    var reason: String
    var byteOffset: Int
  }

  let base: UnsafePointer<UInt8>
  let end: Int
  /// Where the content starts: after a UTF-8 byte-order mark, if any.
  private(set) var contentStart = 0
  /// Where the next token starts (after a start tag's attributes once they are read).
  private(set) var position = 0
  /// The attributes of the last start tag, once ``readAttributes()`` has read them.
  private(set) var attributes: [Attribute] = []
  /// The name of the start tag whose attributes are being read, or `nil` outside a tag.
  private var tagName: Range<Int>?
  /// The name ranges of the open elements, outermost first.
  private(set) var openElements: [Range<Int>] = []
  private var pendingEndTag: Range<Int>?
  private var rootSeen = false
  private var rootClosed = false

  /// Creates a scanner over `bytes`, which must stay valid while the scanner is used.
  /// - Throws: ``SyntaxError`` for a UTF-16 byte-order mark.
  init(_ bytes: UnsafeRawBufferPointer) throws(SyntaxError) {
    // A valid pointer for empty input too: nothing is ever read from it then.
    base =
      bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
      ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
    end = bytes.count
    attributes.reserveCapacity(8)
    openElements.reserveCapacity(16)
    if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
      contentStart = 3
    } else if end >= 2, (base[0] == 0xFF && base[1] == 0xFE) || (base[0] == 0xFE && base[1] == 0xFF)
    {
      throw SyntaxError(reason: "the file is UTF-16; only UTF-8 is supported", byteOffset: 0)
    }
    position = contentStart
  }

  /// Whether the document has any content but white space.
  var isBlank: Bool {
    var index = contentStart
    while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
    return index == end
  }

  // MARK: - Tokens

  /// The next token.
  /// - Throws: ``SyntaxError`` where the document stops being well-formed.
  @inline(__always)  // into each reader's loop: its switch then dispatches on the byte read
  mutating func next() throws(SyntaxError) -> Token {
    if tagName != nil {
      while try nextAttribute() != nil {}
    }
    if let name = pendingEndTag {
      pendingEndTag = nil
      closeElement()
      return .endTag(name: name)
    }
    while position < end {
      if base[position] != UInt8(ascii: "<") {
        let start = position
        let stop = find(UInt8(ascii: "<"), from: start) ?? end
        position = stop
        if openElements.isEmpty {
          for index in start..<stop where !ASCIINumber.isSpace(base[index]) {
            let place = rootClosed ? "after" : "before"
            throw SyntaxError(reason: "text \(place) the root element", byteOffset: index)
          }
          continue
        }
        return .text(start..<stop)
      }
      guard position + 1 < end else { throw endOfFile() }
      switch base[position + 1] {
      case UInt8(ascii: "/"): return try endTag()
      case UInt8(ascii: "?"):
        guard let close = find("?>", from: position + 2) else {
          throw SyntaxError(
            reason: "unexpected end of file inside a processing instruction", byteOffset: end)
        }
        position = close + 2
      case UInt8(ascii: "!"):
        if let token = try markupDeclaration() { return token }
      default: return try startTag()
      }
    }
    if !openElements.isEmpty { throw endOfFile() }
    if !rootSeen {
      throw SyntaxError(
        reason: isBlank ? "the file is empty" : "the file has no root element", byteOffset: end)
    }
    return .end
  }

  private mutating func markupDeclaration() throws(SyntaxError) -> Token? {
    if matches("<!--", at: position) {
      guard let close = find("-->", from: position + 4) else {
        throw SyntaxError(reason: "unexpected end of file inside a comment", byteOffset: end)
      }
      position = close + 3
      return nil
    }
    if matches("<![CDATA[", at: position) {
      let start = position + 9
      guard let close = find("]]>", from: start) else {
        throw SyntaxError(reason: "unexpected end of file inside a CDATA section", byteOffset: end)
      }
      guard !openElements.isEmpty else {
        throw SyntaxError(
          reason: "a CDATA section outside the root element", byteOffset: position)
      }
      position = close + 3
      return .cdata(start..<close)
    }
    if matches("<!DOCTYPE", at: position) {
      guard !rootSeen else {
        throw SyntaxError(reason: "a DOCTYPE inside the document", byteOffset: position)
      }
      try skipDoctype()
      return nil
    }
    throw SyntaxError(
      reason: "malformed markup: expected a comment, CDATA section or DOCTYPE",
      byteOffset: position)
  }

  /// Skips a DOCTYPE with its internal subset; declared entities are never expanded.
  private mutating func skipDoctype() throws(SyntaxError) {
    var index = position + 9
    var bracketDepth = 0
    var quote: UInt8 = 0
    while index < end {
      let byte = base[index]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == 0x22 || byte == 0x27 {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        bracketDepth += 1
      } else if byte == UInt8(ascii: "]") {
        bracketDepth -= 1
      } else if byte == UInt8(ascii: ">") && bracketDepth <= 0 {
        position = index + 1
        return
      }
      index += 1
    }
    throw SyntaxError(reason: "unexpected end of file inside the DOCTYPE", byteOffset: end)
  }

  private mutating func startTag() throws(SyntaxError) -> Token {
    let tagStart = position
    let nameStart = position + 1
    var index = nameStart
    while index < end {
      let byte = base[index]
      if ASCIINumber.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
        break
      }
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "=") || byte == 0x22 || byte == 0x27 {
        throw SyntaxError(reason: "malformed element name", byteOffset: index)
      }
      index += 1
    }
    guard index > nameStart else {
      throw SyntaxError(reason: "expected an element name after '<'", byteOffset: index)
    }
    guard index < end else { throw insideTag() }
    let name = nameStart..<index
    if openElements.isEmpty {
      guard !rootClosed else {
        throw SyntaxError(reason: "a second root element", byteOffset: tagStart)
      }
      rootSeen = true
    }
    position = index
    tagName = name
    return .startTag(name: name)
  }

  /// The next attribute of the start tag just given by ``next()``, or `nil` after its last
  /// one (the tag then counts as open, and a self-closing tag's end tag comes next).
  /// - Throws: ``SyntaxError`` where the tag stops being well-formed.
  @inline(__always)
  mutating func nextAttribute() throws(SyntaxError) -> Attribute? {
    guard let name = tagName else { return nil }
    var index = position
    while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
    guard index < end else { throw insideTag() }
    let byte = base[index]
    if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
      if byte == UInt8(ascii: "/") {
        guard index + 1 < end else { throw insideTag() }
        guard base[index + 1] == UInt8(ascii: ">") else {
          throw SyntaxError(reason: "expected '>' after '/' in a tag", byteOffset: index + 1)
        }
        pendingEndTag = name
        index += 1
      }
      position = index + 1
      tagName = nil
      openElements.append(name)
      return nil
    }
    let attributeStart = index
    while index < end {
      let byte = base[index]
      if byte == UInt8(ascii: "=") || ASCIINumber.isSpace(byte) || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<")
      {
        break
      }
      index += 1
    }
    let attributeEnd = index
    guard attributeEnd > attributeStart else {
      throw SyntaxError(reason: "malformed attribute", byteOffset: attributeStart)
    }
    while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
    guard index < end else { throw insideTag() }
    guard base[index] == UInt8(ascii: "=") else {
      throw SyntaxError(reason: "expected '=' after an attribute name", byteOffset: index)
    }
    index += 1
    while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
    guard index < end else { throw insideTag() }
    let quote = base[index]
    guard quote == 0x22 || quote == 0x27 else {
      throw SyntaxError(reason: "expected a quoted attribute value", byteOffset: index)
    }
    let valueStart = index + 1
    guard let valueEnd = find(quote, from: valueStart) else {
      throw SyntaxError(
        reason: "unexpected end of file inside an attribute value", byteOffset: end)
    }
    position = valueEnd + 1
    return Attribute(name: attributeStart..<attributeEnd, value: valueStart..<valueEnd)
  }

  /// Reads the attributes of the start tag just given by ``next()`` into ``attributes``.
  /// - Throws: ``SyntaxError`` where the tag stops being well-formed.
  mutating func readAttributes() throws(SyntaxError) {
    attributes.removeAll(keepingCapacity: true)
    while let attribute = try nextAttribute() { attributes.append(attribute) }
  }

  private mutating func endTag() throws(SyntaxError) -> Token {
    let tagStart = position
    let nameStart = position + 2
    // The usual end tag, `</name>` right after the innermost element's name, needs no scan.
    if let open = openElements.last {
      let close = nameStart + open.count
      if close < end, base[close] == UInt8(ascii: ">"),
        memcmp(base + nameStart, base + open.lowerBound, open.count) == 0
      {
        position = close + 1
        closeElement()
        return .endTag(name: open)
      }
    }
    var index = nameStart
    while index < end, !ASCIINumber.isSpace(base[index]), base[index] != UInt8(ascii: ">") {
      index += 1
    }
    let nameEnd = index
    while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
    guard index < end else { throw endOfFile() }
    guard base[index] == UInt8(ascii: ">") else {
      throw SyntaxError(
        reason: "malformed end tag </\(string(nameStart..<nameEnd))>", byteOffset: tagStart)
    }
    guard let open = openElements.last else {
      throw SyntaxError(
        reason: "unexpected end tag </\(string(nameStart..<nameEnd))>", byteOffset: tagStart)
    }
    let length = nameEnd - nameStart
    guard length == open.count, memcmp(base + nameStart, base + open.lowerBound, length) == 0
    else {
      let (line, column) = location(of: open.lowerBound - 1)
      throw SyntaxError(
        reason: "mismatched tags: </\(string(nameStart..<nameEnd))> closes <\(string(open))> "
          + "opened at line \(line), column \(column)", byteOffset: tagStart)
    }
    position = index + 1
    closeElement()
    return .endTag(name: open)
  }

  private mutating func closeElement() {
    openElements.removeLast()
    if openElements.isEmpty { rootClosed = true }
  }

  // MARK: - Bytes

  func find(_ byte: UInt8, from start: Int, to stop: Int? = nil) -> Int? {
    let limit = stop ?? end
    guard start < limit else { return nil }
    guard let found = memchr(base + start, Int32(byte), limit - start) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private func find(_ pattern: StaticString, from start: Int) -> Int? {
    let first = pattern.utf8Start[0]
    var index = start
    while let candidate = find(first, from: index) {
      if matches(pattern, at: candidate) { return candidate }
      index = candidate + 1
    }
    return nil
  }

  private func matches(_ pattern: StaticString, at index: Int) -> Bool {
    let count = pattern.utf8CodeUnitCount
    return index + count <= end && memcmp(base + index, pattern.utf8Start, count) == 0
  }

  // MARK: - Errors

  private func insideTag() -> SyntaxError {
    SyntaxError(reason: "unexpected end of file inside a tag", byteOffset: end)
  }

  private func endOfFile() -> SyntaxError {
    guard let open = openElements.last else {
      return SyntaxError(reason: "unexpected end of file", byteOffset: end)
    }
    return SyntaxError(reason: "unexpected end of file inside <\(string(open))>", byteOffset: end)
  }
}
