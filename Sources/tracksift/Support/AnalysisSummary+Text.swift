import Foundation
import TrackSift
import TrackSiftBatch

extension AnalysisSummary {
  /// The report as text.
  /// - Parameters:
  ///   - units: the units of every distance, speed, pace and climb.
  ///   - splitUnit: the length of the splits (by default the units' own).
  func text(units: DisplayUnits, splitUnit: SplitUnit? = nil) -> String {
    var lines: [String] = []
    let profileText = "profile: \(profile.rawValue) (\(profileReason))"
    guard fixCount > 0 else {
      // A file without positions (an indoor or treadmill activity): the device's totals only.
      lines.append("\(file): no positions; \(profileText)")
      if let readerNote { lines.append("Read: \(readerNote)") }
      if let deviceMetrics {
        lines.append("")
        lines.append(figures([("device", deviceMetrics)], units: units))
        lines.append("(the file's own totals; its timer time is shown as moving time)")
      }
      return lines.joined(separator: "\n")
    }
    lines.append(
      "\(file): \(Formatting.fixes(fixCount)) in "
        + "\(Formatting.count(segmentCount, "segment")); \(profileText)")
    if let readerNote { lines.append("Read: \(readerNote)") }
    lines.append(
      "Accepted \(Formatting.count(verdicts.acceptedCount)), rejected "
        + "\(Formatting.count(verdicts.rejectedCount))"
        + (verdicts.rejections.isEmpty
          ? ""
          : ": "
            + verdicts.rejections.map { "\($0.reason.code) \(Formatting.count($0.count))" }
            .joined(separator: ", ")))
    if speedVerdicts.rejectedCount > 0 {
      lines.append(
        "Speeds trusted \(Formatting.count(speedVerdicts.trustedCount)), not trusted "
          + "\(Formatting.count(speedVerdicts.rejectedCount)): "
          + speedVerdicts.rejections.map { "\($0.reason.code) \(Formatting.count($0.count))" }
          .joined(separator: ", "))
    }
    // Altitudes no body can reach in time keep their fix but are left out of the climb.
    if let jumps = refined.refusedAltitudeJumpCount, jumps > 0 {
      lines.append(
        "Climb: " + Formatting.count(jumps, "altitude jump")
          + " faster than a body climbs left out (the fixes' positions kept)")
    }
    lines.append("")
    var columns = [("raw", raw), ("live", live), ("refined", refined)]
    if let deviceMetrics { columns.append(("device", deviceMetrics)) }
    lines.append(figures(columns, units: units))
    if device != nil {
      lines.append("(device: the file's own totals; its timer time is shown as moving time)")
    }
    let splitUnit = splitUnit ?? units.splitUnit
    let splits = splitUnit == .kilometer ? refined.kilometerSplits : refined.mileSplits
    if !splits.isEmpty {
      lines.append("")
      lines.append("Splits (refined; pace and speed over the moving time)")
      lines.append(Self.splitTable(splits, units: units, showsSpeed: profile.showsSpeed))
    }
    lines.append("")
    lines.append(
      "Simplified route: \(Formatting.count(simplifiedPointCount)) of "
        + "\(Formatting.count(verdicts.acceptedCount)) accepted points")
    return lines.joined(separator: "\n")
  }

  /// The figures table, one column per set of figures.
  private func figures(_ columns: [(String, ActivityMetrics)], units: DisplayUnits) -> String {
    var rows: [[String]] = [[""] + columns.map(\.0)]
    func row(_ title: String, _ value: (ActivityMetrics) -> String) {
      rows.append([title] + columns.map { value($0.1) })
    }
    row("Distance") { Formatting.distance($0.distanceMeters, units: units) }
    row("Elapsed time") { Formatting.duration($0.elapsedTimeSeconds) }
    row("Moving time") { Formatting.duration($0.movingTimeSeconds) }
    if profile.showsSpeed {
      row("Average speed") { Formatting.speed($0.averageSpeedMetersPerSecond, units: units) }
    } else {
      row("Average pace") {
        Formatting.pace(secondsPerKilometer: $0.averagePaceSecondsPerKilometer, units: units)
      }
    }
    row("Maximum speed") { Formatting.speed($0.maximumSpeedMetersPerSecond, units: units) }
    row("Best 2 s") { Formatting.speed($0.bestTwoSecondSpeedMetersPerSecond, units: units) }
    row("Best 10 s") { Formatting.speed($0.bestTenSecondSpeedMetersPerSecond, units: units) }
    row("Elevation gain") { Formatting.meters($0.elevationGainMeters, units: units) }
    row("Elevation loss") { Formatting.meters($0.elevationLossMeters, units: units) }
    return Formatting.table(rows)
  }

  /// The splits: each one's distance, timer time, moving time, moving pace (or speed) and the
  /// timer time at its end.
  static func splitTable(_ splits: [Split], units: DisplayUnits, showsSpeed: Bool) -> String {
    let rate = showsSpeed ? "speed" : "pace \(units.paceSuffix)"
    var rows: [[String]] = [["", "distance", "time", "moving", rate, "at"]]
    for split in splits {
      let movingSpeed = split.movingSeconds.flatMap { seconds in
        seconds > 0 ? split.distanceMeters / seconds : nil
      }
      rows.append([
        split.isPartial ? "\(split.number)*" : "\(split.number)",
        Formatting.distance(split.distanceMeters, units: units),
        Formatting.duration(split.durationSeconds),
        Formatting.duration(split.movingSeconds),
        showsSpeed
          ? Formatting.speed(movingSpeed, units: units)
          : PaceFormatter.string(
            secondsPerKilometer: split.movingPaceSecondsPerKilometer, unit: units.splitUnit),
        Formatting.duration(split.endTimerSeconds),
      ])
    }
    return Formatting.table(rows)
  }
}
