import Foundation
import TrackSift

/// Reads a CSV file of fixes (one fix a row, a header row first) into a `Track`.
///
/// The header names the columns; common names are recognised whatever their case, spacing or
/// unit suffix: `time`/`timestamp` (ISO 8601, with `T` or a space, or a Unix epoch number in
/// seconds, milliseconds, microseconds or nanoseconds, told from the column's magnitude: see
/// ``EpochTimeUnit``; or a UTC time of day, `hh:mm:ss[.sss]`, beside a `date` column,
/// `YYYY-MM-DD`, as speed-sailing loggers write them), `unixTimeMillis` (Unix milliseconds), `GPS Time` and
/// `millisSinceGpsEpoch` (GPS time, in seconds or milliseconds since 1980-01-06, which runs
/// ahead of UTC by the leap seconds since: the Google Smartphone Decimeter Challenge's files),
/// `lat`/`latitude`, `lon`/`lng`/`longitude`, `ele`/`alt`/`altitude`,
/// `accuracy`/`horizontal_accuracy`/`ehpe` (meters), `vertical_accuracy`, `speed` (m/s),
/// `course`/`bearing` (degrees), `speed_accuracy`/`ehve` (m/s),
/// `course_accuracy`/`bearing_accuracy` (degrees), `hr`/`heart_rate`, `cad`/`cadence`, `power`
/// (watts), `temperature` (Celsius), `hdop` (which, in a file without an accuracy column,
/// gives one as ``NMEAReader`` does: 5 m times the HDOP), `vdop`, `pdop`, `sat`,
/// `provider`/`source` (as ``TrackSift/FixSource/init(providerName:)`` reads it: Android
/// exports such as GPSLogger's name `gps` or `network`), and `segment`. Other columns (such as `distance`) are ignored.
/// Latitude and longitude are required, or, in a file without them, a position in
/// Earth-centred, Earth-fixed meters (`WlsPositionXEcefMeters`, `...Y...`, `...Z...`, or `ECEF
/// X`, ...), taken as WGS84 with its height above the ellipsoid as the altitude: the GSDC
/// 2022 `device_gnss.csv` files give the phone's least-squares solution so, on each of an
/// epoch's rows (one a satellite signal). There a row that repeats the time and position of
/// the row before is the same fix and is left out, and a row whose ECEF fields are empty or
/// not finite (an epoch without a solution) gives a fix without a valid position, which the
/// gate refuses.
///
/// An empty field is unknown. All rows form one segment unless a `segment` column is present:
/// a new segment starts whenever its value changes. Fields may be double-quoted (RFC 4180),
/// but a quoted field may not span lines. A UTF-8 byte-order mark and CRLF line ends are
/// accepted. Without a provider column, fixes have source `FixSource.unknown`.
///
/// Values out of their physical range, or infinite, are refused and counted (``FixFieldLimits``,
/// ``FixCSVLog/refusedFieldCounts``).
///
/// - Complexity: O(n) in the file size.
public enum FixCSVReader {
  /// Reads the CSV file at `url`.
  /// - Throws: ``FixCSVError`` when the file cannot be read or a row is invalid.
  public static func read(contentsOf url: URL) throws(FixCSVError) -> Track {
    try readLog(contentsOf: url).track
  }

  /// Reads CSV from the bytes of a file (UTF-8).
  /// - Throws: ``FixCSVError`` when a row is invalid.
  public static func read(data: Data) throws(FixCSVError) -> Track {
    try readLog(data: data).track
  }

  /// Reads CSV text.
  /// - Throws: ``FixCSVError`` when the text is empty, the header lacks latitude or longitude,
  ///   or a row is invalid.
  public static func read(string: String) throws(FixCSVError) -> Track {
    try readLog(string: string).track
  }

