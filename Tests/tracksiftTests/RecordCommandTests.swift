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

  @Test func withoutGPSDItSaysWhyStoresNothingAndFails() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("empty.sqlite").path
      let result = try CommandRunner.run([
        "record", "--gpsd", "[::1]:29733", "--store", store, "--duration-seconds", "2",
      ])
      #expect(result.status == 1, "\(result.standardError)")
      // Each failed attempt, counted, with its reason and a growing wait.
      let output = result.standardOutput
      #expect(
        output.contains(
          "gpsd: attempt 1 failed: cannot connect: Connection refused [[::1]:29733]; "
            + "retrying in 0.25 s"), "\(output)")
      #expect(output.contains("attempt 2 failed: cannot connect: Connection refused"))
      #expect(output.contains("retrying in 0.5 s"))
      #expect(output.contains("attempt 3 failed"))
      #expect(output.contains("retrying in 1 s"))
      #expect(!output.contains("Saved as activity"))
      #expect(
        result.standardError.contains(
          "No fix received: gpsd at [::1]:29733 was never reached (last attempt: cannot "
            + "connect: Connection refused). Nothing was stored."), "\(result.standardError)")
      #expect(try ActivityStore(path: store, readOnly: true).activities().isEmpty)
    }
  }

  @Test func anActivityACrashLeftWithoutAFixIsRemoved() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("leftover.sqlite").path
      _ = try ActivityStore(path: store).createActivity(
        name: "Killed at once", kind: .running, startedAt: Date(timeIntervalSince1970: 1e9))
      let result = try CommandRunner.run([
        "record", "--gpsd", "127.0.0.1:29738", "--store", store, "--duration-seconds", "1",
      ])
      #expect(result.status == 1)
      #expect(
        result.standardOutput.contains("removed activity 1, left unfinished without a fix"),
        "\(result.standardOutput)")
      #expect(try ActivityStore(path: store, readOnly: true).activities().isEmpty)
    }
  }

  @Test func anUnknownHostIsNamedAsSuch() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("unknown.sqlite").path
      // RFC 6761: names under .invalid never resolve.
      let result = try CommandRunner.run([
        "record", "--gpsd", "gpsd.invalid:2947", "--store", store, "--duration-seconds", "1",
      ])
      #expect(result.status == 1)
      #expect(
        result.standardOutput.contains("attempt 1 failed: cannot resolve the host: "),
        "\(result.standardOutput)")
      #expect(result.standardOutput.contains("[gpsd.invalid:2947]"))
      #expect(try ActivityStore(path: store, readOnly: true).activities().isEmpty)
    }
  }

  /// A gpsd that greets and hangs up at once: each connection counts as a failed attempt
  /// with its reason, and the wait grows.
  @Test func aGpsdThatHangsUpIsRetriedWithGrowingWaits() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let server = Process()
      server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      server.arguments = [
        "-c",
        """
        import socket
        s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", 29737)); s.listen(8); print("listening", flush=True)
        while True:
            c, _ = s.accept()
            c.sendall(b'{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}\\n')
            c.recv(1024)
            c.close()
        """,
      ]
      let ready = Pipe()
      server.standardOutput = ready
      try server.run()
      // SIGKILL: the test process may pass SIGTERM on ignored.
      defer {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
      }
      _ = ready.fileHandleForReading.availableData  // "listening"
      let store = directory.appendingPathComponent("hangup.sqlite").path
      let result = try CommandRunner.run([
        "record", "--gpsd", "127.0.0.1:29737", "--store", store, "--duration-seconds", "2.5",
      ])
      #expect(result.status == 1)
      let output = result.standardOutput
      for (attempt, wait) in [(1, "0.25"), (2, "0.5"), (3, "1")] {
        #expect(
          output.contains(
            "gpsd: attempt \(attempt) failed: gpsd closed the connection [127.0.0.1:29737]; "
              + "retrying in \(wait) s"), "\(output)")
      }
      #expect(
        result.standardError.contains(
          "No fix received: gpsd at 127.0.0.1:29737 sent no fix in "), "\(result.standardError)")
      #expect(result.standardError.contains("(the last ended: gpsd closed the connection)"))
      #expect(try ActivityStore(path: store, readOnly: true).activities().isEmpty)
    }
  }

  @Test func connectTimeoutIsValidated() throws {
    let result = try CommandRunner.run([
      "record", "--gpsd", "127.0.0.1:29735", "--store", "/nonexistent/x.sqlite",
      "--connect-timeout", "0",
    ])
    #expect(result.status != 0)
    #expect(result.standardError.contains("--connect-timeout must be more than 0"))
  }

  /// The same NMEA log through gpsfake and `record`, and through `analyze`: the same fixes
  /// are accepted (gpsd's 95 % errors once refused all of them, 0 of 28 against 62 of 68).
  @Test func aLogThroughGpsdGetsTheVerdictsOfTheLogItself() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let log = try #require(CommandRunner.sharedData).appendingPathComponent(
        "corpus/nmea-gpsd/haicom-305N.log")
      let analysis = TrackAnalysis(
        track: try InputFile.track(atPath: log.path), profile: .running)
      #expect(analysis.verdictCounts.acceptedCount == 62)
      let store = directory.appendingPathComponent("haicom.sqlite").path
      let recorder = Process()
      recorder.executableURL = CommandRunner.binary
      recorder.arguments = [
        "record", "--gpsd", "127.0.0.1:29736", "--store", store, "--profile", "running",
        "--ignore-staleness", "--duration-seconds", "120",
      ]
      let output = Pipe()
      recorder.standardOutput = output
      recorder.standardError = output
      try recorder.run()
      // The recorder first, retrying until gpsd listens; the replay starts once it watches.
      // About five sentences an epoch at 0.05 s each: 68 epochs in 17 s.
      Thread.sleep(forTimeInterval: 0.5)
      let gpsd = try GPSFake(log: log, port: 29_736, secondsPerSentence: 0.05)
      defer { gpsd.stop() }
      let logVerdictList = analysis.verdicts.flatMap { $0 }
      let expected = logVerdictList.count
      let arrived = waitUntil(seconds: 60) { storedFixCount(store, segment: 0) >= expected - 2 }
      Thread.sleep(forTimeInterval: 3)
      kill(recorder.processIdentifier, SIGINT)
      recorder.waitUntilExit()
      let printed = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(arrived, "\(printed)\n\(gpsd.output)")
      #expect(recorder.terminationStatus == 0, "\(printed)")

      let database = try ActivityStore(path: store, readOnly: true)
      let stored = try database.fixes(of: ActivityID(rawValue: 1))
      // Verdicts by fix time, log against gpsd.
      let fixes = try InputFile.track(atPath: log.path).allFixes
      var logVerdicts: [Double: Verdict] = [:]
      for (fix, verdict) in zip(fixes, logVerdictList) {
        if let time = fix.timestamp?.timeIntervalSince1970 {
          logVerdicts[time.truncatingRemainder(dividingBy: 86_400)] = verdict
        }
      }
      var differing: [String] = []
      for fix in stored {
        // gpsd moves the 2007 log's dates by 1024 weeks: compared by time of day.
        guard let time = fix.fix.timestamp?.timeIntervalSince1970 else { continue }
        let timeOfDay = (time.truncatingRemainder(dividingBy: 86_400) * 1_000).rounded() / 1_000
        let expectedVerdict = logVerdicts.first { abs($0.key - timeOfDay) < 0.002 }?.value
        if expectedVerdict != fix.verdict {
          differing.append(
            "\(timeOfDay): log \(String(describing: expectedVerdict)), gpsd "
              + String(describing: fix.verdict))
        }
      }
      let accepted = stored.count { $0.verdict == .accepted }
      #expect(stored.count >= expected - 2, "gpsd delivered \(stored.count) of \(expected)")
      #expect(abs(accepted - 62) <= 5, "accepted \(accepted) of \(stored.count)")
      // "Within a handful at start-up": the gate's warm-up and the first SKY report.
      #expect(differing.count <= 5, "\(differing.joined(separator: "\n"))")
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
