import Foundation
import TrackSift

/// Numbers, durations and paces as the report prints them (metric, fixed digits, no locale).
enum ReportNumber {
  /// `value` with `digits` decimals, or an en dash for `nil` or not finite.
  static func format(_ value: Double?, digits: Int) -> String {
    guard let value, value.isFinite else { return "–" }
    return String(format: "%.\(digits)f", value)
  }

  /// A duration as `h:mm:ss` or `m:ss`.
  static func duration(_ seconds: Double?) -> String {
    guard let seconds, seconds.isFinite, seconds >= 0 else { return "–" }
    let total = Int(seconds.rounded())
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    return hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, secs)
      : String(format: "%d:%02d", minutes, secs)
  }

  /// A pace in minutes per kilometer as `m:ss /km` (``PaceFormatter``), from a speed in meters
  /// per second; an en dash at 0.1 m/s or below.
  static func pace(metersPerSecond speed: Double?) -> String {
    guard let speed, speed > 0.1, speed.isFinite else { return "–" }
    return PaceFormatter.string(secondsPerKilometer: 1000 / speed, unit: .kilometer) + " /km"
  }

  /// A distance in kilometers with two decimals.
  static func kilometers(_ meters: Double?) -> String {
    meters.map { format($0 / 1000, digits: 2) + " km" } ?? "–"
  }

  /// A speed in km/h with one decimal.
  static func kilometersPerHour(_ metersPerSecond: Double?) -> String {
    metersPerSecond.map { format($0 * 3.6, digits: 1) + " km/h" } ?? "–"
  }

  /// 1, 2, 2.5 or 5 times a power of ten, at or above `value`.
  static func roundStep(_ value: Double) -> Double {
    let power = pow(10, floor(log10(value)))
    return [1.0, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= value } ?? 10 * power
  }
}
