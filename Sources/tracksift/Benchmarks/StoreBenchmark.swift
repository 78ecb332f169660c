import Foundation
import TrackSift
import TrackSiftStore

/// Times the store as a recording uses it, in fresh SQLite files (WAL, `synchronous = FULL`, as
/// shipped) in a directory of the caller's choice:
///
/// - appends: a replay's events stored as `record` stores them (each fix on arrival with its
///   verdict pending, the verdict when final, the other events beside them), committed by the
///   ``RecordingWriter`` once a second; the recorder's events are made beforehand, so only the
///   storing is timed, up to the commit of the last row;
/// - commits: what a 1 Hz recording commits each second, one fix and one verdict, timed alone.
struct StoreBenchmark {
  /// The figures of one benchmark.
  struct Result: Encodable {
    /// Where the stores were written.
    var directory: String
    /// Fixes stored in each appending run.
    var fixes: Int
    /// Recorder events stored in each run (fixes, verdicts and the others).
    var events: Int
    /// Commits the writer made in the median run, the last one included (appending can take
    /// less than the writer's 1 s cadence: then the last commit is the only one).
    var commits: Int
    /// The median time of an appending run, in seconds, the last commit included.
    var medianSeconds: Double
    /// The time of the median run's last commit, in seconds.
    var lastCommitSeconds: Double
    /// Fixes a second over the median run.
    var fixesPerSecond: Double
    /// Each commit of one fix and one verdict, in milliseconds.
    var commitMilliseconds: BenchDistribution
  }

  /// The events of each input of a replay, in order.
  let eventsPerInput: [[RecorderEvent]]
  let configuration: RecorderConfiguration
  /// Where the store files go (removed afterwards).
  let directory: URL

  /// Times `repetitions` appending runs, each into a new store, then `commits` commits.
  func run(repetitions: Int, commits: Int) throws -> Result {
    let fixes = eventsPerInput.joined().filter {
      if case .fixReceived = $0.kind { true } else { false }
    }
    var runs: [AppendingRun] = []
    for run in 0..<repetitions {
      runs.append(try appendingRun(number: run, expectedFixes: fixes.count))
    }
    // The median run (the upper one of an even count).
    let median = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
    return Result(
      directory: directory.path, fixes: fixes.count, events: eventsPerInput.joined().count,
      commits: median.commits, medianSeconds: median.seconds,
      lastCommitSeconds: median.lastCommitSeconds,
      fixesPerSecond: Double(fixes.count) / median.seconds,
      commitMilliseconds: try commitTimes(count: commits, fixes: fixes))
  }

  private struct AppendingRun {
    var seconds: Double
    var lastCommitSeconds: Double
    var commits: Int
  }

  /// One appending run into a new store.
  private func appendingRun(number: Int, expectedFixes: Int) throws -> AppendingRun {
    let (store, path) = try newStore("appends-\(number)")
    defer { remove(path) }
    var session = try RecordingSession(
      configuration: configuration, store: store, name: "bench", at: Date())
    var commits = 1  // the last
    let start = BenchTiming.nanoseconds()
    for events in eventsPerInput {
      let committed = session.highestCommittedFixSequence
      benchKeep(session.record(events))
      if session.highestCommittedFixSequence != committed { commits += 1 }
    }
    let lastCommitStart = BenchTiming.nanoseconds()
    try session.commit()
    let end = BenchTiming.nanoseconds()
    if let problem = session.storeProblem { throw problem }
    let stored = try session.activity.map { try store.activity($0).fixCount }
    guard stored == expectedFixes else {
      throw StoreError(
        reason: .invalidInput, context: "bench stored \(stored ?? 0) of \(expectedFixes) fixes")
    }
    return AppendingRun(
      seconds: Double(end - start) / 1e9, lastCommitSeconds: Double(end - lastCommitStart) / 1e9,
      commits: commits)
  }

  /// Commits of one fix and the verdict of the fix `lookAheadFixes` before it, as a 1 Hz
  /// recording makes them, in milliseconds.
  private func commitTimes(count: Int, fixes: [RecorderEvent]) throws -> BenchDistribution {
    let (store, path) = try newStore("commits")
    defer { remove(path) }
    let activity = try store.createActivity(name: "bench", kind: .running, startedAt: Date())
    var writer = try RecordingWriter(
      store: store, activity: activity, flushIntervalSeconds: 3_600)
    try writer.startSegment(StoredSegment(index: 0, startedAt: Date()))
    try writer.flush()
    var times: [Double] = []
    for sequence in 0..<min(count, fixes.count) {
      guard case .fixReceived(_, _, let fix) = fixes[sequence].kind else { continue }
      try writer.append(StoredFix(sequence: sequence, segmentIndex: 0, fix: fix, verdict: nil))
      let judged = sequence - Recorder.lookAheadFixes
      if judged >= 0 { try writer.judge(StoredVerdict(sequence: judged, verdict: .accepted)) }
      let start = BenchTiming.nanoseconds()
      try writer.flush()
      times.append(Double(BenchTiming.nanoseconds() - start) / 1e6)
    }
    return BenchDistribution(times)
  }

  private func newStore(_ name: String) throws -> (ActivityStore, String) {
    let path = directory.appendingPathComponent("tracksift-bench-\(name)-\(UUID()).sqlite").path
    return (try ActivityStore(path: path), path)
  }

  /// Removes a store file with its WAL and shared-memory files.
  private func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}
