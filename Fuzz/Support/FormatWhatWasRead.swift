// What every reader target does with what it read: the text and JSON that `analyze` prints,
// through the CLI's own formatting files (compiled into the fuzzer by run.sh). `replay`'s
// report uses the same formatters; replaying is left out, since the replay ticks every second
// between fixes and a fuzzed gap of years would make one input run for minutes.
import Foundation
import TrackSift
import TrackSiftFormats

/// How many fixes go through the whole analysis: it costs milliseconds per hundred fixes under
/// ASan, and the formatting is fuzzed on every fix by the raw figures below.
private let analysedFixCount = 24

/// Formats what was read as `analyze` prints it, in every unit and shape; traps when a figure
/// shows as `inf` or `nan` or the JSON cannot be made. The figures are those of the whole
/// analysis of the first fixes, then the raw figures of every fix read (distance, times,
/// climb, maximum of the speeds as read, splits).
func formatWhatWasRead(_ track: Track, device: DeviceTotals? = nil) {
  var prefix = Track(segments: [])
  var remaining = analysedFixCount
  for segment in track.segments where remaining > 0 {
    prefix.segments.append(Segment(fixes: Array(segment.fixes.prefix(remaining))))
    remaining -= prefix.segments.last?.fixes.count ?? 0
  }
  let analysis = TrackAnalysis(track: prefix, profile: ActivityProfile(activity: .running))
  var report = AnalysisReport(
    file: "fuzz", track: prefix, analysis: analysis, device: device, readerNote: nil)
  format(report)
  var accumulator = MetricsAccumulator()
  for segment in track.segments {
    accumulator.startSegment()
    for fix in segment.fixes {
      accumulator.add(
        MetricsSample(
          timeSeconds: fix.timeSeconds, coordinate: fix.coordinate,
          altitudeMeters: fix.altitudeMeters, verticalAccuracyMeters: fix.verticalAccuracyMeters,
          speedForMaximumMetersPerSecond: fix.speedMetersPerSecond))
    }
  }
  report.fixCount = track.fixCount
  report.raw = accumulator.metrics
  report.live = report.raw
  report.refined = report.raw
  format(report)
}

/// The report's text in both shapes (pace and speed), both units and both split lengths, and
/// its JSON.
private func format(_ report: AnalysisReport) {
  var report = report
  for activity in [ActivityKind.running, .cycling] {
    report.profile = activity
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
