import Foundation

/// The figures `bench live` prints.
struct LiveBenchResult: Encodable {
  /// The simulated run, in words.
  var scenario: String
  var repetitions: Int
  var recorder: RecorderBenchmark.Result
  var store: StoreBenchmark.Result
  var peakResidentMegabytes: Double

  var text: String {
    let perFix = recorder.perFixNanoseconds
    let commit = store.commitMilliseconds
    let rows: [[String]] = [
      ["stage", "median", "distribution"],
      [
        "Recorder, per fix", String(format: "%.2f µs", recorder.medianNanosecondsPerFix / 1e3),
        String(
          format: "each fix alone: p50 %.2f, p90 %.2f, p99 %.2f, p99.9 %.1f, max %.0f µs",
          perFix.p50 / 1e3, perFix.p90 / 1e3, perFix.p99 / 1e3, perFix.p999 / 1e3,
          perFix.max / 1e3),
      ],
      [
        "store appends", String(format: "%.3f s", store.medianSeconds),
        String(format: "%.0f fixes/s", store.fixesPerSecond),
      ],
      [
        "store commit, 1 fix + 1 verdict", String(format: "%.2f ms", commit.p50),
        String(
          format: "p90 %.2f, p99 %.2f, max %.2f ms (%d commits)", commit.p90, commit.p99,
          commit.max, commit.count),
      ],
    ]
    return "\(scenario): \(Formatting.count(recorder.fixes)) fixes, "
      + "\(Formatting.count(recorder.inputs)) inputs, \(Formatting.count(recorder.events)) "
      + "events, median of \(repetitions)\n" + Formatting.table(rows)
      + "\nRecorder: every input (fixes, ticks, start, finish) and the live snapshot after each "
      + "fix, divided by the fixes\nstores in \(store.directory)"
      + String(format: "\npeak resident memory %.0f MB", peakResidentMegabytes)
  }
}
