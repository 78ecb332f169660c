/// Why a sentence could not be read; the parser adds the line.
struct NMEAMalformed: Error {
  var reason: String
}

/// Reads NMEA 0183 field values straight from the bytes of a sentence. An empty field is
/// `nil` (the receiver does not know); a field that is not empty and not a value of its kind
/// makes the sentence malformed.
enum NMEAField {
  /// A finite number, or `nil` for an empty field.
  static func double(_ field: UnsafeRawBufferPointer, _ name: String) throws(NMEAMalformed)
    -> Double?
  {
    guard !field.isEmpty else { return nil }
    guard let value = ASCIINumber.double(field), value.isFinite else {
      throw NMEAMalformed(reason: "\(name) is not a number")
    }
    return value
  }

  /// A non-negative integer, or `nil` for an empty field.
  static func integer(_ field: UnsafeRawBufferPointer, _ name: String) throws(NMEAMalformed)
    -> Int?
  {
    guard !field.isEmpty else { return nil }
    guard let value = ASCIINumber.integer(field) else {
      throw NMEAMalformed(reason: "\(name) is not a whole number")
    }
    return value
  }

  /// The value of `count` decimal digits from `start`, or `nil` when one is not a digit.
  private static func digits(_ field: UnsafeRawBufferPointer, from start: Int, count: Int) -> Int? {
    var value = 0
    for index in start..<(start + count) {
      let digit = field[index] &- 0x30
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    return value
  }

  /// UTC time of day `hhmmss` or `hhmmss.sss` in seconds since midnight, or `nil` when empty.
  /// A second of 60 (a leap second) is accepted.
  static func timeOfDay(_ field: UnsafeRawBufferPointer) throws(NMEAMalformed) -> Double? {
    guard !field.isEmpty else { return nil }
    guard field.count >= 6, let hours = digits(field, from: 0, count: 2),
      let minutes = digits(field, from: 2, count: 2),
      let seconds = digits(field, from: 4, count: 2),
      hours < 24, minutes < 60, seconds <= 60
    else { throw NMEAMalformed(reason: "time of day is not hhmmss.ss") }
    var fraction = 0.0
    if field.count > 6 {
      guard field[6] == UInt8(ascii: "."),
        let value = ASCIINumber.double(UnsafeRawBufferPointer(rebasing: field[6...])),
        value >= 0, value < 1
      else { throw NMEAMalformed(reason: "time of day is not hhmmss.ss") }
      fraction = value
    }
    return Double(hours * 3_600 + minutes * 60 + seconds) + fraction
  }

  /// Days since 2001-01-01 for an RMC date `ddmmyy`, or `nil` when empty. Two-digit years
  /// 80-99 are 1980-1999 (GPS began in 1980), 00-79 are 2000-2079.
  static func rmcDay(_ field: UnsafeRawBufferPointer) throws(NMEAMalformed) -> Int? {
    guard !field.isEmpty else { return nil }
    guard field.count == 6, let day = digits(field, from: 0, count: 2),
      let month = digits(field, from: 2, count: 2), let year = digits(field, from: 4, count: 2),
      let days = daysSinceReference(
        year: year < 80 ? 2000 + year : 1900 + year, month: month, day: day)
    else { throw NMEAMalformed(reason: "date is not ddmmyy") }
    return days
  }

  /// Days from 2001-01-01 to a valid proleptic Gregorian date, or `nil` for an invalid one.
  static func daysSinceReference(year: Int, month: Int, day: Int) -> Int? {
    // A year is four digits in NMEA (ZDA); a longer one overflowed the day count below.
    guard (1...12).contains(month), day >= 1, (0...9_999).contains(year) else { return nil }
    let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard day <= lengths[month - 1] else { return nil }
    // Days from civil (Hinnant, "chrono-Compatible Low-Level Date Algorithms"), shifted so
    // that 2001-01-01 is day 0.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468 - 11_323
  }

  /// A latitude or longitude in degrees from `dddmm.mmmm` and its hemisphere letter, or `nil`
  /// when the value is empty. Degrees are split off by position, not by dividing by 100, so
  /// that the minutes keep every written digit.
  static func angle(
    _ value: UnsafeRawBufferPointer, hemisphere: UnsafeRawBufferPointer, isLatitude: Bool
  ) throws(NMEAMalformed) -> Double? {
    let name = isLatitude ? "latitude" : "longitude"
    guard !value.isEmpty else { return nil }
    var point = 0
    while point < value.count, value[point] != UInt8(ascii: ".") { point += 1 }
    let maximumDegrees = isLatitude ? 90 : 180
    guard point >= 3, point <= (isLatitude ? 4 : 5),
      let degrees = digits(value, from: 0, count: point - 2),
      let minutes = ASCIINumber.double(UnsafeRawBufferPointer(rebasing: value[(point - 2)...])),
      minutes >= 0, minutes < 60, degrees <= maximumDegrees
    else { throw NMEAMalformed(reason: "\(name) is not \(isLatitude ? "ddmm.mm" : "dddmm.mm")") }
    let magnitude = Double(degrees) + minutes / 60
    guard magnitude <= Double(maximumDegrees) else {
      throw NMEAMalformed(reason: "\(name) is beyond \(maximumDegrees) degrees")
    }
    guard hemisphere.count == 1 else {
      throw NMEAMalformed(reason: "\(name) has no hemisphere")
    }
    switch hemisphere[0] {
    case UInt8(ascii: isLatitude ? "N" : "E"): return magnitude
    case UInt8(ascii: isLatitude ? "S" : "W"): return -magnitude
    default:
      throw NMEAMalformed(reason: "\(name) hemisphere is not \(isLatitude ? "N or S" : "E or W")")
    }
  }
}
