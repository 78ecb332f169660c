import Foundation
import TrackSift

/// Reads the lines of a GnssLogger log: `Fix` lines into fixes, `NMEA` lines through an
/// ``NMEAParser`` on the side, everything else passed over.
struct GnssLoggerParser {
  private let options: GnssLoggerReader.Options
  /// The column of each field after `Fix`, from the `# Fix,...` header or version 2's order.
  private var layout = GnssLoggerFixColumn.version2Layout
  private var values = [Double?](repeating: nil, count: GnssLoggerFixColumn.allCases.count)
  private var nmea: NMEAParser
  private var nmeaTrack = Track()
  private(set) var log = GnssLoggerLog()
  private var fixes: [Fix] = []

  init(options: GnssLoggerReader.Options) {
    self.options = options
    nmea = NMEAParser(options: NMEAReader.Options(strict: options.strict))
  }

  /// The log with its track: the `Fix` lines' fixes, or the NMEA lines' when there are none.
  mutating func finish() -> GnssLoggerLog {
    var result = log
    if log.isFromNMEA {
      var track = nmeaTrack
      nmea.finish { Self.add($0, startingSegment: $1, to: &track) }
      result.track = track
      for skipped in nmea.log.skipped { result.skip(skipped) }
      result.skippedCount += nmea.log.skippedCount - nmea.log.skipped.count
      result.refusedFieldCounts = nmea.log.refusedFieldCounts
    } else {
      let present = Set(fixes.map(\.source))
      let sources =
        options.sources
        ?? [.satellite, .fused, .network].first { present.contains($0) }.map { [$0] } ?? present
      result.track = Track(segments: [Segment(fixes: fixes.filter { sources.contains($0.source) })])
    }
    return result
  }

  /// Reads one line (without its end).
  /// - Throws: ``GnssLoggerError`` for a bad `Fix` or NMEA line in strict mode.
  mutating func handle(_ raw: UnsafeRawBufferPointer, line: Int) throws(GnssLoggerError) {
    let bounds = ASCIINumber.trimmed(raw)
    let text = UnsafeRawBufferPointer(rebasing: raw[bounds])
    if text.starts(with: Self.fixPrefix) {
      try readFix(UnsafeRawBufferPointer(rebasing: text[Self.fixPrefix.count...]), line: line)
    } else if text.starts(with: NMEAParser.gnssLoggerPrefix) {
      log.nmeaLineCount += 1
      // Moved out and back, so that the parser and the track are not both borrowed.
      var track = Track()
      swap(&track, &nmeaTrack)
      defer { swap(&track, &nmeaTrack) }
      do {
        try nmea.handle(text, line: line) { Self.add($0, startingSegment: $1, to: &track) }
      } catch {
        throw GnssLoggerError(reason: error.reason, line: line)
      }
    } else if text.first == UInt8(ascii: "#") {
      readHeader(text)
    }
  }

  private static let fixPrefix = Array("Fix,".utf8)

  private static func add(_ fix: Fix, startingSegment: Bool, to track: inout Track) {
    if startingSegment || track.segments.isEmpty { track.segments.append(Segment()) }
    track.segments[track.segments.count - 1].fixes.append(fix)
  }

  /// Takes the `Fix` columns from a `# Fix,Provider,LatitudeDegrees,...` header line.
  private mutating func readHeader(_ text: UnsafeRawBufferPointer) {
    let names = String(decoding: text.dropFirst(), as: UTF8.self)
      .split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard names.first == "Fix", names.count > 1 else { return }
    layout = names.dropFirst().map { GnssLoggerFixColumn(header: $0) }
  }

  /// Reads the fields after `Fix,`.
  private mutating func readFix(_ fields: UnsafeRawBufferPointer, line: Int)
    throws(GnssLoggerError)
  {
    for index in values.indices { values[index] = nil }
    var provider = ""
    var fieldIndex = 0
    var start = 0
    while start <= fields.count {
      var end = start
      while end < fields.count, fields[end] != UInt8(ascii: ",") { end += 1 }
      let field = UnsafeRawBufferPointer(rebasing: fields[start..<end])
      if fieldIndex < layout.count, let column = layout[fieldIndex],
        !ASCIINumber.trimmed(field).isEmpty
      {
        if column == .provider {
          provider = String(decoding: field, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        } else if let number = ASCIINumber.double(field), number.isFinite || column != .time {
          values[column.rawValue] = number
        } else {
          let text = String(decoding: field, as: UTF8.self)
          try reject("\(column.header): not a number: \"\(text)\"", line: line)
          return
        }
      }
      fieldIndex += 1
      start = end + 1
    }
    guard let latitude = values[GnssLoggerFixColumn.latitude.rawValue],
      let longitude = values[GnssLoggerFixColumn.longitude.rawValue]
    else {
      try reject("the position is missing", line: line)
      return
    }
    if !options.includesMockLocations, let mock = values[GnssLoggerFixColumn.mockLocation.rawValue],
      mock != 0
    {
      log.mockFixLineCount += 1
      return
    }
    var fix = fix(provider: provider, latitude: latitude, longitude: longitude)
    FixFieldLimits.screen(&fix, refused: &log.refusedFieldCounts)
    fixes.append(fix)
    log.fixLinesByProvider[provider, default: 0] += 1
  }

  /// A fix from the values read. Older logs write 0 for what the location lacks (Android's
  /// getters return 0 then): a zero accuracy is unknown, and so is a zero speed or bearing
  /// whose accuracy is zero.
  private func fix(provider: String, latitude: Double, longitude: Double) -> Fix {
    func value(_ column: GnssLoggerFixColumn) -> Double? { values[column.rawValue] }
    func accuracy(_ column: GnssLoggerFixColumn) -> Double? {
      value(column).flatMap { $0 == 0 ? nil : $0 }
    }
    func measured(_ column: GnssLoggerFixColumn, accuracy: GnssLoggerFixColumn) -> Double? {
      guard let measured = value(column) else { return nil }
      return measured == 0 && value(accuracy) == 0 ? nil : measured
    }
    return Fix(
      timestamp: value(.time).map { Date(timeIntervalSince1970: $0 / 1_000) },
      latitudeDegrees: latitude, longitudeDegrees: longitude,
      altitudeMeters: value(.altitude),
      horizontalAccuracyMeters: value(.accuracy),
      verticalAccuracyMeters: accuracy(.verticalAccuracy),
      speedMetersPerSecond: measured(.speed, accuracy: .speedAccuracy),
      speedAccuracyMetersPerSecond: accuracy(.speedAccuracy),
      courseDegrees: measured(.bearing, accuracy: .bearingAccuracy),
      courseAccuracyDegrees: accuracy(.bearingAccuracy),
      source: FixSource(providerName: provider))
  }

  private mutating func reject(_ reason: String, line: Int) throws(GnssLoggerError) {
    if options.strict { throw GnssLoggerError(reason: reason, line: line) }
    log.skip(SkippedLine(line: line, reason: reason))
  }
}
