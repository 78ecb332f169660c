import Foundation
import GRDB
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

@testable import TrackSiftStore
@testable import tracksift

/// What `record` and `replay --store` do when the store cannot take the rows: they go on
/// recording, say why, and write every row once the store can take them.
@Suite struct RecordingSessionTests {
  @Test func aFullDiskKeepsRecordingAndWritesEveryFixOnceThereIsRoom() async throws {
    // Waits for the writer's 1 s cadence: on a thread of its own.
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let path = directory.appendingPathComponent("full.sqlite").path
      let store = try ActivityStore(path: path)
      let track = try InputFile.track(atPath: StoreCommandTests.sample)
      let inputs = try RecordingReplay.inputs(for: track)
      let configuration = RecorderConfiguration(profile: ActivityProfile(activity: .running))
      var session = try RecordingSession(
        configuration: configuration, store: store, name: "Full", at: inputs[0].time)
      func apply(_ range: Range<Int>) {
        for input in inputs[range] where input.kind != .finish {
          _ = session.apply { RecordingReplay.apply(input, to: &$0) }
        }
      }
      let third = inputs.count / 3
      apply(0..<third)
      try session.commit()
      let limit = try store.write { db in
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let limit = try Int.fetchOne(db, sql: "PRAGMA max_page_count") ?? 0
        try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        return limit
      }

      apply(third..<2 * third)
      Thread.sleep(forTimeInterval: 1.05)
      session.flushIfDue()
      let problem = try #require(session.storeProblem)
      #expect(problem.reason == .diskFull)
      #expect(problem.description.hasPrefix("disk is full: \(path); "))
      // e.g. "896 fixes, 26 events and 896 verdicts kept in memory"
      #expect(problem.description.hasSuffix(" verdicts kept in memory"), "\(problem)")
      // The recording goes on while the rows wait.
      apply(2 * third..<inputs.count)
      #expect(session.recorder.receivedFixCount == track.fixCount)

      try store.write { db in try db.execute(sql: "PRAGMA max_page_count = \(limit)") }
      Thread.sleep(forTimeInterval: 1.05)
      session.flushIfDue()
      #expect(session.storeProblem == nil)
      _ = try session.finish(at: inputs[inputs.count - 1].time)
      let activity = try #require(session.activity)
      let stored = try store.fixes(of: activity)
      #expect(stored.map(\.sequence) == Array(0..<track.fixCount))
      #expect(stored.allSatisfy { $0.verdict != nil })
      let summary = try store.activity(activity)
      let analysis = TrackAnalysis(track: track, profile: configuration.profile)
      #expect(summary.totals.distanceMeters == analysis.liveMetrics.distanceMeters)
    }
  }

  /// The panel's moving time grows with each fix: the judged figure trails the newest fix by
  /// the look-ahead (it sat at 0:00 for 11 s, then jumped), the held fixes' time fills the gap.
  @Test func theDisplayedMovingTimeGrowsWithEachFix() throws {
    let track = try InputFile.track(atPath: StoreCommandTests.sample)
    let inputs = try RecordingReplay.inputs(for: track)
    var recorder = Recorder(
      configuration: RecorderConfiguration(profile: ActivityProfile(activity: .running)))
    var fixes = 0
    var shown: [Double] = []
    var judged: [Double] = []
    for input in inputs where input.kind != .finish {
      _ = RecordingReplay.apply(input, to: &recorder)
      if case .fix = input.kind {
        fixes += 1
        let live = recorder.liveMetrics
        shown.append(live.displayedMovingSeconds)
        judged.append(live.movingSeconds)
        #expect(live.displayedMovingSeconds <= live.timerSeconds + 1e-9)
        #expect(live.displayedMovingSeconds >= live.movingSeconds)
      }
      if fixes == 15 { break }
    }
    // The judged figure is still 0 after the look-ahead's ten fixes...
    #expect(judged[Recorder.lookAheadFixes - 1] == 0, "\(judged)")
    // ...while the shown one counts a second a fix from the first accepted fixes (the
    // first are refused: the gate's warm-up and start-up accuracy).
    #expect(shown[Recorder.lookAheadFixes - 1] >= 3, "\(shown)")
    #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "\(shown)")
    #expect(shown[14] - shown[6] >= 7, "\(shown)")
  }
}
