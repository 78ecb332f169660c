import Foundation

/// The activity file formats TrackSift reads, told apart by their content.
public enum ActivityFileFormat: String, Sendable, Hashable, CaseIterable, Codable {
  /// GPX 1.0 or 1.1: XML whose root element is `gpx`.
  case gpx
  /// Garmin Training Center Database: XML whose root element is `TrainingCenterDatabase`.
  case tcx
  /// Garmin's binary Flexible and Interoperable Data Transfer protocol.
  case fit
  /// NMEA 0183 sentences, as receivers and gpsd logs write them.
  case nmea
  /// A CSV table of fixes with latitude and longitude (or ECEF) columns, as ``FixCSVReader``
  /// reads.
  case csv
  /// An Android GnssLogger log, as ``GnssLoggerReader`` reads.
  case gnssLogger
  /// GeoJSON (RFC 7946), as ``GeoJSONReader`` reads.
  case geojson

  /// How many bytes of a file ``detect(prefix:fileExtension:)`` looks at.
  public static let detectionPrefixLength = 64 * 1024

  /// The format of a file, judged from its first bytes.
  ///
  /// - FIT: a header size byte of 12 or 14 and `.FIT` at offset 8.
  /// - GPX and TCX: XML in UTF-8 or UTF-16 (after an optional byte-order mark, XML
  ///   declaration, comments, processing instructions and DOCTYPE) whose root element's
  ///   local name is `gpx` or `TrainingCenterDatabase`.
  /// - NMEA: a line starting with `$` or `!` and a talker and sentence name (`$GPGGA,`), or
  ///   the same after Android GnssLogger's `NMEA,`, in the first 4 KiB; other lines (gpsd's
  ///   `#` comments, a logger's notes) may come first.
  /// - GnssLogger: its header (`# Header Description:` or `# Version: v...`) or a `Fix,` line
  ///   with a provider, in the first 4 KiB, unless the first line is a CSV header (GSDC's
  ///   `MessageType,Provider,LatitudeDegrees,...` tables are CSV). Checked before NMEA: a log
  ///   may hold `NMEA,` lines too, and ``GnssLoggerReader`` reads them when it has no `Fix`
  ///   line.
  /// - GeoJSON: a JSON object (`{` after an optional byte-order mark and white space) with a
  ///   `"type"` member naming a GeoJSON type (`"FeatureCollection"`, `"Feature"`,
  ///   `"LineString"`, ...) in the prefix; or any JSON object when the extension is `geojson`.
  /// - CSV: a first line whose names, separated by commas, semicolons or tabs, include a
  ///   latitude and a longitude column (or the three ECEF coordinates) among those
  ///   ``FixCSVReader`` reads.
  ///
  /// A refusal says what the content came closest to: XML with another root element, or a
  /// header naming no position column (``FormatDetectionError/Clue``).
  ///
  /// Content wins over the extension; the extension (without the dot, any case) only breaks
  /// ties: when the content fits both NMEA and CSV, or XML whose root lies beyond `prefix`.
  ///
  /// - Parameters:
  ///   - prefix: the file's first bytes; ``detectionPrefixLength`` are enough.
  ///   - fileExtension: the file name's extension, such as `gpx`, when known.
  /// - Throws: ``FormatDetectionError`` when the content is none of the formats.
  /// - Complexity: O(n) in the length of `prefix`, up to ``detectionPrefixLength``.
  public static func detect(
    prefix: some Collection<UInt8>, fileExtension: String?
  ) throws(FormatDetectionError) -> ActivityFileFormat {
    var bytes = Array(prefix.prefix(detectionPrefixLength))
    // UTF-16 XML is told apart by its text (XMLTextEncoding); the other formats are 8-bit.
    switch XMLTextEncoding(prefix: bytes) {
    case .utf16LittleEndian, .utf16BigEndian:
      bytes = bytes.withUnsafeBytes { XMLTextEncoding.utf8($0).map(Array.init) } ?? bytes
    case .utf8, .latin1, .windows1252: break
    }
    let hinted = fileExtension.flatMap { Self(fileExtension: $0) }
    if isFIT(bytes) { return .fit }
    let root = xmlRoot(bytes)
    switch root {
    case .name("gpx"): return .gpx
    case .name("TrainingCenterDatabase"): return .tcx
    case .undecided:
      if let hinted, hinted == .gpx || hinted == .tcx { return hinted }
    case .notXML, .name: break
    }
    if isGeoJSON(bytes, hinted: hinted) { return .geojson }
    let firstLine = firstLine(bytes)
    let csv = isCSVHeader(firstLine)
    if isGnssLogger(bytes), !csv { return .gnssLogger }
    let nmea = isNMEA(bytes)
    if nmea && csv, let hinted, hinted == .nmea || hinted == .csv { return hinted }
    if nmea { return .nmea }
    if csv { return .csv }
    var clue: FormatDetectionError.Clue?
    if case .name(let name) = root {
      clue = .xmlRootElement(name)
    } else if let header = headerText(firstLine) {
      clue = .headerWithoutPosition(String(header.prefix(80)))
    }
    throw FormatDetectionError(prefix: bytes, clue: clue)
  }

