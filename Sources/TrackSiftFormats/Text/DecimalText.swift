/// Writes `Double`s as plain decimals (never with an exponent) that read back to the same value.
///
/// GPX coordinates and elevations are `xsd:decimal`, which has no exponent, while Swift's
/// `description` writes `1e-05`. The digits are those of `description` (the shortest that
/// round-trip), moved around the point; non-finite values use the `xsd:double` words `NaN`,
/// `INF` and `-INF`.
enum DecimalText {
  /// The plain decimal text of `value`.
  static func string(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-INF" : "INF" }
    let text = value.description
    guard let exponentIndex = text.firstIndex(of: "e") else { return text }
    guard let exponent = Int(text[text.index(after: exponentIndex)...]) else { return text }
    var mantissa = text[..<exponentIndex]
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let integerDigits = parts[0]
    let fractionDigits = parts.count > 1 ? parts[1] : ""
    let digits = String(integerDigits + fractionDigits)
    let pointPosition = integerDigits.count + exponent
    var result = negative ? "-" : ""
    if pointPosition <= 0 {
      result += "0." + String(repeating: "0", count: -pointPosition) + digits
    } else if pointPosition >= digits.count {
      result += digits + String(repeating: "0", count: pointPosition - digits.count)
    } else {
      let split = digits.index(digits.startIndex, offsetBy: pointPosition)
      result += digits[..<split] + "." + digits[split...]
    }
    return result
  }
}
