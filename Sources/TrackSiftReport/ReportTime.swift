import Foundation

/// Times of day as the report prints them: UTC, `HH:mm:ss`, with the date where it helps.
enum ReportTime {
  /// `HH:mm:ss` UTC of seconds since 1970.
  static func clock(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "–" }
    let total = Int(floor(seconds)) % 86_400
    let day = total < 0 ? total + 86_400 : total
    return String(format: "%02d:%02d:%02d", day / 3600, day / 60 % 60, day % 60)
  }

  /// `yyyy-MM-dd HH:mm:ss UTC` of seconds since 1970.
  static func dateTime(_ seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e11 else { return "–" }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
  }
}
