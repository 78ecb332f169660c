import Foundation
import TrackSift
import TrackSiftFormats

/// What `analyze` prints, as text tables or as JSON.
struct AnalysisReport: Encodable {
  var file: String
  var profile: ActivityKind
  var fixCount: Int
  var segmentCount: Int
  var verdicts: VerdictCounts
  var simplifiedPointCount: Int
  var raw: ActivityMetrics
  var live: ActivityMetrics
  var refined: ActivityMetrics
  /// The device's own totals, when the file carries them (FIT sessions, TCX laps).
  var device: DeviceTotals?
  /// What the reader passed over or left out, when anything.
  var readerNote: String?

  init(
    file: String, track: Track, analysis: TrackAnalysis, device: DeviceTotals? = nil,
    readerNote: String? = nil
  ) {
    self.file = file
    self.device = device
    self.readerNote = readerNote
    profile = analysis.profile.activity
    fixCount = track.fixCount
    segmentCount = track.segments.count
    verdicts = analysis.verdictCounts
    simplifiedPointCount = analysis.segments.reduce(0) { $0 + $1.simplifiedIndices.count }
    raw = analysis.rawMetrics
    live = analysis.liveMetrics
    refined = analysis.refinedMetrics
  }

  func json() throws -> String { try JSONOutput.string(self) }

  func text(splitUnit: SplitUnit) -> String {
    var lines: [String] = []
    lines.append(
      "\(file): \(Formatting.count(fixCount)) fixes in \(segmentCount) segment"
        + (segmentCount == 1 ? "" : "s") + ", \(profile.rawValue) profile")
    if let readerNote { lines.append("Read: \(readerNote)") }
    lines.append(
      "Accepted \(Formatting.count(verdicts.acceptedCount)), rejected "
        + "\(Formatting.count(verdicts.rejectedCount))"
        + (verdicts.rejections.isEmpty
          ? ""
          : ": "
            + verdicts.rejections.map { "\($0.reason.code) \($0.count)" }.joined(
              separator: ", ")))
    lines.append("")
    // The device's own totals in the figures' shape; its timer time stands for moving time.
    let deviceColumn = device.map { totals in
      ActivityMetrics(
        distanceMeters: totals.distanceMeters ?? .nan,
        elapsedTimeSeconds: totals.elapsedTimeSeconds,
        timerTimeSeconds: totals.timerTimeSeconds, movingTimeSeconds: totals.timerTimeSeconds,
        averageSpeedMetersPerSecond: totals.averageSpeedMetersPerSecond,
        maximumSpeedMetersPerSecond: totals.maximumSpeedMetersPerSecond,
        averagePaceSecondsPerKilometer: totals.averageSpeedMetersPerSecond.flatMap {
          PaceFormatter.secondsPerUnit(fromMetersPerSecond: $0, unit: .kilometer)
        },
        elevationGainMeters: totals.ascentMeters, elevationLossMeters: totals.descentMeters)
    }
    let columns = [raw, live, refined] + (deviceColumn.map { [$0] } ?? [])
    var rows: [[String]] = [["", "raw", "live", "refined"] + (device == nil ? [] : ["device"])]
    func row(_ title: String, _ value: (ActivityMetrics) -> String) {
      rows.append([title] + columns.map(value))
    }
    row("Distance") { Formatting.distance($0.distanceMeters) }
    row("Elapsed time") { Formatting.duration($0.elapsedTimeSeconds) }
    row("Moving time") { Formatting.duration($0.movingTimeSeconds) }
    let paceUnit = splitUnit == .kilometer ? "/km" : "/mi"
    row("Average pace") {
      PaceFormatter.string(secondsPerKilometer: $0.averagePaceSecondsPerKilometer, unit: splitUnit)
        + " " + paceUnit
    }
    row("Average speed") { Formatting.speed($0.averageSpeedMetersPerSecond) }
    row("Maximum speed") { Formatting.speed($0.maximumSpeedMetersPerSecond) }
    row("Elevation gain") { Formatting.meters($0.elevationGainMeters) }
    row("Elevation loss") { Formatting.meters($0.elevationLossMeters) }
    lines.append(Formatting.table(rows))
    if device != nil {
      lines.append("(device: the file's own totals; its timer time is shown as moving time)")
    }
    let splits = splitUnit == .kilometer ? refined.kilometerSplits : refined.mileSplits
    if !splits.isEmpty {
      lines.append("")
      lines.append("Splits (refined)")
      var splitRows: [[String]] = [["", "distance", "time", "pace \(paceUnit)", "at"]]
      for split in splits {
        splitRows.append([
          split.isPartial ? "\(split.number)*" : "\(split.number)",
          Formatting.distance(split.distanceMeters),
          Formatting.duration(split.durationSeconds),
          PaceFormatter.string(secondsPerKilometer: split.paceSecondsPerKilometer, unit: splitUnit),
          Formatting.duration(split.endTimerSeconds),
        ])
      }
      lines.append(Formatting.table(splitRows))
    }
    lines.append("")
    lines.append(
      "Simplified route: \(Formatting.count(simplifiedPointCount)) of "
        + "\(Formatting.count(verdicts.acceptedCount)) accepted points")
    return lines.joined(separator: "\n")
  }
}
