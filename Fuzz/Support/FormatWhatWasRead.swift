// What every reader target does with what it read: the text and JSON that `analyze` prints,
// through the CLI's own formatting files (compiled into the fuzzer by run.sh). `replay`'s
// report uses the same formatters; replaying is left out, since the replay ticks every second
// between fixes and a fuzzed gap of years would make one input run for minutes.
import Foundation
import TrackSift
import TrackSiftFormats

/// Analyses `track` and formats the report in every unit and shape, as `analyze` prints it; traps when a figure shows as `inf` or `nan` or the JSON cannot be made.
func formatWhatWasRead(_ track: Track, device: DeviceTotals? = nil) {
  let analysis = TrackAnalysis(track: track, profile: ActivityProfile(activity: .running))
  var report = AnalysisReport(
    file: "fuzz", track: track, analysis: analysis, device: device, readerNote: nil)
  for activity in [ActivityKind.running, .cycling] {
    report.profile = activity  // pace (running) or speed (cycling) columns
    for units in DisplayUnits.allCases {
      for splitUnit in [SplitUnit.kilometer, .mile] {
        checkFinite(report.text(units: units, splitUnit: splitUnit))
      }
    }
  }
  guard let json = try? report.json() else { fatalError("analyze --json threw") }
  checkFinite(json)
}

/// Traps when `text` shows a number as `inf` or `nan` (a word of its own, any case).
private func checkFinite(_ text: String) {
  for word in text.split(whereSeparator: { !$0.isLetter }) {
    let lowered = word.lowercased()
    precondition(lowered != "inf" && lowered != "nan" && lowered != "infinity", "printed \(word)")
  }
}
