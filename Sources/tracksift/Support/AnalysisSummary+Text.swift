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
    // A multisport file's reason lists each session's profile: `per session: running (...)`.
    let profileText =
      sessions == nil
      ? "profile: \(profile.rawValue) (\(profileReason))" : "profiles \(profileReason)"
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
    if let climb { lines.append(Self.climbLine(climb, units: units)) }
    if let grade, let line = gradeLine(grade, units: units) { lines.append(line) }
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
    if let device {
      lines.append("(device: the file's own totals; its timer time is shown as moving time)")
      // A watch's odometer follows its positions' wander while its wearer stands.
      if let standing = device.distanceAtZeroSpeedMeters, standing > 0 {
        lines.append(
          "(device: \(Formatting.distance(standing, units: units)) of its distance counted "
            + "while its own speed read 0)")
      }
    }
    if let table = sessionTable(units: units) {
      lines.append("")
      lines.append(table)
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

  /// Where the refined climb came from, and what each source counts on its own.
  static func climbLine(_ climb: ClimbSummary, units: DisplayUnits) -> String {
    var line = "Climb (refined) from " + (climb.source?.name ?? "nowhere")
    if climb.isAnchoredToTerrainModel { line += ", held to the terrain model's level" }
    if climb.sources.count > 1 {
      line +=
        "; each source alone: "
        + climb.sources.map {
          "\($0.source.name) \(Formatting.meters($0.gainMeters, units: units)) up, "
            + "\(Formatting.meters($0.lossMeters, units: units)) down"
        }.joined(separator: "; ")
    }
    if climb.deviceKeptFixCount > 0 {
      line +=
        "; the device's altitude kept over the terrain model at "
        + Formatting.count(climb.deviceKeptFixCount, "fix", plural: "fixes")
        + " (bridges, tunnels)"
    }
    return line
  }

  /// The steepest grades, and the grade-adjusted pace of a run or the VAM of a ride.
  private func gradeLine(_ grade: GradeSummary, units: DisplayUnits) -> String? {
    var parts: [String] = []
    let percent = { (value: Double) in String(format: "%+.0f %%", value) }
    if let up = grade.steepestUphillPercent { parts.append("steepest up " + percent(up)) }
    if let down = grade.steepestDownhillPercent { parts.append("down " + percent(down)) }
    if profile == .cycling, let vam = grade.vamMetersPerHour {
      parts.append(String(format: "VAM %.0f m/h on the climbs", vam))
    } else if profile == .running, let pace = grade.gradeAdjustedPaceSecondsPerKilometer {
      parts.append(
        "grade-adjusted pace "
          + Formatting.pace(secondsPerKilometer: pace, units: units))
    }
    guard !parts.isEmpty else { return nil }
    return "Grade (refined, \(Int(grade.windowMeters)) m windows): "
      + parts.joined(separator: ", ")
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
