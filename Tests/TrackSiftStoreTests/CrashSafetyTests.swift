import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import StoreCrashProbe
@testable import TrackSiftStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills a recording process at random moments and checks what survives.
///
/// The child is `StoreCrashProbe`, an executable target of this package that the test target
/// depends on, so `swift test` builds it into the same products directory as the test binary.
/// It records 200 fixes a second and commits every 0.1 s (ten times more often than the default,
/// so that a kill between 50 and 800 ms after the start falls among several commits, inside one
/// or during the start-up and migration), and prints the highest committed sequence after each
/// commit. Like a live recording it appends each fix with its verdict pending and gives the
/// verdict of fix n − 10 when it appends fix n; a resumed run first judges the fixes the killed
/// one left pending.
///
/// After every kill the test reopens the database and checks that every sequence reported
/// committed is there, that the sequences run from 0 without a gap or a duplicate, that each row
/// equals the fix the probe made for it, that no stored verdict is wrong, that pending verdicts
/// are only at the tail (after the highest judged fix, at most the look-ahead + 1 fixes: fix n is
/// committed by its append before the verdict of n − 10 is given) and every verdict reported
/// committed is there, and that the unfinished activity is found; it finishes the activity after
/// every fourth run, pending tail and all, and otherwise lets the next run resume it in a new
/// segment. A finished activity must not change afterwards.
@Suite struct CrashSafetyTests {
  /// The probe: `STORE_CRASH_PROBE`, else beside the test binary, else in the package's build
  /// directories.
  static let probe: URL? = {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["STORE_CRASH_PROBE"] {
      return fileManager.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("StoreCrashProbe")
      if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let buildDirectories = ((try? fileManager.contentsOfDirectory(atPath: package.path)) ?? [])
      .filter { $0.hasPrefix(".build") }.sorted()
    for build in buildDirectories {
      let root = package.appendingPathComponent(build)
      let triples = (try? fileManager.contentsOfDirectory(atPath: root.path)) ?? []
      for products in ["debug"] + triples.map({ "\($0)/debug" }) {
        let candidate = root.appendingPathComponent(products).appendingPathComponent(
          "StoreCrashProbe")
        if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
      }
    }
    return nil
  }()

  @Test(
    .enabled(
      if: probe != nil,
      "StoreCrashProbe not found beside the test binary or in .build*/debug: build it, or set STORE_CRASH_PROBE to its path"
    ),
    .timeLimit(.minutes(3)))
  func killedRecordingsKeepEveryCommittedFix() async throws {
    // Kills and sleeps on a thread of its own, off the threads the async tests share.
    try await onOwnThread {
      let probe = try #require(Self.probe)
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.path("crash.sqlite")
      var random = SeededRandom(seed: 20_241_123)
      // Fix and pending counts of the finished activities.
      var finished: [ActivityID: (fixes: Int, pending: Int)] = [:]
      var committedTotal = 0
      var judgedTotal = 0
      var runsWithoutCommit = 0
      let started = Date()

      for run in 0..<20 {
        let delay = Double(50 + random.next() % 751) / 1000
        let output = try runAndKill(
          probe, arguments: [path, "--flush-interval", "0.1"], after: delay)
        // `committed N` or `committed N judged J`.
        let commits = output.lines.filter { $0.hasPrefix("committed ") }.map {
          $0.split(separator: " ").compactMap { Int($0) }
        }
        let reported = commits.compactMap(\.first).max()
        let reportedJudged = commits.compactMap { $0.count > 1 ? $0[1] : nil }.max()
        if reported == nil { runsWithoutCommit += 1 }

        let store = try ActivityStore(path: path)
        let unfinished = try store.unfinishedActivities()
        #expect(unfinished.count <= 1, "run \(run): \(unfinished.count) unfinished activities")
        for (id, counts) in finished {
          let summary = try store.activity(id)
          #expect(
            summary.fixCount == counts.fixes && summary.pendingFixCount == counts.pending,
            "run \(run): finished \(id) changed")
        }
        guard let activity = unfinished.first else {
          #expect(reported == nil, "run \(run): committed \(reported ?? 0) yet no activity")
          continue
        }
        let fixes = try store.fixes(of: activity.id)
        let sequences = fixes.map(\.sequence)
        #expect(sequences == Array(0..<fixes.count), "run \(run): gap or duplicate")
        if let reported {
          #expect(
            fixes.count > reported, "run \(run): \(reported) committed, \(fixes.count) stored")
        }
        let damaged = fixes.filter {
          var appended = $0
          appended.verdict = nil
          return appended != ProbeFixes.stored($0.sequence, segment: $0.segmentIndex)
        }
        #expect(damaged.isEmpty, "run \(run): rows differ from what the probe wrote")
        let wrong = fixes.filter { stored in
          stored.verdict.map { $0 != ProbeFixes.verdict(stored.sequence) } ?? false
        }.map(\.sequence)
        #expect(wrong.isEmpty, "run \(run): wrong verdicts")
        let highestJudged = fixes.last { $0.verdict != nil }?.sequence ?? -1
        let pendingBefore = fixes.prefix(highestJudged + 1).filter { $0.verdict == nil }.map(
          \.sequence)
        #expect(pendingBefore.isEmpty, "run \(run): pending before fix \(highestJudged), judged")
        let pendingTail = fixes.count - 1 - highestJudged
        #expect(
          pendingTail <= ProbeFixes.lookAhead + 1, "run \(run): \(pendingTail) pending at the end")
        #expect(try store.activity(activity.id).pendingFixCount == pendingTail)
        if let reportedJudged {
          #expect(
            highestJudged >= reportedJudged,
            "run \(run): verdicts to \(reportedJudged) committed, to \(highestJudged) stored")
        }
        let segmentIndices = fixes.map(\.segmentIndex)
        #expect(segmentIndices == segmentIndices.sorted(), "run \(run): segments out of order")

        if run % 4 == 3 {
          try store.finishActivity(
            activity.id, finishedAt: activity.lastFixTimestamp ?? activity.startedAt)
          #expect(try store.unfinishedActivities().isEmpty)
          finished[activity.id] = (fixes.count, pendingTail)
        }
        if run % 4 == 3 || run == 19 {
          committedTotal += fixes.count
          judgedTotal += highestJudged + 1
        }
      }
      let seconds = Date().timeIntervalSince(started)
      print(
        "CrashSafetyTests: 20 kills in \(String(format: "%.1f", seconds)) s, "
          + "\(runsWithoutCommit) before their first commit, "
          + "\(finished.count) activities finished, \(committedTotal) fixes checked, "
          + "\(judgedTotal) of them judged")
    }
  }

  /// Runs the probe, kills it with SIGKILL after `delay` seconds, and returns what it printed.
  private func runAndKill(_ probe: URL, arguments: [String], after delay: Double) throws
    -> (lines: [String], status: Int32)
  {
    let process = Process()
    process.executableURL = probe
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    Thread.sleep(forTimeInterval: delay)
    let wasRunning = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errorText = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(wasRunning, "the probe ended before the kill: \(errorText)")
    #expect(process.terminationReason == .uncaughtSignal)
    return (text.split(separator: "\n").map(String.init), process.terminationStatus)
  }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a seeded generator, so the kill times repeat.
private struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
