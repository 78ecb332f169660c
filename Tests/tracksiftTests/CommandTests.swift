import Foundation
import Testing

@Suite(.serialized) struct CommandTests {
  /// The u-blox F9K drive, within `shared/data`.
  static let f9kDrive = "truth/f9k-drive-mountain-view/MTV.Local1.ublox-F9K.20200206-181434.nmea"

  @Test func simulateAnalyzeAndCleanASampleRun() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sample = directory.appendingPathComponent("run.gpx").path
    let simulate = try CommandRunner.run(["simulate", "--seed", "1", "-o", sample])
    #expect(simulate.status == 0, "\(simulate.standardError)")
    #expect(simulate.standardOutput.contains(" fixes, true distance "))

    let analyze = try CommandRunner.run(["analyze", sample])
    #expect(analyze.status == 0, "\(analyze.standardError)")
    for expected in ["Distance", "Moving time", "refined", "Splits (refined", "/km", "Accepted"] {
      #expect(analyze.standardOutput.contains(expected), "missing \(expected)")
    }

    let object = try CommandRunner.jsonObject(["analyze", sample, "--json", "--profile", "running"])
    for figures in ["raw", "live", "refined"] {
      let metrics = try #require(object[figures] as? [String: Any])
      #expect(metrics["distanceMeters"] is Double)
      #expect(metrics["movingTimeSeconds"] is Double)
      #expect(metrics["kilometerSplits"] is [Any])
    }
    let verdicts = try #require(object["verdicts"] as? [String: Any])
    #expect(verdicts["accepted"] is Int)

