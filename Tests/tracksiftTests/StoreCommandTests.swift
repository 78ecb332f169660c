import Foundation
import Testing
import TrackSift
import TrackSiftStore
import TrackSiftTestSupport

@testable import tracksift

/// `replay --store`, `activities` and the crash safety of a recording saved as it goes.
@Suite(.serialized) struct StoreCommandTests {
  static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Samples/city-run.gpx").standardized.path

  @Test func replayedActivityIsListedShownAndExported() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("activities.sqlite").path
      let replay = try CommandRunner.run(["replay", Self.sample, "--store", store, "--json"])
      #expect(replay.status == 0, "\(replay.standardError)")
      let analysis = TrackAnalysis(track: try TrackInput.read(path: Self.sample))
      let timeline = try CommandRunner.run(["replay", Self.sample, "--store", store])
      #expect(timeline.standardOutput.hasSuffix("Saved as activity 2 in \(store)\n"))

      let list = try CommandRunner.run(["activities", "list", "--store", store])
      #expect(list.status == 0, "\(list.standardError)")
      #expect(list.standardOutput.contains("finished"))
      #expect(list.standardOutput.split(separator: "\n").count == 3)  // header and 2 activities
      #expect(list.standardOutput.contains("7.14 km"))

      let show = try CommandRunner.run(["activities", "show", "1", "--store", store])
      #expect(show.standardOutput.contains("accepted \(analysis.verdictCounts.acceptedCount)"))
      #expect(show.standardOutput.contains("split 1 km"))
      // Elapsed as `replay` showed it: from start to finish.
      let replayed = try #require(
        timeline.standardOutput.split(separator: "\n").first { $0.hasPrefix("Distance") })
      let elapsed = try #require(replayed.split(separator: ", ").first { $0.hasPrefix("elapsed") })
      #expect(show.standardOutput.contains(", \(elapsed)\n"), "\(show.standardOutput)")

      let exported = directory.appendingPathComponent("export.gpx").path
      let export = try CommandRunner.run([
        "activities", "export", "1", "--store", store, "-o", exported,
      ])
      #expect(export.status == 0, "\(export.standardError)")
      #expect(try TrackInput.read(path: exported).fixCount == analysis.verdictCounts.acceptedCount)

      let summary = try ActivityStore(path: store, readOnly: true).activity(ActivityID(rawValue: 1))
      #expect(summary.totals.distanceMeters == analysis.liveMetrics.distanceMeters)
      #expect(summary.pendingFixCount == 0)

      let missing = try CommandRunner.run(["activities", "show", "9", "--store", store])
      #expect(missing.status != 0)
      #expect(missing.standardError.contains("9"))
    }
  }

  @Test(arguments: [("km", 7), ("mi", 4)])
  func replaySplitCuesInTheChosenUnit(unit: String, count: Int) throws {
    let replay = try CommandRunner.run(["replay", Self.sample, "--splits", unit])
    #expect(replay.status == 0, "\(replay.standardError)")
    let cues = replay.standardOutput.split(separator: "\n").filter { $0.contains(" split ") }
    // 7.14 km: 7 kilometers, 4 miles.
    #expect(cues.count == count, "\(cues)")
    #expect(cues.allSatisfy { $0.contains(" \(unit) in ") }, "\(cues)")
  }

  /// Replays in a child process killed with SIGKILL at 20 random moments: after each kill the
  /// store holds every fix the child reported committed, each once and equal to the file's, with
  /// the batch's verdict or (only at the tail) a pending one; every unfinished activity then
  /// finishes cleanly with the live figures of its stored fixes.
  @Test func killedRecordingsKeepEveryCommittedFix() async throws {
    try await onOwnThread {
      let binary = try #require(CommandRunner.binary)
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("crash.sqlite").path
      let track = try TrackInput.read(path: Self.sample)
      let fixes = track.allFixes
      let verdicts = TrackAnalysis(track: track).verdicts.flatMap { $0 }
      var random = SystemRandomNumberGenerator()
      var committedByActivity: [Int64: Int] = [:]
      for run in 1...20 {
        let process = Process()
        process.executableURL = binary
        process.arguments = [
          "replay", Self.sample, "--store", store, "--speed", "400", "--report-commits", "--json",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: Double.random(in: 0.6...2.4, using: &random))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let reported = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let committed = reported.split(separator: "\n").compactMap {
          $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil
        }.max()
        committedByActivity[Int64(run)] = committed ?? -1
      }
      let database = try ActivityStore(path: store)
      let activities = try database.activities()
      #expect(activities.count == 20)
      for activity in activities {
        let stored = try database.fixes(of: activity.id)
        let committed = try #require(committedByActivity[activity.id.rawValue])
        #expect(stored.count > committed, "activity \(activity.id) lost committed fixes")
        #expect(stored.map(\.sequence) == Array(0..<stored.count))
        var pendingFrom: Int?
        for row in stored {
          #expect(row.fix == fixes[row.sequence])
          if let verdict = row.verdict {
            #expect(pendingFrom == nil, "a judged fix after a pending one")
            #expect(verdict == verdicts[row.sequence])
          } else if pendingFrom == nil {
            pendingFrom = row.sequence
          }
        }
        #expect(stored.count - (pendingFrom ?? stored.count) <= Recorder.lookAheadFixes + 1)
      }
      // Each unfinished activity finishes cleanly, with the live figures of its stored fixes.
      let configuration = RecorderConfiguration(profile: .running)
      for activity in try database.unfinishedActivities() {
        let storedTrack = try database.track(of: activity.id, acceptedOnly: false)
        var session = try RecordingSession(
          resuming: activity.id, in: database, configuration: configuration)
        _ = try session.finish(at: activity.lastFixTimestamp ?? activity.startedAt)
        let finished = try database.activity(activity.id)
        #expect(finished.isFinished)
        #expect(finished.pendingFixCount == 0)
        let expected = TrackAnalysis(track: storedTrack).liveMetrics.distanceMeters
        #expect(finished.totals.distanceMeters == expected)
      }
    }
  }
}
