/// Reads and writes ISO 8601 / RFC 3339 date-times by hand, straight from UTF-8 bytes.
///
/// Reads `YYYY-MM-DDThh:mm:ss`, with `T`, `t` or a space between date and time, optional
/// fractional seconds of any length (`.` or `,`), and `Z` or an offset `±hh:mm` / `±hhmm` /
/// `±hh`. A time without a zone is taken as UTC (GPX requires UTC; files that omit the `Z`
/// mean it). Times are seconds since 2001-01-01 UTC, `Date`'s reference date.
///
/// Day counts use Howard Hinnant's `days_from_civil` and `civil_from_days` algorithms
/// ("chrono-Compatible Low-Level Date Algorithms", 2013).
enum ISO8601Time {
  /// Seconds from 1970-01-01 to 2001-01-01.
  static let referenceDateFromUnixEpochSeconds: Int64 = 978_307_200

  /// The time that `bytes` spell, in seconds since 2001-01-01 UTC, or `nil` when they do not
  /// spell a valid date-time.
  static func secondsSinceReferenceDate(_ bytes: UnsafeRawBufferPointer) -> Double? {
    var text = ISO8601Text(bytes, ASCIINumber.trimmed(bytes))
    guard let date = text.readDate(), text.readDateTimeSeparator(),
      let time = text.readTimeOfDay(), let fraction = text.readFraction(),
      let offsetSeconds = text.readZoneOffsetSeconds(), text.isAtEnd
    else { return nil }
    let days = daysFromCivil(year: Int64(date.year), month: Int64(date.month), day: Int64(date.day))
    let unixSeconds =
      days * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
      - Int64(offsetSeconds)
    return Double(unixSeconds - referenceDateFromUnixEpochSeconds) + fraction
  }

  /// The UTC text of a time, `YYYY-MM-DDThh:mm:ssZ`, with fractional seconds only when the
  /// time has them, written with enough digits to read back to exactly `seconds`.
  static func string(secondsSinceReferenceDate seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e15 else { return "0001-01-01T00:00:00Z" }
    let whole = seconds.rounded(.down)
    // Exact: `whole` and `seconds` are within one of each other.
    let fraction = seconds - whole
    let unixSeconds = Int64(whole) + referenceDateFromUnixEpochSeconds
    let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
    let secondOfDay = Int(unixSeconds - days * 86_400)
    let (year, month, day) = civilFromDays(days)
    var text = ""
    text.reserveCapacity(24)
    if year < 0 { text += "-" }
    append(Int(abs(year)), width: 4, to: &text)
    text += "-"
    append(Int(month), width: 2, to: &text)
    text += "-"
    append(Int(day), width: 2, to: &text)
    text += "T"
    append(secondOfDay / 3600, width: 2, to: &text)
    text += ":"
    append(secondOfDay / 60 % 60, width: 2, to: &text)
    text += ":"
    append(secondOfDay % 60, width: 2, to: &text)
    if fraction > 0 {
      text += fractionText(whole: whole, fraction: fraction, seconds: seconds)
    }
    text += "Z"
    return text
  }

  /// The fractional seconds as `.ddd`: the fewest digits (up to 9) that read back, as the
  /// reader adds them to the whole seconds, to exactly `seconds` (a millisecond time is
  /// `.348`, not the binary fraction's 17 digits); else every digit of `fraction`.
  private static func fractionText(whole: Double, fraction: Double, seconds: Double) -> String {
    var scale = 1.0
    for digitCount in 1...9 {
      scale *= 10
      let digits = (fraction * scale).rounded()
      guard digits < scale, whole + digits / scale == seconds else { continue }
      let text = String(Int(digits))
      return "." + String(repeating: "0", count: digitCount - text.count) + text
    }
    // "0.25" -> ".25"; the digits are the shortest that read back to `fraction`.
    return String(DecimalText.string(fraction).dropFirst())
  }

  private static func append(_ value: Int, width: Int, to text: inout String) {
    let digits = String(value)
    if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
    text += digits
  }