  /// The format of the file at `url`, judged from its first ``detectionPrefixLength`` bytes
  /// and its extension as in ``detect(prefix:fileExtension:)``.
  /// - Throws: ``FormatDetectionError`` when the content is none of the formats, or the
  ///   file system's error when the file cannot be read.
  public static func detect(contentsOf url: URL) throws -> ActivityFileFormat {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let prefix = try handle.read(upToCount: detectionPrefixLength) ?? Data()
    return try detect(prefix: prefix, fileExtension: url.pathExtension)
  }

  /// The format a file extension usually means (`gpx`, `tcx`, `fit`, `nmea`/`nma`, `csv`,
  /// `geojson`), in
  /// any case; GnssLogger's `.txt` means nothing by itself.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "gpx": self = .gpx
    case "tcx": self = .tcx
    case "fit": self = .fit
    case "nmea", "nma": self = .nmea
    case "csv": self = .csv
    case "geojson": self = .geojson
    default: return nil
    }
  }

  // MARK: - Content checks

  private static func isFIT(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 12 && (bytes[0] == 12 || bytes[0] == 14)
      && bytes[8...11].elementsEqual(".FIT".utf8)
  }

  private enum XMLRoot: Equatable {
    case notXML
    /// XML, but the root element lies beyond the prefix.
    case undecided
    /// The root element's local name.
    case name(String)
  }

  /// The root element of XML, skipping the declaration, comments, processing instructions
  /// and a DOCTYPE.
  private static func xmlRoot(_ bytes: [UInt8]) -> XMLRoot {
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    func skipSpace() {
      while index < bytes.count, ASCIINumber.isSpace(bytes[index]) { index += 1 }
    }
    func skip(past terminator: String) -> Bool {
      let pattern = Array(terminator.utf8)
      while index + pattern.count <= bytes.count {
        if bytes[index..<index + pattern.count].elementsEqual(pattern) {
          index += pattern.count
          return true
        }
        index += 1
      }
      return false
    }
    func at(_ text: String) -> Bool { bytes[index...].starts(with: text.utf8) }
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return .notXML }
    while true {
      skipSpace()
      guard index < bytes.count else { return .undecided }
      guard bytes[index] == UInt8(ascii: "<") else { return .notXML }
      if at("<?") {
        guard skip(past: "?>") else { return .undecided }
      } else if at("<!--") {
        guard skip(past: "-->") else { return .undecided }
      } else if at("<!") {
        // A DOCTYPE: its internal subset is in brackets.
        var depth = 0
        while index < bytes.count {
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "[") { depth += 1 }
          if byte == UInt8(ascii: "]") { depth -= 1 }
          if byte == UInt8(ascii: ">") && depth <= 0 { break }
        }
        guard index < bytes.count else { return .undecided }
      } else {
        var end = index + 1
        while end < bytes.count, !ASCIINumber.isSpace(bytes[end]),
          bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/")
        {
          end += 1
        }
        guard end < bytes.count else { return .undecided }
        let name = bytes[(index + 1)..<end]
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return .name(String(decoding: local, as: UTF8.self))
      }
    }
  }

  /// The type names of RFC 7946's objects.
  private static let geoJSONTypes = [
    "FeatureCollection", "Feature", "LineString", "MultiLineString", "Point", "MultiPoint",
    "Polygon", "MultiPolygon", "GeometryCollection",
  ]

  /// Whether the bytes open a JSON object with a `"type"` member naming a GeoJSON type, or
  /// open any JSON object in a file named `.geojson`.
  private static func isGeoJSON(_ bytes: [UInt8], hinted: ActivityFileFormat?) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, ASCIINumber.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
    if hinted == .geojson { return true }
    let key = Array("\"type\"".utf8)
    var start = index
    while let found = firstIndex(of: key, in: bytes, from: start) {
      var cursor = found + key.count
      func skipSpace() {
        while cursor < bytes.count, ASCIINumber.isSpace(bytes[cursor]) { cursor += 1 }
      }
      skipSpace()
      if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") {
        cursor += 1
        skipSpace()
        for type in geoJSONTypes where bytes[cursor...].starts(with: "\"\(type)\"".utf8) {
          return true
        }
      }
      start = found + 1
    }
    return false
  }

  /// The first index at or after `start` where `pattern` occurs in `bytes`.
  private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
    var index = start
    while index + pattern.count <= bytes.count {
      if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Whether a line of the first 4 KiB is an NMEA sentence: `$` or `!` (after GnssLogger's
  /// `NMEA,`, if any), then at least four upper-case letters or digits (talker and sentence),
  /// then `,` or `*`.
  private static func isNMEA(_ bytes: [UInt8]) -> Bool {
    anyLineOfFirst4KiB(bytes) { lineStart, limit in
      var start = lineStart
      if bytes[start...].starts(with: NMEAParser.gnssLoggerPrefix) {
        start += NMEAParser.gnssLoggerPrefix.count
      }
      guard start < limit, bytes[start] == UInt8(ascii: "$") || bytes[start] == UInt8(ascii: "!")
      else { return false }
      var index = start + 1
      while index < bytes.count, isUpperAlphanumeric(bytes[index]) { index += 1 }
      return index - start - 1 >= 4 && index < bytes.count
        && (bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "*"))
    }
  }

  /// Whether a line of the first 4 KiB is GnssLogger's: its header's `# Header Description:`
  /// or `# Version: v`, or `Fix,` and a provider's letters and a comma.
  private static func isGnssLogger(_ bytes: [UInt8]) -> Bool {
    anyLineOfFirst4KiB(bytes) { lineStart, limit in
      let line = bytes[lineStart..<limit]
      if line.starts(with: "# Header Description:".utf8) || line.starts(with: "# Version: v".utf8) {
        return true
      }
      guard line.starts(with: "Fix,".utf8) else { return false }
      var index = lineStart + 4
      while index < limit, isUpperAlphanumeric(bytes[index]) || isLowerLetter(bytes[index]) {
        index += 1
      }
      return index > lineStart + 4 && index < limit && bytes[index] == UInt8(ascii: ",")
    }
  }

  /// Whether `matches` holds at the start of any line of the first 4 KiB of `bytes` (given the
  /// line's start and the 4 KiB limit).
  private static func anyLineOfFirst4KiB(
    _ bytes: [UInt8], _ matches: (_ lineStart: Int, _ limit: Int) -> Bool
  ) -> Bool {
    let limit = min(bytes.count, 4096)
    var lineStart = 0
    while lineStart < limit {
      if matches(lineStart, limit) { return true }
      guard let newline = bytes[lineStart..<limit].firstIndex(of: 0x0A) else { break }
      lineStart = newline + 1
    }
    return false
  }

  private static func isLowerLetter(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
  }

  private static func isUpperAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// The first line, after a UTF-8 byte-order mark, without its line break.
  private static func firstLine(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
    return bytes[start..<end]
  }

  /// A first line as text when it reads as a table's header: UTF-8 holding a comma, a
  /// semicolon or a tab, without other control characters, not opening JSON or XML.
  private static func headerText(_ line: ArraySlice<UInt8>) -> String? {
    guard line.contains(where: { delimiter in FixCSVDelimiter(rawValue: delimiter) != nil }),
      let first = line.first,
      !"{[<".utf8.contains(first),
      !line.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F })
    else { return nil }
    return String(validating: line, as: UTF8.self)
  }

  /// Whether a first line is a CSV header with latitude and longitude columns, or ECEF ones,
  /// separated by commas, semicolons or tabs (``FixCSVDelimiter``).
  private static func isCSVHeader(_ line: ArraySlice<UInt8>) -> Bool {
    FixCSVDelimiter(header: Substring(String(decoding: line, as: UTF8.self))) != nil
  }
}
