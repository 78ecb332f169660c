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
/// exports such as GPSLogger's name `gps` or `network`), `segment`, and `motion` (a
/// `CleanedMotion` raw value, as ``FixCSVWriter`` writes a cleaned file's). Other columns
/// (such as `distance`) are ignored.
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
    let lines = FixCSVText.lines(of: text)
    guard let headerLine = lines.first,
      !headerLine.allSatisfy(\.isWhitespace)
    else { throw FixCSVError(reason: "the file is empty", line: 1) }

    let delimiter = FixCSVDelimiter(header: headerLine) ?? .comma
    let layout = try FixCSVLayout(
      headers: FixCSVText.fields(of: headerLine, line: 1, delimiter: delimiter))
    var log = FixCSVLog()
    if let timeIndex = layout.timeIndex {
      log.epochTimeUnit = epochTimeUnit(
        of: lines, column: timeIndex, dateColumn: layout.dateIndex, delimiter: delimiter)
    }
    let track = try track(
      of: lines, layout: layout, delimiter: delimiter, timeUnit: log.epochTimeUnit ?? .seconds,
      refused: &log.refusedFieldCounts)
    log.track = track
    return log
  }

  /// The fixes of the rows after the header (`lines[0]`), in segments.
  private static func track(
    of lines: [Substring], layout: FixCSVLayout, delimiter: FixCSVDelimiter,
    timeUnit: EpochTimeUnit, refused: inout RefusedFieldCounts
  ) throws(FixCSVError) -> Track {
    var track = Track()
    var fixes: [Fix] = []
    var currentSegment: String?
    for (offset, line) in lines.enumerated().dropFirst() {
      let lineNumber = offset + 1
      if line.allSatisfy(\.isWhitespace) { continue }
      let values = try FixCSVText.fields(of: line, line: lineNumber, delimiter: delimiter)
      guard values.count == layout.fieldCount else {
        throw FixCSVError(
          reason: "expected \(layout.fieldCount) fields as in the header, found \(values.count)",
          line: lineNumber)
      }
      if let segmentIndex = layout.segmentIndex {
        let segment = FixCSVText.trimmed(values[segmentIndex])
        if let currentSegment, currentSegment != segment, !fixes.isEmpty {
          track.segments.append(Segment(fixes: fixes))
          fixes = []
        }
        currentSegment = segment
      }
      var fix = try fix(
        of: values, layout: layout, timeUnit: timeUnit, refused: &refused, line: lineNumber)
      if let ecefIndices = layout.ecefIndices {
        setPosition(of: &fix, fromECEF: values, at: ecefIndices)
        // One row a satellite signal: the epoch's other rows repeat its fix.
        if let previous = fixes.last, repeats(fix, previous) { continue }
      }
      // A file that states no accuracy gets the core's estimate from the HDOP
      // (ReceiverStatus.autonomousRangeErrorMeters), as the pipeline would give it.
      if !layout.statesAccuracy, let dilution = fix.receiver.horizontalDilution, dilution > 0 {
        // A dilution beyond its bound counts as the bound (FixFieldLimits holds it there).
        fix.horizontalAccuracyMeters =
          min(dilution, FixFieldLimits.dilution.upperBound)
          * ReceiverStatus.autonomousRangeErrorMeters
      }
      FixFieldLimits.screen(&fix, refused: &refused)
      fixes.append(fix)
    }
    if !fixes.isEmpty || track.segments.isEmpty { track.segments.append(Segment(fixes: fixes)) }
    return track
  }

  /// The fix of one row's fields, all but its segment and its ECEF position.
  private static func fix(
    of values: [Substring], layout: FixCSVLayout, timeUnit: EpochTimeUnit,
    refused: inout RefusedFieldCounts, line: Int
  ) throws(FixCSVError) -> Fix {
    var fix = Fix(latitudeDegrees: .nan, longitudeDegrees: .nan)
    for field in layout.fields {
      let value = FixCSVText.trimmed(values[field.index])
      if value.isEmpty {
        if field.column == .latitude || field.column == .longitude {
          throw FixCSVError(reason: "the position is missing", line: line, field: field.header)
        }
        continue
      }
      if field.column == .time, let dateIndex = layout.dateIndex {
        let date = FixCSVText.trimmed(values[dateIndex])
        // A time of day (no date in it) falls on the row's date.
        if !date.isEmpty, !value.contains("-") {
          fix.timestamp = try time(of: date, at: value, line: line, field: field.header)
          continue
        }
      }
      try set(
        field.column, of: &fix, to: value, timeUnit: timeUnit, refused: &refused,
        line: line, field: field.header)
    }
    return fix
  }

  /// The time of a date (`YYYY-MM-DD`) at a UTC time of day (`hh:mm:ss[.sss]`).
  private static func time(
    of date: String, at timeOfDay: String, line: Int, field: String
  ) throws(FixCSVError) -> Date {
    var text = date + "T" + timeOfDay
    guard
      let seconds = text.withUTF8({
        ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
      })
    else {
      throw FixCSVError(
        reason: "not a date (YYYY-MM-DD) and a time of day (hh:mm:ss): "
          + "\"\(date)\", \"\(timeOfDay)\"", line: line, field: field)
    }
    return Date(timeIntervalSinceReferenceDate: seconds)
  }

  /// Sets the position of `fix` from the row's ECEF coordinates, taken as WGS84 with the
  /// height above the ellipsoid as the altitude; coordinates that are empty or not numbers
  /// leave it unknown.
  private static func setPosition(
    of fix: inout Fix, fromECEF values: [Substring], at indices: (x: Int, y: Int, z: Int)
  ) {
    func coordinate(_ index: Int) -> Double {
      var text = FixCSVText.trimmed(values[index])
      return text.withUTF8 { ASCIINumber.double(UnsafeRawBufferPointer($0)) } ?? .nan
    }
    let position = WGS84.ECEFPosition(
      xMeters: coordinate(indices.x), yMeters: coordinate(indices.y),
      zMeters: coordinate(indices.z))
    if let geodetic = WGS84.geodetic(position) {
      fix.latitudeDegrees = geodetic.latitudeDegrees
      fix.longitudeDegrees = geodetic.longitudeDegrees
      fix.altitudeMeters = geodetic.ellipsoidHeightMeters
    }
  }

  /// Whether `fix` has the time and position of `previous`, to the bit.
  private static func repeats(_ fix: Fix, _ previous: Fix) -> Bool {
    previous.timestamp == fix.timestamp
      && previous.latitudeDegrees.bitPattern == fix.latitudeDegrees.bitPattern
      && previous.longitudeDegrees.bitPattern == fix.longitudeDegrees.bitPattern
  }

  /// The unit of the epoch numbers in the time column at `column` (see ``EpochTimeUnit``), from
  /// the first 1,001 rows whose field is a number; `nil` when none is (ISO 8601 text), or when
  /// the column holds times of day beside a date column. The search stops at 1,001 rows in a
  /// row without a number: such a column holds text, not epoch numbers.
  private static func epochTimeUnit(
    of lines: [Substring], column: Int, dateColumn: Int?, delimiter: FixCSVDelimiter
  ) -> EpochTimeUnit? {
    let sampleCount = 1_001
    var values: [Double] = []
    var rowsWithoutNumber = 0
    for line in lines.dropFirst() {
      // The reader splits every row again; here only the sample's rows are split.
      guard values.count < sampleCount, rowsWithoutNumber < sampleCount else { break }
      rowsWithoutNumber += 1
      guard let fields = try? FixCSVText.fields(of: line, line: 0, delimiter: delimiter),
        column < fields.count
      else {
        continue
      }
      let value = FixCSVText.trimmed(fields[column])
      if let dateColumn, dateColumn < fields.count,
        !FixCSVText.trimmed(fields[dateColumn]).isEmpty,
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

  /// Sets the field of `fix` that `column` holds to `value`, a field's text (not empty).
  private static func set(
    _ column: FixCSVColumn, of fix: inout Fix, to value: String, timeUnit: EpochTimeUnit,
    refused: inout RefusedFieldCounts, line: Int, field: String
  ) throws(FixCSVError) {
    switch column {
    case .time:
      try setTime(
        of: &fix, to: value, timeUnit: timeUnit, refused: &refused, line: line, field: field)
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
      fix.timestamp = time(number, in: column)
    case .provider:
      fix.source = FixSource(providerName: value)
    case .motion:
      guard let motion = CleanedMotion(rawValue: value) else {
        throw FixCSVError(reason: "not a motion: \"\(value)\"", line: line, field: field)
      }
      fix.cleanedMotion = motion
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

  /// Sets the time of `fix` from a `time` field: ISO 8601 text or an epoch number in
  /// `timeUnit`.
  private static func setTime(
    of fix: inout Fix, to value: String, timeUnit: EpochTimeUnit,
    refused: inout RefusedFieldCounts, line: Int, field: String
  ) throws(FixCSVError) {
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
  }

  /// The time of a finite number in a Unix or GPS milliseconds column or a GPS seconds one.
  private static func time(_ number: Double, in column: FixCSVColumn) -> Date {
    switch column {
    case .gpsTime:
      Date(timeIntervalSinceReferenceDate: GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: number))
    case .gpsTimeMilliseconds:
      Date(
        timeIntervalSinceReferenceDate: GPSTime.utcSecondsSinceReferenceDate(
          gpsSeconds: number / 1_000))
    default: Date(timeIntervalSince1970: number / 1_000)
    }
  }
}