  /// Reads the CSV file at `url`, with what the reader decided (the unit of epoch times, the
  /// fields refused).
  /// - Throws: ``FixCSVError`` when the file cannot be read or a row is invalid.
  public static func readLog(contentsOf url: URL) throws(FixCSVError) -> FixCSVLog {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw FixCSVError(reason: "cannot read \(url.path): \(error.localizedDescription)", line: 0)
    }
    return try readLog(data: data)
  }

  /// Reads CSV from the bytes of a file (UTF-8), with what the reader decided.
  /// - Throws: ``FixCSVError`` when a row is invalid.
  public static func readLog(data: Data) throws(FixCSVError) -> FixCSVLog {
    try readLog(string: String(decoding: data, as: UTF8.self))
  }

  /// Reads CSV text, with what the reader decided.
  /// - Throws: ``FixCSVError`` when the text is empty, the header lacks latitude or longitude,
  ///   or a row is invalid.
  public static func readLog(string: String) throws(FixCSVError) -> FixCSVLog {
    var text = Substring(string)
    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
    let lines = lines(of: text)
    guard let headerLine = lines.first,
      !headerLine.allSatisfy(\.isWhitespace)
    else { throw FixCSVError(reason: "the file is empty", line: 1) }

    let headers = try fields(of: headerLine, line: 1)
    var columns: [(index: Int, column: FixCSVColumn)] = []
    for (index, header) in headers.enumerated() {
      guard let column = FixCSVColumn(header: header) else { continue }
      // The first column of a kind wins.
      if !columns.contains(where: { $0.column == column }) { columns.append((index, column)) }
    }
    func index(of column: FixCSVColumn) -> Int? { columns.first { $0.column == column }?.index }
    let hasLatitude = index(of: .latitude) != nil
    let hasLongitude = index(of: .longitude) != nil
    var ecefIndices: (x: Int, y: Int, z: Int)?
    if !hasLatitude, !hasLongitude, let x = index(of: .ecefX), let y = index(of: .ecefY),
      let z = index(of: .ecefZ)
    {
      ecefIndices = (x, y, z)
    }
    guard hasLatitude || ecefIndices != nil else {
      throw FixCSVError(
        reason: "the header has no latitude column (lat, latitude) nor ECEF position columns",
        line: 1)
    }
    guard hasLongitude || ecefIndices != nil else {
      throw FixCSVError(
        reason: "the header has no longitude column (lon, lng, longitude)", line: 1)
    }

    let dateIndex = index(of: .date)
    var log = FixCSVLog()
    if let timeIndex = index(of: .time) {
      log.epochTimeUnit = epochTimeUnit(of: lines, column: timeIndex, dateColumn: dateIndex)
    }
    let timeUnit = log.epochTimeUnit ?? .seconds
    let statesAccuracy = columns.contains { $0.column == .number(.horizontalAccuracy) }
    var track = Track()
    var fixes: [Fix] = []
    var currentSegment: Substring?
    for (offset, line) in lines.enumerated().dropFirst() {
      let lineNumber = offset + 1
      if line.allSatisfy(\.isWhitespace) { continue }
      let values = try fields(of: line, line: lineNumber)
      guard values.count == headers.count else {
        throw FixCSVError(
          reason: "expected \(headers.count) fields as in the header, found \(values.count)",
          line: lineNumber)
      }
      var fix = Fix(latitudeDegrees: .nan, longitudeDegrees: .nan)
      for (index, column) in columns {
        // Read together after the row's other columns.
        if column == .ecefX || column == .ecefY || column == .ecefZ { continue }
        let value = trimmed(values[index])
        let header = String(headers[index])
        if column == .segment {
          let segment = Substring(value)
          if let currentSegment, currentSegment != segment, !fixes.isEmpty {
            track.segments.append(Segment(fixes: fixes))
            fixes = []
          }
          currentSegment = segment
          continue
        }
        if value.isEmpty {
          if column == .latitude || column == .longitude {
            throw FixCSVError(reason: "the position is missing", line: lineNumber, field: header)
          }
          continue
        }
        if column == .time, let dateIndex {
          let date = trimmed(values[dateIndex])
          // A time of day (no date in it) falls on the row's date.
          if !date.isEmpty, !value.contains("-") {
            var text = date + "T" + value
            guard
              let seconds = text.withUTF8({
                ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
              })
            else {
              throw FixCSVError(
                reason: "not a date (YYYY-MM-DD) and a time of day (hh:mm:ss): "
                  + "\"\(date)\", \"\(value)\"", line: lineNumber, field: header)
            }
            fix.timestamp = Date(timeIntervalSinceReferenceDate: seconds)
            continue
          }
        }
        try set(
          column, of: &fix, to: value, timeUnit: timeUnit, refused: &log.refusedFieldCounts,
          line: lineNumber, field: header)
      }
      if let ecefIndices {
        func coordinate(_ index: Int) -> Double {
          var text = trimmed(values[index])
          return text.withUTF8 { ASCIINumber.double(UnsafeRawBufferPointer($0)) } ?? .nan
        }
        let position = WGS84.ECEFPosition(
          xMeters: coordinate(ecefIndices.x), yMeters: coordinate(ecefIndices.y),
          zMeters: coordinate(ecefIndices.z))
        if let geodetic = WGS84.geodetic(position) {
          fix.latitudeDegrees = geodetic.latitudeDegrees
          fix.longitudeDegrees = geodetic.longitudeDegrees
          fix.altitudeMeters = geodetic.ellipsoidHeightMeters
        }
        // One row a satellite signal: the epoch's other rows repeat its fix.
        if let previous = fixes.last, previous.timestamp == fix.timestamp,
          previous.latitudeDegrees.bitPattern == fix.latitudeDegrees.bitPattern,
          previous.longitudeDegrees.bitPattern == fix.longitudeDegrees.bitPattern
        {
          continue
        }
      }
      // A file that states no accuracy gets the core's estimate from the HDOP
      // (ReceiverStatus.autonomousRangeErrorMeters), as the pipeline would give it.
      if !statesAccuracy, let dilution = fix.receiver.horizontalDilution, dilution > 0 {
        // A dilution beyond its bound counts as the bound (FixFieldLimits holds it there).
        fix.horizontalAccuracyMeters =
          min(dilution, FixFieldLimits.dilution.upperBound)
          * ReceiverStatus.autonomousRangeErrorMeters
      }
      FixFieldLimits.screen(&fix, refused: &log.refusedFieldCounts)
      fixes.append(fix)
    }
    if !fixes.isEmpty || track.segments.isEmpty { track.segments.append(Segment(fixes: fixes)) }
    log.track = track
    return log
  }

  /// The unit of the epoch numbers in the time column at `column` (see ``EpochTimeUnit``), from
  /// the first 1,001 rows whose field is a number; `nil` when none is (ISO 8601 text), or when
  /// the column holds times of day beside a date column. The search stops at 1,001 rows in a
  /// row without a number: such a column holds text, not epoch numbers.
  private static func epochTimeUnit(
    of lines: [Substring], column: Int, dateColumn: Int?
  ) -> EpochTimeUnit? {
    let sampleCount = 1_001
    var values: [Double] = []
    var rowsWithoutNumber = 0
    for line in lines.dropFirst() {
      // The reader splits every row again; here only the sample's rows are split.
      guard values.count < sampleCount, rowsWithoutNumber < sampleCount else { break }
      rowsWithoutNumber += 1
      guard let fields = try? fields(of: line, line: 0), column < fields.count else { continue }
      let value = trimmed(fields[column])
      if let dateColumn, dateColumn < fields.count, !trimmed(fields[dateColumn]).isEmpty,
        !value.contains("-")
      {
        continue
      }
      if let number = Double(value), number.isFinite {
        values.append(number)
        rowsWithoutNumber = 0
      }
    }
    return values.isEmpty ? nil : EpochTimeUnit(values: values)
  }

  private static func set(
    _ column: FixCSVColumn, of fix: inout Fix, to value: String, timeUnit: EpochTimeUnit,
    refused: inout RefusedFieldCounts, line: Int, field: String
  ) throws(FixCSVError) {
    switch column {
    case .time:
      var text = value
      let seconds = text.withUTF8 {
        ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
      }
      if let seconds {
        fix.timestamp = Date(timeIntervalSinceReferenceDate: seconds)
      } else if let epochTime = Double(value) {
        // NaN is unknown, as everywhere; an infinite time is refused as one out of range is.
        if epochTime.isFinite {
          fix.timestamp = Date(timeIntervalSince1970: epochTime / timeUnit.perSecond)
        } else if !epochTime.isNaN {
          refused.refuse(.time)
        }
      } else {
        throw FixCSVError(
          reason: "not a time (ISO 8601 or a Unix epoch number): \"\(value)\"", line: line,
          field: field)
      }
    case .date:
      // Read with the time of day (above); alone it says nothing about the fix.
      break
    case .timeMilliseconds, .gpsTime, .gpsTimeMilliseconds:
      guard let number = Double(value) else {
        throw FixCSVError(reason: "not a number: \"\(value)\"", line: line, field: field)
      }
      guard number.isFinite else {
        if !number.isNaN { refused.refuse(.time) }
        return
      }
      fix.timestamp =
        switch column {
        case .gpsTime:
          Date(
            timeIntervalSinceReferenceDate: GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: number)
          )
        case .gpsTimeMilliseconds:
          Date(
            timeIntervalSinceReferenceDate: GPSTime.utcSecondsSinceReferenceDate(
              gpsSeconds: number / 1_000))
        default: Date(timeIntervalSince1970: number / 1_000)
        }
    case .provider:
      fix.source = FixSource(providerName: value)
    case .satellites:
      guard let count = Int(value), count >= 0 else {
        throw FixCSVError(reason: "not a satellite count: \"\(value)\"", line: line, field: field)
      }
      fix.receiver.satellitesUsed = count
    default:
      var text = value
      guard let number = text.withUTF8({ ASCIINumber.double(UnsafeRawBufferPointer($0)) }) else {
        throw FixCSVError(reason: "not a number: \"\(value)\"", line: line, field: field)
      }
      switch column {
      case .latitude: fix.latitudeDegrees = number
      case .longitude: fix.longitudeDegrees = number
      case .number(let field): fix[number: field] = number
      default: break
      }
    }
  }

  /// A field without the white space around it (Foundation's `trimmingCharacters` took
  /// half of the reading time).
  private static func trimmed(_ field: Substring) -> String {
    // Most fields start and end with a visible ASCII character: no Unicode lookup needed.
    if let first = field.utf8.first, let last = field.utf8.last, first > 0x20, first < 0x80,
      last > 0x20, last < 0x80
    {
      return String(field)
    }
    guard let first = field.firstIndex(where: { !$0.isWhitespace }),
      let last = field.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(field[first...last])
  }

  /// The lines of `text`, split as ``LineScanner`` splits them (by their UTF-8 bytes:
  /// splitting by `Character` cost most of the reading time of a large file).
  private static func lines(of text: Substring) -> [Substring] {
    var text = text
    var ranges: [Range<Int>] = []
    text.withUTF8 { buffer in
      LineScanner.forEachLineRange(in: UnsafeRawBufferPointer(buffer), onConsumed: nil) {
        range, _ in ranges.append(range)
      }
    }
    // Offsets into native UTF-8 text become indices in constant time.
    let utf8 = text.utf8
    return ranges.map { range in
      let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      return text[lower..<utf8.index(lower, offsetBy: range.count)]
    }
  }

  /// The fields of one line, with RFC 4180 quoting (`"a,b"`, `""` for a quote).
  private static func fields(of line: Substring, line number: Int) throws(FixCSVError)
    -> [Substring]
  {
    guard line.utf8.contains(UInt8(ascii: "\"")) else {
      var fields: [Substring] = []
      var start = line.startIndex
      var index = start
      let utf8 = line.utf8
      while index < utf8.endIndex {
        if utf8[index] == UInt8(ascii: ",") {
          fields.append(line[start..<index])
          start = utf8.index(after: index)
        }
        utf8.formIndex(after: &index)
      }
      fields.append(line[start..<utf8.endIndex])
      return fields
    }
    var result: [Substring] = []
    var current = ""
    var inQuotes = false
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if inQuotes {
        if character == "\"" {
          let next = line.index(after: index)
          if next < line.endIndex, line[next] == "\"" {
            current.append("\"")
            index = next
          } else {
            inQuotes = false
          }
        } else {
          current.append(character)
        }
      } else if character == "\"" {
        inQuotes = true
      } else if character == "," {
        result.append(Substring(current))
        current = ""
      } else {
        current.append(character)
      }
      index = line.index(after: index)
    }
    guard !inQuotes else {
      throw FixCSVError(reason: "a quoted field is not closed", line: number)
    }
    result.append(Substring(current))
    return result
  }
}