  /// Days from 1970-01-01 to the given proleptic Gregorian date.
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day count from 1970-01-01.
  static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// The bytes of a date-time, read from left to right by ``ISO8601Time``. Each `read` returns
/// `nil` (or `false`) when the bytes at the cursor do not spell its part.
///
/// Its functions are inlined: readers parse a time for every point, and inlined they make one
/// function with the cursor in registers.
private struct ISO8601Text {
  let bytes: UnsafeRawBufferPointer
  var index: Int
  let end: Int

  init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
    self.bytes = bytes
    index = range.lowerBound
    end = range.upperBound
  }

  var isAtEnd: Bool { index == end }

  /// `YYYY-MM-DD`, a valid calendar date; years past 9999 have more digits.
  @inline(__always)
  mutating func readDate() -> (year: Int, month: Int, day: Int)? {
    guard var year = digits(4) else { return nil }
    while index < end, case let digit = bytes[index] &- 0x30, digit < 10, year < 100_000_000 {
      year = year * 10 + Int(digit)
      index += 1
    }
    guard expect(UInt8(ascii: "-")), let month = digits(2), (1...12).contains(month),
      expect(UInt8(ascii: "-")), let day = digits(2), day >= 1,
      day <= Self.daysInMonth(month, year: year)
    else { return nil }
    return (year, month, day)
  }

  /// `T`, `t` or a space.
  @inline(__always)
  mutating func readDateTimeSeparator() -> Bool {
    guard index < end,
      bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t")
        || bytes[index] == UInt8(ascii: " ")
    else { return false }
    index += 1
    return true
  }

  /// `hh:mm:ss`, with a leap second allowed.
  @inline(__always)
  mutating func readTimeOfDay() -> (hour: Int, minute: Int, second: Int)? {
    guard let hour = digits(2), hour <= 23, expect(UInt8(ascii: ":")),
      let minute = digits(2), minute <= 59, expect(UInt8(ascii: ":")),
      let second = digits(2), second <= 60
    else { return nil }
    return (hour, minute, second)
  }

  /// Fractional seconds after `.` or `,`, of any length; 0 when there are none.
  @inline(__always)
  mutating func readFraction() -> Double? {
    guard index < end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",")
    else { return 0 }
    let start = index
    index += 1
    while index < end, bytes[index] &- 0x30 < 10 { index += 1 }
    guard index - start > 1 else { return nil }
    guard bytes[start] == UInt8(ascii: ",") else {
      return ASCIINumber.double(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
    }
    // Only the point is a decimal separator for the number parser.
    let digits = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<index])
    guard let whole = ASCIINumber.double(digits) else { return nil }
    return whole / Self.pow10(index - start - 1)
  }

  /// The zone's offset from UTC in seconds: `Z`, `±hh:mm`, `±hhmm` or `±hh`; 0 when there is
  /// no zone (UTC is meant).
  @inline(__always)
  mutating func readZoneOffsetSeconds() -> Int? {
    guard index < end else { return 0 }
    let marker = bytes[index]
    index += 1
    if marker == UInt8(ascii: "Z") || marker == UInt8(ascii: "z") { return 0 }
    guard marker == UInt8(ascii: "+") || marker == UInt8(ascii: "-") else { return nil }
    guard let offsetHours = digits(2), offsetHours <= 23 else { return nil }
    var offsetMinutes = 0
    if index < end {
      _ = expect(UInt8(ascii: ":"))
      guard let minutes = digits(2), minutes <= 59 else { return nil }
      offsetMinutes = minutes
    }
    return (offsetHours * 3600 + offsetMinutes * 60) * (marker == 0x2D ? -1 : 1)
  }

  /// The number that the next `count` bytes spell, all decimal digits.
  @inline(__always)
  private mutating func digits(_ count: Int) -> Int? {
    guard end - index >= count else { return nil }
    var value = 0
    for _ in 0..<count {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
      index += 1
    }
    return value
  }

  /// Steps over `character` if it comes next.
  @inline(__always)
  private mutating func expect(_ character: UInt8) -> Bool {
    guard index < end, bytes[index] == character else { return false }
    index += 1
    return true
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
  }

  private static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
