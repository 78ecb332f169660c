import TrackSift
import TrackSiftBatch

extension AnalysisSummary {
  /// The sessions of a file measured session by session, one row each: its sport and profile,
  /// and its refined distance and moving time measured on its own, with the device's distance
  /// and timer time beside them; `nil` for a file of one session.
  func sessionTable(units: DisplayUnits) -> String? {
    guard let sessions, !sessions.isEmpty else { return nil }
    var rows = [["", "sport", "profile", "distance", "device", "moving", "device"]]
    for (number, session) in sessions.enumerated() {
      rows.append([
        "\(number + 1)", session.sport ?? "-", session.profile.rawValue,
        Formatting.distance(session.refined.distanceMeters, units: units),
        session.device?.distanceMeters.map { Formatting.distance($0, units: units) } ?? "-",
        Formatting.duration(session.refined.movingTimeSeconds),
        Formatting.duration(session.device?.timerTimeSeconds),
      ])
    }
    return "Sessions (refined, each measured alone with its profile; the device's distance and"
      + " timer time)\n" + Formatting.table(rows)
  }
}
