import Foundation
import TrackSift

/// The streaming GPX parser behind ``GPXReader``: a hand-written XML tokenizer over UTF-8 bytes
/// that builds the document as elements close.
///
/// It checks what a well-formed document needs (tags nest and match, one root, quoted
/// attributes, terminated comments, CDATA sections and processing instructions) and decodes
/// the five predefined entities and numeric character references in the text it uses. A
/// DOCTYPE is skipped and its entities are never expanded. Text of elements the reader ignores
/// is skipped without being examined.
///
/// - Complexity: O(n) in the file size; memory is the document plus the depth of nesting.
struct GPXParser {
  /// An element whose end tag has not been seen yet.
  private struct OpenElement {
    var kind: GPXElementKind
    /// Where the qualified name starts in the file, and its length in bytes.
    var nameStart: Int
    var nameLength: Int
  }

  /// The values of the point being read; NaN (or `nil`) until the file gives them.
  private struct PointValues {
    var latitude = Double.nan
    var longitude = Double.nan
    var elevation = Double.nan
    var time = Double.nan
    var arrivalTime = Double.nan
    var horizontalAccuracy = Double.nan
    var verticalAccuracy = Double.nan
    var speed = Double.nan
    var speedAccuracy = Double.nan
    var course = Double.nan
    var courseAccuracy = Double.nan
    var horizontalDilution = Double.nan
    var verticalDilution = Double.nan
    var positionDilution = Double.nan
    var satellites: Int?
    var fixType: ReceiverStatus.FixType?
    var source = FixSource.unknown
    var heartRate = Double.nan
    var cadence = Double.nan
    var power = Double.nan
    var temperature = Double.nan
    var name: String?

    var fix: Fix {
      func optional(_ value: Double) -> Double? { value.isNaN ? nil : value }
      return Fix(
        timestamp: time.isNaN ? nil : Date(timeIntervalSinceReferenceDate: time),
        arrivalTime: arrivalTime.isNaN ? nil : Date(timeIntervalSinceReferenceDate: arrivalTime),
        latitudeDegrees: latitude, longitudeDegrees: longitude,
        altitudeMeters: optional(elevation),
        horizontalAccuracyMeters: optional(horizontalAccuracy),
        verticalAccuracyMeters: optional(verticalAccuracy),
        speedMetersPerSecond: optional(speed),
        speedAccuracyMetersPerSecond: optional(speedAccuracy),
        courseDegrees: optional(course), courseAccuracyDegrees: optional(courseAccuracy),
        source: source,
        receiver: ReceiverStatus(
          fixType: fixType, satellitesUsed: satellites,
          horizontalDilution: optional(horizontalDilution),
          verticalDilution: optional(verticalDilution),
          positionDilution: optional(positionDilution)),
        sensors: SensorValues(
          heartRateBeatsPerMinute: optional(heartRate), cadencePerMinute: optional(cadence),
          powerWatts: optional(power), temperatureCelsius: optional(temperature)))
    }
  }

  private let bytes: UnsafeRawBufferPointer
  private let base: UnsafePointer<UInt8>
  private let end: Int
  private var position = 0
  /// Where the content starts: after a byte-order mark, if any.
  private var contentStart = 0

  private var stack: [OpenElement] = []
  private var pointExtensionsDepth = -1
  private var rootSeen = false
  private var rootClosed = false
  /// The text of the value element being read: a range of the file while it is one chunk
  /// without entities (the common case, copied nowhere), else decoded into `text`.
  private var rawTextStart = 0
  private var rawTextEnd = 0
  private var textBuffered = false
  private var text: [UInt8] = []

  private var document = GPXDocument(version: nil)
  private var point = PointValues()
  /// Whether the current point's `lat` and `lon` were given (they may be given as NaN).
  private var hasLatitude = false
  private var hasLongitude = false
  private var track = Track()
  private var segmentFixes: [Fix] = []
  private var onTrackPoint: ((Fix, Int, Int) -> Void)?
  /// Told, every ``consumedReportBytes`` or so, the offset before which the parser no longer
  /// needs the bytes (it may still read open elements' names there, which must stay readable).
  private var onConsumed: ((Int) -> Void)?
  private var lastConsumedReport = 0
  private static let consumedReportBytes = 1 << 20
  private var route = GPXDocument.Route()

  private init(bytes: UnsafeRawBufferPointer, base: UnsafePointer<UInt8>) {
    self.bytes = bytes
    self.base = base
    self.end = bytes.count
    stack.reserveCapacity(16)
    text.reserveCapacity(64)
  }

