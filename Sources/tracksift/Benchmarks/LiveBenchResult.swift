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
          format:
            "each fix alone: mean %.2f, p50 %.2f, p90 %.2f, p99 %.2f, p99.9 %.1f, max %.0f µs",
          perFix.mean / 1e3, perFix.p50 / 1e3, perFix.p90 / 1e3, perFix.p99 / 1e3,
          perFix.p999 / 1e3,
          perFix.max / 1e3),
      ],
      [
        "store appends", String(format: "%.3f s", store.medianSeconds),
        "\(Formatting.rate(store.fixesPerSecond)) fixes/s "
          + "(\(Formatting.fixes(store.fixes)), \(Formatting.count(store.commits, "commit"))"
          + String(format: ", the last %.3f s)", store.lastCommitSeconds),
      ],
      [
        "store commit, 1 fix + 1 verdict", String(format: "%.2f ms", commit.p50),
        String(
          format: "p90 %.2f, p99 %.2f, max %.2f ms (%d commits)", commit.p90, commit.p99,
          commit.max, commit.count),
      ],
    ]
    return "\(scenario), median of \(repetitions)\n" + Formatting.table(rows)
      + "\nRecorder: \(Formatting.count(recorder.fixes)) fixes, "
      + "\(Formatting.count(recorder.inputs)) inputs (fixes, ticks, start, finish) and "
      + "\(Formatting.count(recorder.events)) events a run; per fix: every input and the live "
      + "snapshot after each fix, divided by the fixes\nstore: fresh SQLite files in "
      + "\(store.directory) (WAL, synchronous FULL), \(Formatting.count(store.events)) events "
      + "stored a run as record stores them"
      + String(format: "\npeak resident memory %.0f MB", peakResidentMegabytes)
  }
}
