import Foundation

/// Reads gpsd's times: ISO 8601 in UTC with optional fractional seconds
/// (`2020-05-14T17:29:05.000Z`), as gpsd has sent since protocol 3.10 (2013). Older gpsd sent
/// seconds since 1970 as a number, which ``GPSDTimeValue`` also accepts.
///
/// Day counts use Howard Hinnant's `days_from_civil` algorithm ("chrono-Compatible Low-Level
/// Date Algorithms", 2013).
enum GPSDTime {
  /// The date that `text` spells, or `nil` when it is not `YYYY-MM-DDThh:mm:ss[.f…]Z`.
  static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var index = 0

    func digits(_ count: Int) -> Int? {
      guard bytes.count - index >= count else { return nil }
      var value = 0
      for _ in 0..<count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
        index += 1
      }
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }

    guard let year = digits(4), expect("-"), let month = digits(2), (1...12).contains(month),
      expect("-"), let day = digits(2), day >= 1, day <= daysInMonth(month, year: year),
      expect("T"), let hour = digits(2), hour <= 23, expect(":"), let minute = digits(2),
      minute <= 59, expect(":"), let second = digits(2), second <= 60  // 60: a leap second
    else { return nil }
    var fraction = 0.0
    if expect(".") {
      var scale = 0.1
      let start = index
      while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
        fraction += Double(digit) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    guard expect("Z"), index == bytes.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar.
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

/// A gpsd `time` field: an ISO 8601 string, or seconds since 1970 from gpsd before 3.10.
struct GPSDTimeValue: Decodable {
  var date: Date

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let seconds = try? container.decode(Double.self) {
      date = Date(timeIntervalSince1970: seconds)
      return
    }
    let text = try container.decode(String.self)
    guard let date = GPSDTime.date(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not an ISO 8601 UTC time")
    }
    self.date = date
  }
}