  /// Parses a whole GPX file.
  /// - Parameter lenient: when true, damage ends the parse instead of throwing: the document
  ///   keeps what was complete before it and names it in ``GPXDocument/stoppedAt``.
  /// - Parameter onTrackPoint: when given, receives each track point (with the indices of its
  ///   track and segment) instead of the document keeping it.
  /// - Parameter onConsumed: when given, is told now and then the offset before which the
  ///   bytes have been read, so a memory-mapped file can give those pages back.
  static func parse(
    _ bytes: UnsafeRawBufferPointer, lenient: Bool = false,
    onTrackPoint: ((_ fix: Fix, _ trackIndex: Int, _ segmentIndex: Int) -> Void)? = nil,
    onConsumed: ((_ offset: Int) -> Void)? = nil
  ) throws(GPXError) -> GPXDocument {
    guard let address = bytes.baseAddress, !bytes.isEmpty else {
      let error = GPXError(reason: "the file is empty", line: 1, column: 1, byteOffset: 0)
      if lenient { return GPXDocument(version: nil, stoppedAt: error) }
      throw error
    }
    var parser = GPXParser(bytes: bytes, base: address.assumingMemoryBound(to: UInt8.self))
    parser.onTrackPoint = onTrackPoint
    parser.onConsumed = onConsumed
    do {
      try parser.run()
    } catch {
      guard lenient else { throw error }
      parser.closeWhatIsOpen()
      parser.document.stoppedAt = error
    }
    return parser.document
  }

  /// After damage, keeps the points read so far: closes the open segment, track and route
  /// as their end tags would, and drops a point or value left half read.
  private mutating func closeWhatIsOpen() {
    while let top = stack.last {
      let keeps =
        top.kind == .track || top.kind == .route
        || (top.kind == .trackSegment && !segmentFixes.isEmpty)
      if keeps {
        try? close()
      } else {
        stack.removeLast()
      }
    }
  }

  // MARK: - Tokens

