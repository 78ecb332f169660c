import Foundation

/// `$body*hh` with the checksum the body needs (XOR of its bytes).
func nmea(_ body: String) -> String {
  let checksum = body.utf8.reduce(UInt8(0), ^)
  let hex = String(checksum, radix: 16, uppercase: true)
  return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)"
}

/// Sentences joined with CR LF, each framed with a correct checksum.
func nmeaLog(_ bodies: [String], lineEnding: String = "\r\n") -> String {
  bodies.map(nmea).joined(separator: lineEnding) + lineEnding
}

/// A UTC date from its parts.
func utcDate(
  _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Double = 0
) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day))!
  return midnight.addingTimeInterval(Double(hour * 3_600 + minute * 60) + second)
}
