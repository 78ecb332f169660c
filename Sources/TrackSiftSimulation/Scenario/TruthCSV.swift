import Foundation

/// Writes a recording's truth as CSV, for plotting and for tools outside Swift.
public enum TruthCSV {
  /// The header line.
  public static let header = "time,latitude,longitude,speed_mps,distance_m,moving,elevation_m"

  /// The truth of `recording` as CSV: the ``header``, then one row per truth point with the time
  /// in ISO 8601 UTC with milliseconds, latitude and longitude in degrees (9 decimals), speed in
  /// m/s and distance in meters (3 decimals), `moving` as 1 or 0, and the ground's elevation in
  /// meters (3 decimals; empty where unknown). Lines end with `\n`.
  /// - Complexity: O(truth points).
  public static func string(from recording: ScenarioRecording) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    var text = header + "\n"
    text.reserveCapacity(recording.truth.count * 80)
    for point in recording.truth {
      let time = formatter.string(from: Date(timeIntervalSinceReferenceDate: point.timeSeconds))
      text += time + ","
      text += String(
        format: "%.9f,%.9f,", point.coordinate.latitudeDegrees, point.coordinate.longitudeDegrees)
      text += String(format: "%.3f,%.3f,", point.speedMetersPerSecond, point.distanceMeters)
      text += point.isMoving ? "1," : "0,"
      text += point.elevationMeters.map { String(format: "%.3f", $0) } ?? ""
      text += "\n"
    }
    return text
  }
}