  private mutating func run() throws(GPXError) {
    if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
      contentStart = 3
    } else if end >= 2, (base[0] == 0xFF && base[1] == 0xFE) || (base[0] == 0xFE && base[1] == 0xFF)
    {
      throw error("the file is UTF-16; only UTF-8 is supported", at: 0)
    }
    position = contentStart
    while position < end {
      if base[position] == UInt8(ascii: "<") {
        guard position + 1 < end else { throw endOfFile() }
        switch base[position + 1] {
        case UInt8(ascii: "/"): try endTag()
        case UInt8(ascii: "?"): try skipProcessingInstruction()
        case UInt8(ascii: "!"): try markupDeclaration()
        default: try startTag()
        }
      } else {
        try characterData()
      }
    }
    if !stack.isEmpty { throw endOfFile() }
    if !rootSeen {
      var index = contentStart
      while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
      if index == end { throw error("the file is empty", at: contentStart) }
      throw error("the file has no root element", at: end)
    }
  }

  /// Text up to the next `<`.
  private mutating func characterData() throws(GPXError) {
    let start = position
    let stop = find(UInt8(ascii: "<"), from: start) ?? end
    position = stop
    guard let top = stack.last else {
      // Only whitespace may stand outside the root element.
      for index in start..<stop where !ASCIINumber.isSpace(base[index]) {
        let place = rootClosed ? "after" : "before"
        throw error("text \(place) the root element", at: index)
      }
      return
    }
    if top.kind.holdsValue { try addText(from: start, to: stop) }
  }

  private mutating func markupDeclaration() throws(GPXError) {
    if matches("<!--", at: position) {
      guard let close = find("-->", from: position + 4) else {
        throw error("unexpected end of file inside a comment", at: end)
      }
      position = close + 3
    } else if matches("<![CDATA[", at: position) {
      let start = position + 9
      guard let close = find("]]>", from: start) else {
        throw error("unexpected end of file inside a CDATA section", at: end)
      }
      guard let top = stack.last else {
        throw error("a CDATA section outside the root element", at: position)
      }
      if top.kind.holdsValue {
        bufferText()
        text.append(contentsOf: slice(start, close))
      }
      position = close + 3
    } else if matches("<!DOCTYPE", at: position) {
      guard !rootSeen else { throw error("a DOCTYPE inside the document", at: position) }
      try skipDoctype()
    } else {
      throw error("malformed markup: expected a comment, CDATA section or DOCTYPE", at: position)
    }
  }

  /// Skips a DOCTYPE with its internal subset; declared entities are never expanded.
  private mutating func skipDoctype() throws(GPXError) {
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
    throw error("unexpected end of file inside the DOCTYPE", at: end)
  }

  private mutating func skipProcessingInstruction() throws(GPXError) {
    guard let close = find("?>", from: position + 2) else {
      throw error("unexpected end of file inside a processing instruction", at: end)
    }
    position = close + 2
  }

  private mutating func startTag() throws(GPXError) {
    let tagStart = position
    let nameStart = position + 1
    var index = nameStart
    while index < end {
      let byte = base[index]
      if ASCIINumber.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
        break
      }
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "=") || byte == 0x22 || byte == 0x27 {
        throw error("malformed element name", at: index)
      }
      index += 1
    }
    guard index > nameStart else { throw error("expected an element name after '<'", at: index) }
    guard index < end else { throw error("unexpected end of file inside a tag", at: end) }
    let nameLength = index - nameStart
    let localName = localNameRange(nameStart, nameLength)
    var kind = GPXElementKind(localName: slice(localName.lowerBound, localName.upperBound))
    if let parent = stack.last {
      kind = kind.resolved(under: parent.kind, inPointExtensions: pointExtensionsDepth >= 0)
    } else {
      guard !rootClosed else { throw error("a second root element", at: tagStart) }
      guard kind == .gpx else {
        let name = string(nameStart, index)
        throw error("the root element is <\(name)>, not <gpx>", at: tagStart)
      }
      rootSeen = true
    }
    if kind.isPoint { point = PointValues() }

    // Attributes.
    var selfClosing = false
    while true {
      while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
      guard index < end else { throw error("unexpected end of file inside a tag", at: end) }
      let byte = base[index]
      if byte == UInt8(ascii: ">") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "/") {
        guard index + 1 < end else { throw error("unexpected end of file inside a tag", at: end) }
        guard base[index + 1] == UInt8(ascii: ">") else {
          throw error("expected '>' after '/' in a tag", at: index + 1)
        }
        selfClosing = true
        index += 2
        break
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
        throw error("malformed attribute", at: attributeStart)
      }
      while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
      guard index < end else { throw error("unexpected end of file inside a tag", at: end) }
      guard base[index] == UInt8(ascii: "=") else {
        throw error("expected '=' after an attribute name", at: index)
      }
      index += 1
      while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
      guard index < end else { throw error("unexpected end of file inside a tag", at: end) }
      let quote = base[index]
      guard quote == 0x22 || quote == 0x27 else {
        throw error("expected a quoted attribute value", at: index)
      }
      let valueStart = index + 1
      guard let valueEnd = find(quote, from: valueStart) else {
        throw error("unexpected end of file inside an attribute value", at: end)
      }
      index = valueEnd + 1
      if kind.isPoint || kind == .gpx {
        try attribute(
          of: kind, name: slice(attributeStart, attributeEnd), valueStart: valueStart,
          valueEnd: valueEnd)
      }
    }
    position = index

    if kind.isPoint {
      if !hasLatitude {
        throw error(
          "<\(string(nameStart, nameStart + nameLength))> has no lat attribute", at: tagStart)
      }
      if !hasLongitude {
        throw error(
          "<\(string(nameStart, nameStart + nameLength))> has no lon attribute", at: tagStart)
      }
      hasLatitude = false
      hasLongitude = false
    }
    let element = OpenElement(kind: kind, nameStart: nameStart, nameLength: nameLength)
    if kind == .extensions { pointExtensionsDepth = stack.count }
    if kind.holdsValue { beginText() }
    stack.append(element)
    if selfClosing { try close() }
  }

  private mutating func attribute(
    of kind: GPXElementKind, name: UnsafeRawBufferPointer, valueStart: Int, valueEnd: Int
  ) throws(GPXError) {
    func equals(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == name.count
        && memcmp(name.baseAddress!, literal.utf8Start, name.count) == 0
    }
    if kind.isPoint {
      let isLatitude = equals("lat")
      guard isLatitude || equals("lon") else { return }
      beginText()
      try addText(from: valueStart, to: valueEnd)
      guard let value = withText({ ASCIINumber.double($0) }) else {
        let which = isLatitude ? "latitude" : "longitude"
        throw error("\(which) is not a number: \"\(textString())\"", at: valueStart)
      }
      if isLatitude {
        point.latitude = value
        hasLatitude = true
      } else {
        point.longitude = value
        hasLongitude = true
      }
    } else if equals("version") || equals("creator") {
      beginText()
      try addText(from: valueStart, to: valueEnd)
      if equals("version") {
        document.version = textString()
      } else {
        document.creator = textString()
      }
    }
  }

  private mutating func endTag() throws(GPXError) {
    let tagStart = position
    let nameStart = position + 2
    var index = nameStart
    while index < end, !ASCIINumber.isSpace(base[index]), base[index] != UInt8(ascii: ">") {
      index += 1
    }
    let nameEnd = index
    while index < end, ASCIINumber.isSpace(base[index]) { index += 1 }
    guard index < end else { throw endOfFile() }
    guard base[index] == UInt8(ascii: ">") else {
      throw error("malformed end tag </\(string(nameStart, nameEnd))>", at: tagStart)
    }
    guard let open = stack.last else {
      throw error("unexpected end tag </\(string(nameStart, nameEnd))>", at: tagStart)
    }
    let length = nameEnd - nameStart
    guard length == open.nameLength, memcmp(base + nameStart, base + open.nameStart, length) == 0
    else {
      let (line, column) = location(of: open.nameStart - 1)
      throw error(
        "mismatched tags: </\(string(nameStart, nameEnd))> closes "
          + "<\(string(open.nameStart, open.nameStart + open.nameLength))> "
          + "opened at line \(line), column \(column)", at: tagStart)
    }
    position = index + 1
    try close()
  }

  // MARK: - Building the document

  /// The point being read as a fix, its out-of-range fields refused and counted.
  private mutating func screenedPoint() -> Fix {
    var fix = point.fix
    FixFieldLimits.screen(&fix, refused: &document.refusedFieldCounts)
    return fix
  }

  /// Ends the innermost open element.
  private mutating func close() throws(GPXError) {
    let element = stack.removeLast()
    if stack.count == pointExtensionsDepth { pointExtensionsDepth = -1 }
    switch element.kind {
    case .other, .metadata, .extensions: break
    case .gpx: rootClosed = true
    case .trackPoint:
      let fix = screenedPoint()
      if let onTrackPoint {
        onTrackPoint(fix, document.tracks.count, track.segments.count)
      } else {
        segmentFixes.append(fix)
      }
      if let onConsumed, position - lastConsumedReport >= Self.consumedReportBytes {
        lastConsumedReport = position
        onConsumed(position)
      }
    case .routePoint: route.points.append(screenedPoint())
    case .waypoint:
      document.waypoints.append(GPXDocument.Waypoint(fix: screenedPoint(), name: point.name))
    case .trackSegment:
      track.segments.append(Segment(fixes: segmentFixes))
      segmentFixes = []
    case .track:
      document.tracks.append(track)
      track = Track()
    case .route:
      document.routes.append(route)
      route = GPXDocument.Route()
    case .name:
      let name = textString()
      switch stack.last?.kind {
      case .gpx, .metadata: document.name = name
      case .track: track.name = name
      case .route: route.name = name
      case .waypoint: point.name = name
      default: break
      }
    default: try value(of: element)
    }
  }

  /// Stores the text of a value element in the current point.
  private mutating func value(of element: OpenElement) throws(GPXError) {
    let kind = element.kind
    // Empty elements (`<ele></ele>`, `<hdop/>`) say nothing.
    if withText({ $0.allSatisfy(ASCIINumber.isSpace) }) { return }
    switch kind {
    case .time, .arrivalTime:
      guard let seconds = withText({ ISO8601Time.secondsSinceReferenceDate($0) })
      else { throw valueError("a time", element) }
      if kind == .time { point.time = seconds } else { point.arrivalTime = seconds }
    case .satellites:
      guard let count = withText({ ASCIINumber.integer($0) }) else {
        throw valueError("a satellite count", element)
      }
      point.satellites = count
    case .fixType:
      let word = trimmedTextString()
      guard let type = ReceiverStatus.FixType(rawValue: word) else {
        throw valueError("a fix type (none, 2d, 3d, dgps, pps)", element)
      }
      point.fixType = type
    case .source:
      let word = trimmedTextString()
      // A source this version does not know is as good as none.
      point.source = FixSource(rawValue: word) ?? .unknown
    default:
      guard let number = withText({ ASCIINumber.double($0) }) else {
        throw valueError("a number", element)
      }
      switch kind {
      case .elevation: point.elevation = number
      case .horizontalDilution: point.horizontalDilution = number
      case .verticalDilution: point.verticalDilution = number
      case .positionDilution: point.positionDilution = number
      case .speed: point.speed = number
      case .course: point.course = number
      case .heartRate: point.heartRate = number
      case .cadence: point.cadence = number
      case .airTemperature: point.temperature = number
      case .power: point.power = number
      case .horizontalAccuracy: point.horizontalAccuracy = number
      case .verticalAccuracy: point.verticalAccuracy = number
      case .speedAccuracy: point.speedAccuracy = number
      case .courseAccuracy: point.courseAccuracy = number
      default: break
      }
    }
  }

  // MARK: - Text

  /// Appends the text between two offsets to `text`, decoding entities and character
  /// references.
  private mutating func appendDecoded(from start: Int, to stop: Int) throws(GPXError) {
    do {
      try XMLCharacterData.decode(base, start..<stop, into: &text)
    } catch {
      throw self.error(error.reason, at: error.byteOffset)
    }
  }

  private mutating func beginText() {
    rawTextStart = 0
    rawTextEnd = 0
    textBuffered = false
  }

  /// Adds a chunk of text (between two offsets of the file) to the current value.
  private mutating func addText(from start: Int, to stop: Int) throws(GPXError) {
    if !textBuffered, rawTextStart == rawTextEnd,
      find(UInt8(ascii: "&"), from: start, to: stop) == nil
    {
      rawTextStart = start
      rawTextEnd = stop
      return
    }
    bufferText()
    try appendDecoded(from: start, to: stop)
  }

  /// Moves the current value into `text`, so that more can be appended.
  private mutating func bufferText() {
    guard !textBuffered else { return }
    text.removeAll(keepingCapacity: true)
    text.append(contentsOf: slice(rawTextStart, rawTextEnd))
    textBuffered = true
  }

  private func withText<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    textBuffered ? text.withUnsafeBytes(body) : body(slice(rawTextStart, rawTextEnd))
  }

  private func textString() -> String { withText { String(decoding: $0, as: UTF8.self) } }

  /// The text without leading and trailing XML white space; short words need no allocation.
  private func trimmedTextString() -> String {
    withText { bytes in
      var start = 0
      var stop = bytes.count
      while start < stop, ASCIINumber.isSpace(bytes[start]) { start += 1 }
      while stop > start, ASCIINumber.isSpace(bytes[stop - 1]) { stop -= 1 }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)
    }
  }

  // MARK: - Bytes

  private func slice(_ start: Int, _ stop: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base + start, count: stop - start)
  }

  private func string(_ start: Int, _ stop: Int) -> String {
    String(decoding: slice(start, stop), as: UTF8.self)
  }

  /// The local part of a qualified name (after the last `:`).
  private func localNameRange(_ start: Int, _ length: Int) -> Range<Int> {
    var index = start + length - 1
    while index >= start {
      if base[index] == UInt8(ascii: ":") { return (index + 1)..<(start + length) }
      index -= 1
    }
    return start..<(start + length)
  }

  private func find(_ byte: UInt8, from start: Int, to stop: Int? = nil) -> Int? {
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

  /// Line and column (both from 1) of a byte offset.
  private func location(of offset: Int) -> (line: Int, column: Int) {
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
    for index in max(lineStart, contentStart)..<offset where base[index] & 0xC0 != 0x80 {
      column += 1
    }
    return (line, column)
  }

  private func error(_ reason: String, at offset: Int) -> GPXError {
    let (line, column) = location(of: offset)
    return GPXError(reason: reason, line: line, column: column, byteOffset: min(offset, end))
  }

  private func endOfFile() -> GPXError {
    guard let open = stack.last else { return error("unexpected end of file", at: end) }
    let name = string(open.nameStart, open.nameStart + open.nameLength)
    return error("unexpected end of file inside <\(name)>", at: end)
  }

  private func valueError(_ expected: String, _ element: OpenElement) -> GPXError {
    let name = string(element.nameStart, element.nameStart + element.nameLength)
    var shown = trimmedTextString()
    if shown.count > 40 { shown = String(shown.prefix(40)) + "..." }
    // Point at the start of the text, just after the start tag.
    let textOffset = find(UInt8(ascii: ">"), from: element.nameStart).map { $0 + 1 } ?? end
    return error("<\(name)> is not \(expected): \"\(shown)\"", at: textOffset)
  }
}
