import Foundation
import Testing
import TrackSift
import TrackSiftFormats

@testable import tracksift

/// Replaying a real recording through the live ``Recorder`` gives exactly the live distance,
/// moving time, splits and verdicts that `analyze` reports for it: every GPX, NMEA and CSV
/// recording in `../shared/data` that `analyze` reads, with the profile it was recorded with.
@Suite struct LiveEqualsBatchFileTests {
  static let files: [String] = {
    guard let data = CommandRunner.sharedData else { return [] }
    let readable = ["gpx", "nmea", "log", "csv"]
    let folders = ["corpus/gpx", "corpus/nmea-gpsd", "truth", "devices", "spikes"]
    var files: [String] = []
    for folder in folders {
      let root = data.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
      for case let path as String in walker
      where readable.contains((path as NSString).pathExtension.lowercased()) {
        files.append("\(folder)/\(path)")
      }
    }
    return files.sorted()
  }()

  /// A multisport file's sessions, each with its own profile, replayed as `analyze` measures
  /// them: the recorder switches profile where each session's segments start.
  @Test(
    .enabled(if: CommandRunner.sharedData != nil, "../shared is absent"),
    arguments: [
      "corpus/fit/activities/activity-large-fenxi2-multisport.fit",
      "corpus/fit/edge-cases/sample_mulitple_header.fit",
    ])
  func aMultisportReplayMatchesItsAnalysisSessionBySession(file: String) throws {
    let path = try #require(CommandRunner.sharedData).appendingPathComponent(file).path
    let input = try ActivityFile.read(atPath: path)
    let choice = ProfileChoice(option: nil, file: input)
    #expect(!choice.segmentActivities.isEmpty)
    let batch = choice.analysis(of: input.track)
    let configuration = RecorderConfiguration(profile: ActivityProfile(activity: choice.activity))
    let (_, recorder) = try RecordingReplay.run(
      input.track, configuration: configuration, segmentProfiles: choice.segmentProfiles)
    #expect(recorder.liveMetrics.metrics == batch.liveMetrics)
    #expect(recorder.verdictCounts == batch.verdictCounts)
    // With one profile throughout, the ride is measured as a run.
    let (_, single) = try RecordingReplay.run(input.track, configuration: configuration)
    #expect(single.liveMetrics.metrics != batch.liveMetrics)
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func theSharedDataHasRecordingsToReplay() {
    #expect(Self.files.count > 100)
  }

  @Test(
    .enabled(if: CommandRunner.sharedData != nil, "../shared is absent"), arguments: files)
  func replayMatchesAnalysis(file: String) throws {
    let path = try #require(CommandRunner.sharedData).appendingPathComponent(file).path
    // A file refused is tested elsewhere.
    guard let track = try? InputFile.track(atPath: path) else { return }
    let activity: ActivityKind =
      file.contains("drive") || file.contains("gsdc") || file.contains("nmea-gpsd")
      ? .driving : .running
    let profile = ActivityProfile(activity: activity)
    let batch = TrackAnalysis(track: track, profile: profile)
    let configuration = RecorderConfiguration(profile: profile)
    guard track.segments.allSatisfy({ $0.fixes.isEmpty || $0.hasAdvancingTimes }) else {
      #expect(throws: ReplayError.self) {
        try RecordingReplay.run(track, configuration: configuration)
      }
      return
    }
    let (_, recorder) = try RecordingReplay.run(track, configuration: configuration)
    let live = recorder.liveMetrics.metrics
    #expect(live.distanceMeters == batch.liveMetrics.distanceMeters)
    #expect(live.movingTimeSeconds == batch.liveMetrics.movingTimeSeconds)
    #expect(live.kilometerSplits == batch.liveMetrics.kilometerSplits)
    #expect(live == batch.liveMetrics)
    #expect(recorder.verdictCounts == batch.verdictCounts)
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func replayCommandPrintsTheLiveFiguresOfAnalyze() throws {
    let data = try #require(CommandRunner.sharedData)
    let path = data.appendingPathComponent(
      "truth/gsdc2021-mtv-2020-05-14-pixel4-chipset/Pixel4_chipset.nmea"
    ).path
    let analyzed = try CommandRunner.run(["analyze", path, "--profile", "driving", "--json"])
    let replayed = try CommandRunner.run(["replay", path, "--profile", "driving", "--json"])
    #expect(analyzed.status == 0 && replayed.status == 0, "\(replayed.standardError)")
    func object(_ output: String) throws -> NSDictionary {
      try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSDictionary)
    }
    let analysis = try object(analyzed.standardOutput)
    let replay = try object(replayed.standardOutput)
    #expect(replay["live"] != nil)
    // The shape of analyze: each key it shares has the same value (live, verdicts, counts);
    // only the display figures are the replay's own.
    for case let key as String in replay.allKeys where key != "display" {
      #expect(analysis[key] as? NSObject == replay[key] as? NSObject, "\(key)")
    }
    let timeline = try CommandRunner.run(["replay", path, "--profile", "driving"])
    #expect(timeline.standardOutput.contains("state recording"))
    #expect(timeline.standardOutput.contains("state finished"))
  }
}
