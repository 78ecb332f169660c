import Foundation
import TrackSift

/// The streaming GPX parser behind ``GPXReader``: it pulls tokens from an ``XMLScanner`` and
/// builds the document as elements close.
///
/// It decodes the five predefined entities and numeric character references in the text it
/// uses; text of elements the reader ignores is skipped without being examined.
///
/// - Complexity: O(n) in the file size; memory is the document plus the depth of nesting.
struct GPXParser {
  /// An element whose end tag has not been seen yet.
  private struct OpenElement {
    var kind: GPXElementKind
    /// The qualified name's bytes in the file.
    var name: Range<Int>
  }

  private var scanner: XMLScanner
  private var stack: [OpenElement] = []
  private var pointExtensionsDepth = -1
  /// The text of the value element being read: a range of the file while it is one chunk
  /// without entities (the common case, copied nowhere), else decoded into `text`.
  private var rawText = 0..<0
  private var textBuffered = false
  private var text: [UInt8] = []

  private var document = GPXDocument(version: nil)
  private var point = GPXPointValues()
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
  private var trackDetails = GPXDocument.TrackDetails()
  /// The `link` being read, from its start tag to its end tag.
  private var link: ActivityLink?
  /// The `desc` of the waypoint being read (kept apart from the values of every point).
  private var waypointDescription: String?

