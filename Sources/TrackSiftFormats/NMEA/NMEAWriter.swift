import Foundation
import TrackSift

/// Writes a `Track` as an NMEA 0183 log that ``NMEAReader`` reads back.
///
/// Per fix, talker GP, CR LF line endings, correct checksums:
/// - `$GPRMC`: time (hhmmss.ss), status A, position (ddmm.mmmmmmm, about 0.2 mm), speed in
///   knots (4 decimals), true course (3 decimals), date (ddmmyy: years 1980-2079 read back),
///   mode letter (D for a differential fix, S for a simulated one, else A);
/// - `$GPGGA`: time, position, quality (2 differential, 3 precise, 8 simulated, else 1),
///   satellites, HDOP, altitude in meters (3 decimals);
/// - `$GPGST` when the horizontal accuracy is known and positive (or the vertical one): the
///   latitude and longitude one-sigma errors are each accuracy / √2, so that the reader's
///   √(σlat² + σlon²) gives the accuracy back; the altitude σ is the vertical accuracy.
///
/// Unknown values are empty fields, and so are a negative speed or course (the "invalid" of
/// Core Location and of the simulator). A fix without a time gets empty time and date fields.
/// What NMEA cannot say is lost: segment boundaries (the reader splits at gaps instead),
/// sensors, PDOP and VDOP, speed and course accuracies, a source other than satellite or
/// simulated, and, for a fix with HDOP but no accuracy, the absence of an accuracy (the reader
/// estimates one from HDOP).
public enum NMEAWriter {
  /// The NMEA log of `track`'s fixes, in order.
  /// - Complexity: O(n) in the number of fixes.
  public static func string(from track: Track) -> String {
    var output = ""
    output.reserveCapacity(track.fixCount * 200)
    for segment in track.segments {
      for fix in segment.fixes { append(fix, to: &output) }
    }
    return output
  }

  /// Writes the NMEA log of `track` to `url` atomically (to a temporary file, then renamed).
  /// - Throws: the file system's error when the file cannot be written.
  public static func write(_ track: Track, to url: URL) throws {
    try Data(string(from: track).utf8).write(to: url, options: .atomic)
  }

  private static func append(_ fix: Fix, to output: inout String) {
    var time = ""
    var date = ""
    if let seconds = fix.timeSeconds, seconds.isFinite {
      let centiseconds = Int64((seconds * 100).rounded())
      let day = floorDivide(centiseconds, 8_640_000)
      let ofDay = centiseconds - day * 8_640_000
      time =
        digits(ofDay / 360_000, 2) + digits(ofDay / 6_000 % 60, 2) + digits(ofDay / 100 % 60, 2)
        + "." + digits(ofDay % 100, 2)
      let civil = ISO8601Time.civilFromDays(day + 11_323)
      date = digits(civil.day, 2) + digits(civil.month, 2) + digits(civil.year % 100, 2)
    }
    let latitude = angle(fix.latitudeDegrees, degreeDigits: 2, positive: "N", negative: "S")
    let longitude = angle(fix.longitudeDegrees, degreeDigits: 3, positive: "E", negative: "W")
    let receiver = fix.receiver
    let mode: String
    let quality: Int
    if fix.source == .simulated {
      (mode, quality) = ("S", 8)
    } else if receiver.fixType == .differential {
      (mode, quality) = ("D", 2)
    } else if receiver.fixType == .precise {
      (mode, quality) = ("A", 3)
    } else {
      (mode, quality) = ("A", 1)
    }
    // A negative speed or course is a phone's "invalid"; NMEA says that with an empty field.
    let speedKnots = fix.validSpeedMetersPerSecond.map { $0 / metersPerSecondPerKnot }
    let course = fix.courseDegrees.flatMap { $0 >= 0 ? $0 : nil }
    line(
      "GPRMC,\(time),A,\(latitude),\(longitude),\(decimal(speedKnots, 4)),"
        + "\(decimal(course, 3)),\(date),,,\(mode)", to: &output)
    line(
      "GPGGA,\(time),\(latitude),\(longitude),\(quality),"
        + "\(receiver.satellitesUsed.map(String.init) ?? ""),"
        + "\(decimal(receiver.horizontalDilution, 2)),\(decimal(fix.altitudeMeters, 3)),M,,M,,",
      to: &output)
    let horizontal = fix.horizontalAccuracyMeters.flatMap { $0 > 0 ? $0 : nil }
    let vertical = fix.verticalAccuracyMeters.flatMap { $0 > 0 ? $0 : nil }
    if horizontal != nil || vertical != nil {
      let axis = decimal(horizontal.map { $0 / 2.0.squareRoot() }, 4)
      line(
        "GPGST,\(time),,\(axis),\(axis),\(horizontal == nil ? "" : "0.0"),\(axis),\(axis),"
          + decimal(vertical, 4), to: &output)
    }
  }

  /// `$body*hh` and CR LF.
  private static func line(_ body: String, to output: inout String) {
    let checksum = body.utf8.reduce(UInt8(0), ^)
    output += "$" + body + "*" + digits(Int64(checksum), 2, radix: 16) + "\r\n"
  }

  /// `ddmm.mmmmmmm,N` (or `dddmm...`), rounded in whole units of the last digit so that 59.99999999
  /// minutes carries into the degrees; empty fields for a value that is not finite.
  private static func angle(
    _ degrees: Double, degreeDigits: Int, positive: String, negative: String
  ) -> String {
    guard degrees.isFinite else { return "," }
    let scale: Int64 = 10_000_000
    let total = Int64((abs(degrees) * 60 * Double(scale)).rounded())
    let whole = total / (60 * scale)
    let minutes = total % (60 * scale)
    return digits(whole, degreeDigits) + digits(minutes / scale, 2) + "."
      + digits(minutes % scale, 7) + "," + (degrees < 0 ? negative : positive)
  }

  /// A fixed-point decimal without locale or exponent; empty for `nil` or a value that is not
  /// finite.
  private static func decimal(_ value: Double?, _ places: Int) -> String {
    guard let value, value.isFinite, abs(value) < 1e12 else { return "" }
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    let total = Int64((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && total != 0 ? "-" : ""
    return sign + String(total / scale) + "." + digits(total % scale, places)
  }

  private static func digits(_ value: Int64, _ count: Int, radix: Int = 10) -> String {
    let text = String(value, radix: radix, uppercase: true)
    return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
