/// Parses numbers straight from UTF-8 bytes, so a reader never builds a `String` per value.
///
/// Accepts optional surrounding XML whitespace, an optional sign, decimal digits with an optional
/// point, an optional exponent, and the words `NaN`, `INF` and `Infinity` in any case (the
/// lexical forms of `xsd:double`). Results are correctly rounded: short inputs take Clinger's
/// exact fast path (Clinger 1990, "How to read floating point numbers accurately"), longer ones
/// go through the standard library's parser.
enum ASCIINumber {
  /// Powers of ten that a `Double` holds exactly.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// True for the whitespace characters of XML and CSV (space, tab, CR, LF).
  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The bounds of `bytes` without leading and trailing whitespace.
  @inline(__always)
  static func trimmed(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return start..<end
  }

  /// The number that `bytes` spell, or `nil` when they are not a number.
  static func double(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let range = trimmed(bytes)
    guard !range.isEmpty else { return nil }
    var index = range.lowerBound
    let end = range.upperBound
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    } else if bytes[index] == UInt8(ascii: "+") {
      index += 1
    }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var exponent = 0
    var sawDigit = false
    var truncated = false
    while index < end, case let digit = bytes[index] &- 0x30, digit < 10 {
      sawDigit = true
      if mantissa == 0 && digit == 0 {
        // A leading zero carries no value.
      } else if significantDigits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(digit)
        significantDigits += 1
      } else {
        exponent += 1
        truncated = true
      }
      index += 1
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < end, case let digit = bytes[index] &- 0x30, digit < 10 {
        sawDigit = true
        if mantissa == 0 && digit == 0 {
          exponent -= 1
        } else if significantDigits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(digit)
          significantDigits += 1
          exponent -= 1
        } else {
          truncated = true
        }
        index += 1
      }
    }
    guard sawDigit else { return special(bytes, from: index, to: end, negative: negative) }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      var sawExponentDigit = false
      while index < end, case let digit = bytes[index] &- 0x30, digit < 10 {
        sawExponentDigit = true
        // Far beyond any Double's range; capping keeps the sum from overflowing.
        if written < 100_000 { written = written * 10 + Int(digit) }
        index += 1
      }
      guard sawExponentDigit else { return nil }
      exponent += exponentNegative ? -written : written
    }
    guard index == end else { return nil }
    if !truncated, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= exactPowersOfTen[-exponent]
      } else {
        value *= exactPowersOfTen[exponent]
      }
      return negative ? -value : value
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    return Double(text)
  }

  /// `NaN`, `INF` or `Infinity` in any case, after an optional sign.
  private static func special(
    _ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, negative: Bool
  ) -> Double? {
    var word: UInt64 = 0
    guard end - start <= 8 else { return nil }
    for index in start..<end { word = word << 8 | UInt64(bytes[index] | 0x20) }
    switch word {
    case 0x6E_61_6E: return .nan  // "nan"
    case 0x69_6E_66, 0x69_6E_66_69_6E_69_74_79:  // "inf", "infinity"
      return negative ? -.infinity : .infinity
    default: return nil
    }
  }

  /// The non-negative integer that `bytes` spell (digits with an optional `+`), or `nil`.
  static func integer(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let range = trimmed(bytes)
    var index = range.lowerBound
    if index < range.upperBound, bytes[index] == UInt8(ascii: "+") { index += 1 }
    guard index < range.upperBound else { return nil }
    var value = 0
    while index < range.upperBound {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(Int(digit))
      guard !overflow1, !overflow2 else { return nil }
      value = sum
      index += 1
    }
    return value
  }
}
