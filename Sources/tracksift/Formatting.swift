import Foundation
import TrackSift

/// Small, dependency-free formatting for the terminal output.
///
/// Every function takes any `Double` (huge, negative, NaN, infinite) and shows a value outside
/// its range as `-`: it never traps on an integer conversion and never prints `inf`.
enum Formatting {
  /// The text shown for an unknown or out-of-range value.
  static let unknown = "-"

  /// The longest duration shown: about 31.7 years, longer than any activity lasts; a longer
  /// one is a bad time, not a figure.
  static let longestShownSeconds = 1e9

  /// The largest distance shown: a million kilometers, 25 times round the Earth (a year of
  /// driving is about 1e8 m).
  static let largestShownMeters = 1e9

  /// The largest altitude or climb shown, either sign: 10,000 km, beyond the Earth's radius
  /// below and far beyond any flight above.
  static let largestShownAltitudeMeters = 1e7

  /// The highest speed shown: Earth's escape velocity, 11.2 km/s; nothing faster stays a track
  /// on the ground.
  static let fastestShownMetersPerSecond = 11_200.0

  /// `1:02:03` or `42:07`; `-` when unknown, negative or beyond ``longestShownSeconds``.
  static func duration(_ seconds: Double?) -> String {
    guard let seconds, seconds.isFinite, seconds >= 0, seconds < longestShownSeconds else {
      return unknown
    }
    let total = Int(seconds.rounded())
    let hours = total / 3_600
    let minutes = total / 60 % 60
    let secs = total % 60
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
  }

  /// `12.34 km`, or `850 m` below a kilometer, in metric units; `7.67 mi`, or `850 ft` below a
  /// tenth of a mile, in imperial units; `-` when unknown or beyond ``largestShownMeters``.
  static func distance(_ meters: Double?, units: DisplayUnits = .metric) -> String {
    guard let meters, meters.isFinite, abs(meters) < largestShownMeters else { return unknown }
    switch units {
    case .metric:
      if abs(meters) < 1_000 { return "\(count(Int(meters.rounded()))) m" }
      return String(format: "%.2f km", meters / 1_000)
    case .imperial:
      let miles = meters / DisplayUnits.metersPerMile
      if abs(miles) < 0.1 {
        return "\(count(Int((meters / DisplayUnits.metersPerFoot).rounded()))) ft"
      }
      return String(format: "%.2f mi", miles)
    }
  }

  /// `12.3 km/h` or `7.6 mph`; `-` when unknown, negative or beyond
  /// ``fastestShownMetersPerSecond``.
  static func speed(_ metersPerSecond: Double?, units: DisplayUnits = .metric) -> String {
    guard let metersPerSecond, metersPerSecond.isFinite, metersPerSecond >= 0,
      metersPerSecond <= fastestShownMetersPerSecond
    else { return unknown }
    switch units {
    case .metric: return String(format: "%.1f km/h", metersPerSecond * 3.6)
    case .imperial:
      return String(format: "%.1f mph", metersPerSecond * 3_600 / DisplayUnits.metersPerMile)
    }
  }

  /// `5:12 /km` or `8:22 /mi`; `--:-- /km` when unknown.
  static func pace(secondsPerKilometer: Double?, units: DisplayUnits = .metric) -> String {
    PaceFormatter.string(secondsPerKilometer: secondsPerKilometer, unit: units.splitUnit)
      + " " + units.paceSuffix
  }

  /// An altitude or a climb: `123 m`, `1,238 m` or `404 ft`; `-` when unknown or beyond
  /// ``largestShownAltitudeMeters``.
  static func meters(_ value: Double?, units: DisplayUnits = .metric) -> String {
    guard let value, value.isFinite, abs(value) < largestShownAltitudeMeters else {
      return unknown
    }
    switch units {
    case .metric: return "\(count(Int(value.rounded()))) m"
    case .imperial: return "\(count(Int((value / DisplayUnits.metersPerFoot).rounded()))) ft"
    }
  }

  /// Thousands separated by commas: `1,000,000`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, character) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return value < 0 ? "-" + out : out
  }

  /// A rate rounded to a whole number, grouped: `12,345`; `-` when not finite, negative or
  /// beyond what an `Int` holds.
  static func rate(_ value: Double) -> String {
    guard value.isFinite, value >= 0, value < 1e18 else { return unknown }
    return count(Int(value.rounded()))
  }

  /// A count with its noun: `1 line`, `35 lines`, `14,391 fixes` (`plural` when not the
  /// noun with an s).
  static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    count(value) + " " + (value == 1 ? noun : plural ?? noun + "s")
  }

  /// `1 fix` or `14,391 fixes`.
  static func fixes(_ value: Int) -> String { count(value, "fix", plural: "fixes") }

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
