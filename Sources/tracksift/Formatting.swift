import Foundation
import TrackSift

/// Small, dependency-free formatting for the terminal output.
enum Formatting {
  /// `1:02:03` or `42:07`; `-` when unknown.
  static func duration(_ seconds: Double?) -> String {
    guard let seconds, seconds.isFinite, seconds >= 0 else { return "-" }
    let total = Int(seconds.rounded())
    let hours = total / 3_600
    let minutes = total / 60 % 60
    let secs = total % 60
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
  }

  /// `12.34 km`, or `850 m` below a kilometer.
  static func distance(_ meters: Double?) -> String {
    guard let meters, meters.isFinite else { return "-" }
    if meters < 1_000 { return "\(Int(meters.rounded())) m" }
    return String(format: "%.2f km", meters / 1_000)
  }

  /// `12.3 km/h`.
  static func speed(_ metersPerSecond: Double?) -> String {
    guard let metersPerSecond, metersPerSecond.isFinite else { return "-" }
    return String(format: "%.1f km/h", metersPerSecond * 3.6)
  }

  /// `123 m`.
  static func meters(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return "\(Int(value.rounded())) m"
  }

  /// Thousands separated by commas: `1,000,000`.
  static func count(_ value: Int) -> String {
    let digits = String(abs(value))
    var out = ""
    for (i, character) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return value < 0 ? "-" + out : out
  }

  /// A count with its noun: `1 line`, `35 lines`, `14,391 fixes` (`plural` when not the
  /// noun with an s).
  static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    count(value) + " " + (value == 1 ? noun : plural ?? noun + "s")
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// Left-aligned first column, right-aligned others.
  static func table(_ rows: [[String]]) -> String {
    guard let width = rows.map(\.count).max() else { return "" }
    var widths = [Int](repeating: 0, count: width)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    return rows.map { row in
      row.enumerated().map { i, cell in
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        return i == 0 ? cell + pad : pad + cell
      }.joined(separator: "   ")
    }.joined(separator: "\n")
  }
}