  private init(scanner: XMLScanner) {
    self.scanner = scanner
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
  ) throws(XMLReadError) -> GPXDocument {
    let scanner: XMLScanner
    do throws(SyntaxError) {
      scanner = try XMLScanner(bytes)
      // An empty file is refused at its start (the scanner would say so at its end).
      if scanner.isBlank {
        throw SyntaxError(reason: "the file is empty", byteOffset: scanner.contentStart)
      }
    } catch {
      let error = XMLReadError(
        reason: error.reason, line: 1, column: 1, byteOffset: error.byteOffset)
      if lenient { return GPXDocument(version: nil, stoppedAt: error) }
      throw error
    }
    var parser = GPXParser(scanner: scanner)
    parser.onTrackPoint = onTrackPoint
    parser.onConsumed = onConsumed
    do {
      try parser.run()
    } catch {
      let error = parser.scanner.located(error)
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

  private typealias SyntaxError = XMLScanner.SyntaxError

  private mutating func run() throws(SyntaxError) {
    while true {
      switch try scanner.next() {
      case .startTag(let name): try open(name)
      case .endTag: try close()
      case .text(let range):
        if let top = stack.last, top.kind.holdsValue { try addText(range) }
      case .cdata(let range):
        if let top = stack.last, top.kind.holdsValue {
          bufferText()
          text.append(contentsOf: scanner.bytes(range))
        }
      case .end: return
      }
    }
  }

  // MARK: - Elements

  private mutating func open(_ name: Range<Int>) throws(SyntaxError) {
    let tagStart = name.lowerBound - 1
    let localName = scanner.bytes(scanner.localName(name))
    var kind = GPXElementKind(localName: localName)
    if let parent = stack.last {
      kind = kind.resolved(under: parent.kind, inPointExtensions: pointExtensionsDepth >= 0)
      if kind == .other, parent.kind.holdsDescriptiveText {
        kind = GPXElementKind(descriptiveName: localName, under: parent.kind)
      }
    } else if kind != .gpx {
      throw SyntaxError(
        reason: "the root element is <\(scanner.string(name))>, not <gpx>", byteOffset: tagStart)
    }
    let isPoint = kind.isPoint
    if isPoint { point = GPXPointValues() }
    if kind == .link { link = ActivityLink(href: "") }
    let readsAttributes = isPoint || kind == .gpx || kind == .link
    while let attribute = try scanner.nextAttribute() {
      if readsAttributes { try self.attribute(attribute, ofPoint: isPoint) }
    }
    if isPoint {
      if !hasLatitude {
        throw SyntaxError(
          reason: "<\(scanner.string(name))> has no lat attribute", byteOffset: tagStart)
      }
      if !hasLongitude {
        throw SyntaxError(
          reason: "<\(scanner.string(name))> has no lon attribute", byteOffset: tagStart)
      }
      hasLatitude = false
      hasLongitude = false
    }
    if kind == .extensions { pointExtensionsDepth = stack.count }
    if kind.holdsValue { beginText() }
    stack.append(OpenElement(kind: kind, name: name))
  }

  private mutating func attribute(
    _ attribute: XMLScanner.Attribute, ofPoint isPoint: Bool
  ) throws(SyntaxError) {
    func named(_ literal: StaticString) -> Bool { scanner.equals(attribute.name, literal) }
    if isPoint {
      let isLatitude = named("lat")
      guard isLatitude || named("lon") else { return }
      beginText()
      try addText(attribute.value)
      guard let value = withText({ ASCIINumber.double($0) }) else {
        let which = isLatitude ? "latitude" : "longitude"
        throw SyntaxError(
          reason: "\(which) is not a number: \"\(textString())\"",
          byteOffset: attribute.value.lowerBound)
      }
      if isLatitude {
        point.latitude = value
        hasLatitude = true
      } else {
        point.longitude = value
        hasLongitude = true
      }
    } else if named("version") || named("creator") {
      beginText()
      try addText(attribute.value)
      if named("version") {
        document.version = textString()
      } else {
        document.creator = textString()
      }
    } else if link != nil, named("href") {
      beginText()
      try addText(attribute.value)
      let href = textString()
      link?.href = href
    }
  }

  // MARK: - Building the document

  /// The point being read as a fix, its out-of-range fields refused and counted.
  private mutating func screenedPoint() -> Fix {
    var fix = point.fix
    FixFieldLimits.screen(&fix, refused: &document.refusedFieldCounts)
    return fix
  }

  /// Ends the innermost open element.
  private mutating func close() throws(SyntaxError) {
    let element = stack.removeLast()
    if stack.count == pointExtensionsDepth { pointExtensionsDepth = -1 }
    switch element.kind {
    case .other, .metadata, .extensions, .gpx: break
    case .trackPoint:
      let fix = screenedPoint()
      if let onTrackPoint {
        onTrackPoint(fix, document.tracks.count, track.segments.count)
      } else {
        segmentFixes.append(fix)
      }
      if let onConsumed, scanner.position - lastConsumedReport >= Self.consumedReportBytes {
        lastConsumedReport = scanner.position
        onConsumed(scanner.position)
      }
    case .routePoint: route.points.append(screenedPoint())
    case .waypoint:
      document.waypoints.append(
        GPXDocument.Waypoint(
          fix: screenedPoint(), name: point.name, description: waypointDescription))
      waypointDescription = nil
    case .trackSegment:
      track.segments.append(Segment(fixes: segmentFixes))
      segmentFixes = []
    case .track:
      if trackDetails != GPXDocument.TrackDetails() {
        document.trackDetails[document.tracks.count] = trackDetails
        trackDetails = GPXDocument.TrackDetails()
      }
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
    case .link:
      if let link { updateLinks(of: stack.last?.kind) { $0.append(link) } }
      link = nil
    case .description, .linkText, .url, .urlName, .activityType: describe(element.kind)
    default: try value(of: element)
    }
  }

  /// Stores the text of a `desc`, of a link's `text`, of GPX 1.0's `url` or `urlname`, or of
  /// a track's `type`, in the file, track, waypoint or link it belongs to.
  private mutating func describe(_ kind: GPXElementKind) {
    let text = textString()
    let owner = stack.last?.kind
    switch kind {
    case .description:
      switch owner {
      case .gpx, .metadata: document.description = text
      case .track: trackDetails.description = text
      case .waypoint: waypointDescription = text
      default: break
      }
    case .linkText: link?.text = text
    case .activityType: if owner == .track { trackDetails.type = text }
    case .url: updateLinks(of: owner) { $0.append(ActivityLink(href: text)) }
    default:
      // A `urlname` names the `url` before it.
      updateLinks(of: owner) { links in
        if let last = links.indices.last, links[last].text == nil { links[last].text = text }
      }
    }
  }

  /// Calls `body` with the links of the file, or of the track being read when `owner` is one.
  private mutating func updateLinks(
    of owner: GPXElementKind?, _ body: (inout [ActivityLink]) -> Void
  ) {
    if owner == .track { body(&trackDetails.links) } else { body(&document.links) }
  }

  /// Stores the text of a value element in the current point.
  private mutating func value(of element: OpenElement) throws(SyntaxError) {
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
    // A source this version does not know is as good as none; a motion, leaves the point to
    // be measured afresh.
    case .source: point.source = FixSource(rawValue: trimmedTextString()) ?? .unknown
    case .motion: point.cleanedMotion = CleanedMotion(rawValue: trimmedTextString())
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

  private mutating func beginText() {
    rawText = 0..<0
    textBuffered = false
  }

  /// Adds a chunk of text (a range of the file) to the current value, decoding entities and
  /// character references.
  private mutating func addText(_ range: Range<Int>) throws(SyntaxError) {
    if !textBuffered, rawText.isEmpty, !scanner.needsDecoding(range) {
      rawText = range
      return
    }
    bufferText()
    try scanner.decode(range, into: &text)
  }

  /// Moves the current value into `text`, so that more can be appended.
  private mutating func bufferText() {
    guard !textBuffered else { return }
    text.removeAll(keepingCapacity: true)
    text.append(contentsOf: scanner.bytes(rawText))
    textBuffered = true
  }

  private func withText<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    textBuffered ? text.withUnsafeBytes(body) : body(scanner.bytes(rawText))
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

  // MARK: - Errors

  private func valueError(_ expected: String, _ element: OpenElement) -> SyntaxError {
    let name = scanner.string(element.name)
    var shown = trimmedTextString()
    if shown.count > 40 { shown = String(shown.prefix(40)) + "..." }
    // Point at the start of the text, just after the start tag.
    let textOffset =
      scanner.find(UInt8(ascii: ">"), from: element.name.lowerBound).map { $0 + 1 } ?? scanner.end
    return SyntaxError(reason: "<\(name)> is not \(expected): \"\(shown)\"", byteOffset: textOffset)
  }
}
