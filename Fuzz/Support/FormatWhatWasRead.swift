// What every reader target does with what it read: the text and JSON that `analyze` prints,
// through the CLI's own formatting files (compiled into the fuzzer by run.sh). `replay`'s
// report uses the same formatters; replaying is left out, since the replay ticks every second
// between fixes and a fuzzed gap of years would make one input run for minutes.
import Foundation
import TrackSift
import TrackSiftBatch
import TrackSiftFormats

/// How many fixes go through the whole analysis (it costs milliseconds per hundred fixes under
/// ASan), and how many have their values shown as figures.
private let analysedFixCount = 24

/// Formats what was read as `analyze` prints it, in every unit and shape; traps when a figure
/// shows as `inf` or `nan` or the JSON cannot be made. The figures are those of the whole
/// analysis of the first fixes, then each of the first fixes' own values (time, altitude,
/// speed) as every figure the report shows, three fixes a report (raw, live, refined).
func formatWhatWasRead(_ track: Track, device: DeviceTotals? = nil) {
  var prefix = Track(segments: [])
  var remaining = analysedFixCount
  for segment in track.segments where remaining > 0 {
    prefix.segments.append(Segment(fixes: Array(segment.fixes.prefix(remaining))))
    remaining -= prefix.segments.last?.fixes.count ?? 0
  }
  let analysis = TrackAnalysis(track: prefix, profile: ActivityProfile(activity: .running))
  var report = AnalysisSummary(file: "fuzz", track: prefix, analysis: analysis, device: device)
  // A few fixes that leap across the globe make tens of thousands of raw splits (13 MB of
  // JSON for 49 fixes), which would be all the fuzzer does: the first 50 of each list.
  for keyPath in [\AnalysisSummary.raw, \.live, \.refined] {
    report[keyPath: keyPath].kilometerSplits = Array(
      report[keyPath: keyPath].kilometerSplits.prefix(50))
    report[keyPath: keyPath].mileSplits = Array(report[keyPath: keyPath].mileSplits.prefix(50))
  }
  format(report, json: true)
  let fixes = prefix.segments.flatMap(\.fixes).map(figures(of:))
  for start in stride(from: 0, to: fixes.count, by: 3) {
    report.raw = fixes[start]
    report.live = fixes[min(start + 1, fixes.count - 1)]
    report.refined = fixes[min(start + 2, fixes.count - 1)]
    format(report, json: false)
  }
  // One JSON for all of them: encoding is most of the cost under ASan.
  guard let json = try? JSONText.printable(fixes) else { fatalError("JSON threw") }
  checkFinite(json)
}

/// A fix's values as figures: its time as every duration, its altitude as every distance and
/// climb, its speed as every speed and pace, and one split of them.
private func figures(of fix: Fix) -> ActivityMetrics {
  let time = fix.timeSeconds
  let altitude = fix.altitudeMeters ?? .nan
  let speed = fix.speedMetersPerSecond
  let split = Split(
    number: 1, distanceMeters: altitude, endTimerSeconds: time ?? .nan,
    durationSeconds: time ?? .nan, isPartial: true, movingSeconds: speed)
  return ActivityMetrics(
    distanceMeters: altitude, elapsedTimeSeconds: time, timerTimeSeconds: time,
    movingTimeSeconds: time, averageSpeedMetersPerSecond: speed,
    maximumSpeedMetersPerSecond: speed, averagePaceSecondsPerKilometer: speed.map { 1_000 / $0 },
    elevationGainMeters: altitude, elevationLossMeters: -altitude,
    kilometerSplits: [split], mileSplits: [split])
}

/// The report's text in both shapes (pace and speed) and both units, with the units' own
/// splits, and with `json` its JSON.
private func format(_ report: AnalysisSummary, json: Bool) {
  var report = report
  for activity in [ActivityKind.running, .cycling] {
    report.profile = activity
    for units in DisplayUnits.allCases { checkFinite(report.text(units: units)) }
  }
  guard json else { return }
  guard let text = try? report.json() else { fatalError("analyze --json threw") }
  checkFinite(text)
}

/// Traps when `text` shows a number as `inf` or `nan` (a word of its own, any case). Scans
/// bytes: `Character.isLetter` made this most of an execution's time.
private func checkFinite(_ text: String) {
  func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  var word: [UInt8] = []
  for byte in text.utf8 + [0] {
    if isLetter(byte) {
      word.append(byte | 0x20)
      continue
    }
    if word.count == 3 || word.count == 8 {
      let lowered = String(decoding: word, as: UTF8.self)
      precondition(
        lowered != "inf" && lowered != "nan" && lowered != "infinity", "printed \(lowered)")
    }
    word.removeAll(keepingCapacity: true)
  }
}
