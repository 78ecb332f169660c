import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftStore
import TrackSiftTestSupport

@testable import tracksift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tracksift record` against a real gpsd: `gpsfake` replays a slice of the F9K drive on a
/// loopback port of its own. CI installs gpsd; without `gpsfake` on PATH these tests are skipped.
@Suite(.serialized, .enabled(if: canRecordFromGPSFake, "needs gpsfake and ../shared"))
struct RecordCommandTests {

  /// `count` epochs of the F9K drive from epoch `first` (the car is moving from about 130 on).
  static func slice(first: Int, count: Int, in directory: URL) throws -> URL {
    let log = try #require(CommandRunner.sharedData).appendingPathComponent(
      "truth/f9k-drive-mountain-view/MTV.Local1.ublox-F9K.20200206-181434.nmea")
    var epoch = 0
    var lines: [Substring] = []
    for line in try String(contentsOf: log, encoding: .utf8).split(separator: "\n") {
      if line.hasPrefix("$GNRMC") { epoch += 1 }
      if epoch >= first, epoch < first + count { lines.append(line) }
    }
    let url = directory.appendingPathComponent("slice-\(first).nmea")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test func recordsFromGPSDIntoTheStore() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let log = try Self.slice(first: 150, count: 50, in: directory)
      let gpsd = try GPSFake(log: log, port: 29_731, secondsPerSentence: 0.004)
      defer { gpsd.stop() }
      let store = directory.appendingPathComponent("record.sqlite").path
      let recorder = Process()
      recorder.executableURL = CommandRunner.binary
      recorder.arguments = [
        "record", "--gpsd", "127.0.0.1:29731", "--store", store, "--profile", "driving",
        "--ignore-staleness", "--duration-seconds", "90",
      ]
      let output = Pipe()
      recorder.standardOutput = output
      recorder.standardError = output
      try recorder.run()
      // Every epoch of the log, committed; then SIGINT finishes the recording.
      #expect(waitUntil(seconds: 60) { storedFixCount(store, segment: 0) >= 50 }, "\(gpsd.output)")
      kill(recorder.processIdentifier, SIGINT)
      recorder.waitUntilExit()
      let printed = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(recorder.terminationStatus == 0, "\(printed)")
      #expect(printed.contains("gpsd connected at 127.0.0.1:29731"))
      #expect(printed.contains("state recording"))
      #expect(printed.contains("interrupted: finishing"))
      #expect(printed.contains("state finished"))
      #expect(printed.contains("Saved as activity 1"))

      let database = try ActivityStore(path: store, readOnly: true)
      let activity = try database.activity(ActivityID(rawValue: 1))
      #expect(activity.isFinished)
      #expect(activity.pendingFixCount == 0)
      #expect(activity.fixCount == 50, "gpsd delivered \(activity.fixCount) of 50 epochs")
      // gpsd delivered the log's positions and times.
      let expected = try NMEAReader.read(contentsOf: log).track.allFixes
      let recorded = try database.fixes(of: activity.id).map(\.fix)
      for (fix, reference) in zip(recorded, expected) {
        #expect(fix.timestamp == reference.timestamp)
        #expect(abs(fix.latitudeDegrees - reference.latitudeDegrees) < 1e-8)
        #expect(abs(fix.longitudeDegrees - reference.longitudeDegrees) < 1e-8)
      }
      // Live equals batch on the recorded fixes.
      let track = try database.track(of: activity.id, acceptedOnly: false)
      let analysis = TrackAnalysis(track: track, profile: .driving)
      #expect(activity.totals.distanceMeters == analysis.liveMetrics.distanceMeters)
      #expect((activity.totals.distanceMeters ?? 0) > 200)
    }
  }

  @Test func withoutGPSDItRetriesAndFinishesAfterItsDuration() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("empty.sqlite").path
      let result = try CommandRunner.run([
        "record", "--gpsd", "[::1]:29733", "--store", store, "--duration-seconds", "2",
      ])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains("gpsd: retrying"))
      #expect(result.standardOutput.contains("state finished"))
      let activity = try ActivityStore(path: store, readOnly: true).activity(
        ActivityID(rawValue: 1))
      #expect(activity.isFinished)
      #expect(activity.fixCount == 0)
    }
  }

  @Test func pipedItPrintsEachEventAsItHappens() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let outputURL = directory.appendingPathComponent("output.txt")
      #expect(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
      let recorder = Process()
      recorder.executableURL = CommandRunner.binary
      recorder.arguments = [
        "record", "--gpsd", "127.0.0.1:29734", "--store",
        directory.appendingPathComponent("piped.sqlite").path, "--duration-seconds", "30",
      ]
      recorder.standardOutput = try FileHandle(forWritingTo: outputURL)
      try recorder.run()
      defer {
        kill(recorder.processIdentifier, SIGINT)
        recorder.waitUntilExit()
      }
      // The first lines, while it records.
      let printed = { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
      #expect(waitUntil(seconds: 20) { printed().contains("state acquiring") }, "\(printed())")
      #expect(recorder.isRunning)
    }
  }

  @Test func gpsdRestartContinuesInANewSegmentAndSIGTERMFinishes() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("restart.sqlite").path
      let first = try GPSFake(
        log: try Self.slice(first: 150, count: 200, in: directory), port: 29_732,
        secondsPerSentence: 0.004)
      defer { first.stop() }
      let recorder = Process()
      recorder.executableURL = CommandRunner.binary
      recorder.arguments = [
        "record", "--gpsd", "127.0.0.1:29732", "--store", store, "--profile", "driving",
        "--ignore-staleness",
      ]
      let output = Pipe()
      recorder.standardOutput = output
      recorder.standardError = output
      try recorder.run()
      // Wait until the store holds fixes of the first gpsd, then take gpsd away.
      #expect(waitUntil(seconds: 40) { storedFixCount(store, segment: 0) >= 10 }, "\(first.output)")
      first.stop()
      let second = try GPSFake(
        log: try Self.slice(first: 600, count: 200, in: directory), port: 29_732,
        secondsPerSentence: 0.004)
      defer { second.stop() }
      #expect(
        waitUntil(seconds: 40) { storedFixCount(store, segment: 1) >= 10 }, "\(second.output)")
      kill(recorder.processIdentifier, SIGTERM)
      recorder.waitUntilExit()
      let printed = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(recorder.terminationStatus == 0, "\(printed)")
      #expect(printed.contains("gpsd disconnected"))
      #expect(printed.contains("segment 1 started"))
      #expect(printed.contains("terminated: finishing"))

      let database = try ActivityStore(path: store, readOnly: true)
      let activity = try database.activity(ActivityID(rawValue: 1))
      #expect(activity.isFinished)
      #expect(activity.segmentCount == 2)
      let segments = try database.track(of: activity.id, acceptedOnly: false).segments
      #expect(segments.count == 2)
      // SIGTERM may land right after the tenth fix of the second gpsd.
      #expect(segments.allSatisfy { $0.fixes.count >= 10 }, "\(segments.map(\.fixes.count))")
    }
  }
}

/// Checks `condition` every 200 ms until it holds (true) or `seconds` pass (false).
private func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.2)
  }
  return condition()
}

/// How many fixes of a segment the store at `path` holds committed (0 when it cannot be read
/// yet).
private func storedFixCount(_ path: String, segment: Int) -> Int {
  guard let store = try? ActivityStore(path: path, readOnly: true),
    let fixes = try? store.fixes(of: ActivityID(rawValue: 1))
  else { return 0 }
  return fixes.count { $0.segmentIndex == segment }
}

private let canRecordFromGPSFake =
  gpsfakePath != nil && timeoutPath != nil && CommandRunner.sharedData != nil