    let cleaned = directory.appendingPathComponent("clean.gpx").path
    let clean = try CommandRunner.run(["clean", sample, "-o", cleaned, "--smoother", "rts"])
    #expect(clean.status == 0, "\(clean.standardError)")
    let reanalyzed = try CommandRunner.run(["analyze", cleaned, "--json"])
    #expect(reanalyzed.status == 0, "\(reanalyzed.standardError)")
  }

  @Test func evalScoresARecordingAgainstItsReference() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("walk.gpx").path
    let truth = directory.appendingPathComponent("walk-truth.csv").path
    let simulate = try CommandRunner.run([
      "simulate", "--activity", "walking", "--environment", "urbanCanyon", "--device", "watch",
      "--duration-seconds", "600", "--seed", "5", "-o", recording, "--truth", truth,
    ])
    #expect(simulate.status == 0, "\(simulate.standardError)")

    let eval = try CommandRunner.run(["eval", recording, "--truth", truth, "--profile", "walking"])
    #expect(eval.status == 0, "\(eval.standardError)")
    #expect(eval.standardOutput.contains("TrackSift refined"))

    let object = try CommandRunner.jsonObject([
      "eval", recording, "--truth", truth, "--profile", "walking", "--json",
    ])
    let cards = try #require(object["cards"] as? [[String: Any]])
    let byPipeline = Dictionary(
      uniqueKeysWithValues: cards.compactMap { card in
        (card["pipeline"] as? String).map { ($0, card) }
      })
    let raw = try #require(byPipeline["raw fixes"]?["distanceErrorPercent"] as? Double)
    let refined = try #require(
      byPipeline["TrackSift refined"]?["distanceErrorPercent"] as? Double)
    // A watch walking in a city: the raw polyline over-measures by tens of percent.
    #expect(raw > 20)
    #expect(abs(refined) < 5)
    #expect(byPipeline["TrackSift refined"]?["stoppedDistanceMetersPerMinute"] is Double)
    // The simulated ground's climb scores every pipeline's; summing the raw altitudes counts
    // their wander.
    let rawClimb = try #require(byPipeline["raw fixes"]?["elevationGainErrorPercent"] as? Double)
    let refinedClimb = try #require(
      byPipeline["TrackSift refined"]?["elevationGainErrorPercent"] as? Double)
    #expect(rawClimb > refinedClimb)

    // The same reference under other column names is no simulated truth: no climb is scored.
    let renamed = directory.appendingPathComponent("walk-reference.csv")
    let text = try String(contentsOfFile: truth, encoding: .utf8)
    try text.replacingOccurrences(of: "elevation_m\n", with: "altitude\n")
      .write(to: renamed, atomically: true, encoding: .utf8)
    let other = try CommandRunner.run([
      "eval", recording, "--truth", renamed.path, "--profile", "walking", "--json",
    ])
    #expect(other.status == 0, "\(other.standardError)")
    #expect(!other.standardOutput.contains("elevationGainErrorPercent"))
    #expect(other.standardOutput.contains("distanceErrorPercent"))
  }

  @Test func evalRefusesAReferenceThatMissesTheRecording() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("run.gpx").path
    let other = directory.appendingPathComponent("other.gpx").path
    let otherTruth = directory.appendingPathComponent("other-truth.csv").path
    _ = try CommandRunner.run(["simulate", "--duration-seconds", "120", "-o", recording])
    // The same start time, a day later.
    _ = try CommandRunner.run([
      "simulate", "--duration-seconds", "120", "-o", other, "--truth", otherTruth,
    ])
    let shifted = try String(contentsOfFile: otherTruth, encoding: .utf8)
      .replacingOccurrences(of: "2026-09-21T", with: "2026-09-22T")
    try shifted.write(toFile: otherTruth, atomically: true, encoding: .utf8)
    let eval = try CommandRunner.run(["eval", recording, "--truth", otherTruth])
    #expect(eval.status != 0)
    #expect(eval.standardError.contains("cover none of the fixes"), "\(eval.standardError)")
    let alone = try CommandRunner.run(["eval", recording])
    #expect(alone.status != 0)
    #expect(alone.standardError.contains("--truth"), "\(alone.standardError)")
  }

  @Test(arguments: [
    (["analyze", "/nonexistent/file.gpx"], "no such file"),
    (["analyze", "/tmp"], "a folder, not a file"),
    (["clean", "/nonexistent/file.gpx", "-o", "/tmp/x.gpx"], "no such file"),
    (["analyze", "--profile", "swimming", "x.gpx"], "swimming"),
    (["clean", "x.gpx", "-o", "y.gpx", "--tolerance-meters", "-1"], "tolerance"),
  ])
  func badArgumentsGiveAClearMessageAndAFailingStatus(arguments: [String], message: String)
    throws
  {
    let result = try CommandRunner.run(arguments)
    #expect(result.status != 0)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!result.standardError.contains("Fatal error"))
  }

  @Test func brokenFilesAreRefusedWithTheirLocation() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(name: String, content: String, message: String)] = [
      ("empty.gpx", "", "empty"),
      (
        "truncated.gpx",
        "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n<trk><trkseg><trkpt lat=\"1\" lo", "line 3"
      ),
      ("notgpx.gpx", "<html><body>hello</body></html>", "gpx"),
      ("nopoints.gpx", "<gpx version=\"1.1\" creator=\"x\"></gpx>", "no track or route points"),
      ("header.csv", "time,lat,lon\n", "the CSV file holds no row after its header"),
    ]
    for testCase in cases {
      let path = directory.appendingPathComponent(testCase.name).path
      try testCase.content.write(toFile: path, atomically: true, encoding: .utf8)
      let result = try CommandRunner.run(["analyze", path])
      #expect(result.status != 0, "\(testCase.name)")
      #expect(
        result.standardError.contains(testCase.message), "\(testCase.name): \(result.standardError)"
      )
      #expect(!result.standardError.contains("Fatal error"))
    }
  }

  /// A planned route (a GPX `rte`) is read when the file's tracks hold no point, even an
  /// empty track beside it, and the note says it is a route.
  @Test func aGPXRouteIsReadWhenItsTracksHoldNoPoint() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("plan.gpx").path
    try """
    <?xml version="1.0"?>
    <gpx version="1.1" creator="t"><trk><name>empty</name><trkseg></trkseg></trk>
    <rte><name>Plan</name><rtept lat="46.0" lon="6.6"/><rtept lat="46.001" lon="6.6"/>
    <rtept lat="46.002" lon="6.601"/></rte></gpx>
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let object = try CommandRunner.jsonObject(["analyze", path, "--json"])
    #expect(object["fixCount"] as? Int == 3)
    #expect(object["readerNote"] as? String == "no track: the route (a planned route) read")
  }

  /// A GPX or TCX file cut short (an app killed while it wrote, a copy interrupted) gives the
  /// fixes before the cut, and says so; every command reads it.
  @Test(arguments: ["gpx", "tcx"])
  func aFileCutShortGivesWhatCameBefore(format: String) throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let whole = directory.appendingPathComponent("whole.gpx").path
    let simulate = try CommandRunner.run([
      "simulate", "--seed", "2", "--duration-seconds", "600", "-o", whole,
    ])
    #expect(simulate.status == 0, "\(simulate.standardError)")
    let converted = directory.appendingPathComponent("run." + format).path
    #expect(try CommandRunner.run(["convert", whole, "-o", converted]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: converted))
    let cut = directory.appendingPathComponent("cut." + format).path
    try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: cut))

    let full = try CommandRunner.jsonObject(["analyze", converted, "--json"])
    #expect(full["readerNote"] == nil)
    let object = try CommandRunner.jsonObject(["analyze", cut, "--json"])
    let fixes = try #require(object["fixCount"] as? Int)
    let allFixes = try #require(full["fixCount"] as? Int)
    #expect(fixes > allFixes / 2 && fixes < allFixes, "\(fixes) of \(allFixes)")
    let note = try #require(object["readerNote"] as? String)
    #expect(note.hasPrefix("the file is damaged (line "), "\(note)")
    #expect(note.hasSuffix("): the \(fixes) fixes before it read"), "\(note)")
    let text = try CommandRunner.run(["analyze", cut])
    #expect(text.standardOutput.contains("Read: the file is damaged"))
    let clean = try CommandRunner.run([
      "clean", cut, "-o", directory.appendingPathComponent("clean.gpx").path,
    ])
    #expect(clean.status == 0, "\(clean.standardError)")
    #expect(clean.standardError.contains("Read: the file is damaged"))
    // Strictly read, the damage refuses the file, naming its line.
    let strict = try CommandRunner.run(["analyze", cut, "--strict"])
    #expect(strict.status != 0)
    #expect(strict.standardError.contains("line "), "\(strict.standardError)")
    #expect(try CommandRunner.run(["analyze", converted, "--strict"]).status == 0)
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func aDamagedFITFileGivesTheRecordsBeforeTheDamage() throws {
    // A Sigma watch's file whose last message runs past its data: strict reading refuses it
    // whole, and a FIT file's CRC cannot say where the damage lies.
    let data = try #require(CommandRunner.sharedData)
    let path = data.appendingPathComponent("corpus/fit/edge-cases/nick.fit").path
    let object = try CommandRunner.jsonObject(["analyze", path, "--json"])
    #expect(object["fixCount"] as? Int == 14_391)
    #expect(
      object["readerNote"] as? String
        == "the file is damaged (byte 403437: a message of 27 bytes runs past the end of the data"
        + " at byte 403454): the 14,391 fixes before it read")
    let strict = try CommandRunner.run(["analyze", path, "--strict"])
    #expect(strict.status != 0)
    #expect(strict.standardError.contains("byte 403454: file CRC is 0x0040"))
    // A log's bad line too: et-332.log skips 35 lines when read around them.
    let log = data.appendingPathComponent("corpus/nmea-gpsd/et-332.log").path
    #expect(try CommandRunner.run(["analyze", log]).status == 0)
    let strictLog = try CommandRunner.run(["analyze", log, "--strict"])
    #expect(strictLog.standardError.contains("line 41: not an NMEA sentence"))
    // Two chained files, the second's header corrupt: the first is read.
    let chained = data.appendingPathComponent(
      "corpus/fit/edge-cases/activity-settings-corruptheader.fit"
    ).path
    let first = try CommandRunner.run(["analyze", chained])
    #expect(first.status == 0, "\(first.standardError)")
    #expect(
      first.standardOutput.contains("Read: the file is damaged (byte 771: not a FIT file header"))
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func fileWithoutTimesHasDistanceButNoPace() throws {
    let data = try #require(CommandRunner.sharedData)
    let path = data.appendingPathComponent("corpus/gpx/cerknicko-without-times.gpx").path
    let object = try CommandRunner.jsonObject(["analyze", path, "--json", "--profile", "walking"])
    let live = try #require(object["live"] as? [String: Any])
    #expect((live["distanceMeters"] as? Double ?? 0) > 1_000)
    #expect(live["averagePaceSecondsPerKilometer"] == nil)
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func nmeaLogsAreAnalysedCommentsAndAll() throws {
    let data = try #require(CommandRunner.sharedData)
    let drive = data.appendingPathComponent(Self.f9kDrive).path
    let object = try CommandRunner.jsonObject(["analyze", drive, "--profile", "driving", "--json"])
    #expect(object["fixCount"] as? Int == 1_653)
    // A gpsd log opens with # comments; one without any fix says so.
    let gpsd = data.appendingPathComponent("corpus/nmea-gpsd/ac12.log").path
    #expect(try CommandRunner.run(["analyze", gpsd]).status == 0)
    let noFix = data.appendingPathComponent("corpus/nmea-gpsd/skytraq.log").path
    let refused = try CommandRunner.run(["analyze", noFix])
    #expect(refused.status != 0)
    #expect(
      refused.standardError.contains(
        "holds no fix (158 sentences, 17 epochs marked void by the receiver, 0 lines skipped)"),
      "\(refused.standardError)")
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func liveFiguresOfADriveKeepTheMetersAtItsStopsEdges() throws {
    // The F9K drive stops a dozen times. Live, two stops were dated from 30 m before the car
    // stood (its path curled within the dwell radius) and each departure up to 20 m into the
    // drive: the live distance was 1.3 % short of the refined one. The Doppler now places
    // those edges.
    let data = try #require(CommandRunner.sharedData)
    let drive = data.appendingPathComponent(Self.f9kDrive).path
    let object = try CommandRunner.jsonObject(["analyze", drive, "--profile", "driving", "--json"])
    let live = try #require(object["live"] as? [String: Any])
    let refined = try #require(object["refined"] as? [String: Any])
    let liveMeters = try #require(live["distanceMeters"] as? Double)
    let refinedMeters = try #require(refined["distanceMeters"] as? Double)
    #expect(liveMeters > 0.99 * refinedMeters, "live \(liveMeters) m, refined \(refinedMeters) m")
    let liveMoving = try #require(live["movingTimeSeconds"] as? Double)
    let timer = try #require(live["timerTimeSeconds"] as? Double)
    #expect(liveMoving < 0.7 * timer, "the stops are still found")
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func liveFiguresOfAHikeCountItsSlowClimbs() throws {
    // A watch's FIT records carry its speed but no course. Live, every slow climb (0.5-1 m/s,
    // positions within the dwell radius for 25 s) was a stop: the live moving time was 5 %
    // short of the refined one, which already took such speeds as moving.
    let data = try #require(CommandRunner.sharedData)
    let hike = data.appendingPathComponent(
      "paired/pair-same-wrist_2024-08-27_Abbotsbury/2024-08-27 Abbotsbury Hike - Mike Garmin.fit"
    ).path
    let object = try CommandRunner.jsonObject(["analyze", hike, "--profile", "walking", "--json"])
    let live = try #require(object["live"] as? [String: Any])
    let refined = try #require(object["refined"] as? [String: Any])
    let liveMoving = try #require(live["movingTimeSeconds"] as? Double)
    let refinedMoving = try #require(refined["movingTimeSeconds"] as? Double)
    #expect(
      abs(liveMoving / refinedMoving - 1) < 0.01, "live \(liveMoving) s, refined \(refinedMoving) s"
    )
    let timer = try #require(live["timerTimeSeconds"] as? Double)
    #expect(liveMoving < 0.8 * timer, "the stops are still found")
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func anAltitudeGlitchAtAWatchsStartIsNoClimb() throws {
    // A fenix 2 starts at 55.0 m, reads 142.4 m three times from two seconds later, then
    // 56.0 m: its rise passed the spike rule and its return did not, so 87 m were climb (168.8 m
    // refined against 78.8 m of loss and 64 m by its session).
    let data = try #require(CommandRunner.sharedData)
    let run = data.appendingPathComponent("corpus/fit/activities/activity-small-fenix2-run.fit")
    let object = try CommandRunner.jsonObject(["analyze", run.path, "--json"])
    for figures in ["live", "refined"] {
      let metrics = try #require(object[figures] as? [String: Any])
      let gain = try #require(metrics["elevationGainMeters"] as? Double)
      let loss = try #require(metrics["elevationLossMeters"] as? Double)
      let highest = try #require(metrics["maximumAltitudeMeters"] as? Double)
      #expect(gain > 60 && gain < 95, "\(figures): \(gain) m up")
      #expect(abs(gain - loss) < 10, "\(figures): \(gain) m up, \(loss) m down")
      #expect(highest < 90, "\(figures): highest \(highest) m")
    }
  }
}
