import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

/// End-to-end hardening of the commands: no crash on extreme numbers, no output onto an
/// input, `--version`, `--units`, the profile from the file's sport, files without positions.
@Suite struct HardeningCommandTests {
  /// A GPX track of `count` fixes a second apart heading north, with `altitude(i)` as `<ele>`.
  static func gpx(count: Int = 60, altitude: (Int) -> String = { _ in "10" }) -> String {
    var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>"
    for i in 0..<count {
      text +=
        "<trkpt lat=\"\(46.5 + Double(i) * 0.00003)\" lon=\"6.6\"><ele>\(altitude(i))</ele>"
        + "<time>2024-05-01T07:\(twoDigits(i / 60)):\(twoDigits(i % 60))Z</time>"
        + "</trkpt>"
    }
    return text + "</trkseg></trk></gpx>"
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// A CSV track of 60 rows, with `column(i)` for the values of `time,lat,lon,ele,speed`.
  static func csv(_ row: (Int) -> String) -> String {
    (["time,lat,lon,ele,speed"] + (0..<60).map(row)).joined(separator: "\n") + "\n"
  }

  /// Writes `text` to `name` in a fresh folder and returns its path and the folder.
  static func file(_ name: String, _ text: String) throws -> (path: String, folder: URL) {
    let folder = try CommandRunner.temporaryDirectory()
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return (url.path, folder)
  }

  /// Whether `text` shows a number as `inf` or `nan` (a word of its own).
  static func showsNonFinite(_ text: String) -> Bool {
    text.split(whereSeparator: { !$0.isLetter }).contains {
      ["inf", "nan", "infinity"].contains($0.lowercased())
    }
  }

  static let extremeFiles: [(String, String)] = [
    ("altitude-1e20.gpx", gpx(altitude: { $0 == 30 ? "1e20" : "10" })),
    ("altitude-minus-1e20.gpx", gpx(altitude: { $0 == 30 ? "-1e20" : "10" })),
    ("altitude-1e308.gpx", gpx(altitude: { $0 == 30 ? "1e308" : "10" })),
    (
      "time-1e19.csv",
      csv {
        "\($0 == 59 ? "1e19" : String(1_700_000_000 + $0)),\(46.5 + Double($0) * 3e-5),6.6,10,3"
      }
    ),
    (
      "speed-1e308.csv",
      csv {
        "\(1_700_000_000 + $0),\(46.5 + Double($0) * 3e-5),6.6,\($0 == 3 ? "-1e20" : "10"),"
          + ($0 == 5 ? "1e308" : "3")
      }
    ),
  ]

  @Test(arguments: extremeFiles.map(\.0))
  func extremeNumbersNeitherCrashNorShowInfinity(name: String) throws {
    let text = try #require(Self.extremeFiles.first { $0.0 == name }?.1)
    let (path, folder) = try Self.file(name, text)
    defer { try? FileManager.default.removeItem(at: folder) }
    for arguments in [
      ["analyze", path], ["analyze", path, "--json"], ["analyze", path, "--units", "imperial"],
      ["analyze", path, "--profile", "cycling"], ["replay", path], ["replay", path, "--json"],
    ] {
      let result = try CommandRunner.run(arguments)
      // A crash is a signal (exit 132 or 134 from a trap); a refusal is exit 1 with a message.
      #expect(
        result.status == 0 || result.status == 1, "\(arguments): \(result.standardError)")
      #expect(!result.standardError.contains("Fatal error"), "\(arguments)")
      #expect(!Self.showsNonFinite(result.standardOutput), "\(arguments): \(result.standardOutput)")
    }
  }

  /// 200 fixes leaping between two sides of the globe: raw splits are capped, where they made
  /// millions (7.5 GB resident and 1.6 GB of JSON for this 13 KB file).
  @Test func fixesLeapingAcrossTheGlobeMakeBoundedSplits() throws {
    var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk><trkseg>"
    for i in 0..<200 {
      text +=
        "<trkpt lat=\"1\" lon=\"\(i % 2 == 0 ? 0.5 : 179.5)\"><time>2024-05-01T07:"
        + "\(Self.twoDigits(i / 60)):\(Self.twoDigits(i % 60))Z</time></trkpt>"
    }
    let (path, folder) = try Self.file("leap.gpx", text + "</trkseg></trk></gpx>")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(["analyze", path, "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let raw = try #require(object["raw"] as? [String: Any])
    let splits = try #require(raw["kilometerSplits"] as? [[String: Any]])
    #expect(splits.count <= SplitTracker.maximumSplitCount + 1)
    #expect(result.standardOutput.utf8.count < 10_000_000)
  }

  /// A ZDA sentence with an 18-digit year (found by fuzzing) crashed the NMEA reader.
  @Test func anNMEADateWithAHugeYearIsNoCrash() throws {
    let (path, folder) = try Self.file(
      "zda.nmea",
      "$GPZDA,103000,09,03,201924494025222449,00,00*49\r\n"
        + "$GPGGA,103000.000,5013.476,N,01710.477,E,1,09,0.8,468.770,M,0.0,M,,*64\r\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(["analyze", path])
    #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
    #expect(!result.standardError.contains("crashed"))
  }

  @Test func cleanAndConvertRefuseToWriteOntoTheirInput() throws {
    let (path, folder) = try Self.file("run.gpx", Self.gpx(count: 120))
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let link = folder.appendingPathComponent("link.gpx").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    let hard = folder.appendingPathComponent("hard.gpx").path
    try FileManager.default.linkItem(atPath: path, toPath: hard)
    let relative = folder.appendingPathComponent("../\(folder.lastPathComponent)/run.gpx").path
    for output in [path, link, hard, relative] {
      for arguments in [
        ["clean", path, "-o", output], ["clean", link, "-o", output],
        ["convert", path, "-o", output], ["convert", hard, "-o", output, "--format", "csv"],
        ["replay", path, "--store", output],
      ] {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 1, "\(arguments)")
        #expect(
          result.standardError.contains("is the input") && result.standardError.contains(output),
          "\(arguments): \(result.standardError)")
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    // Only the three names of the input are there: no temporary file is left behind.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "hard.gpx", "link.gpx", "run.gpx",
      ])
  }

  @Test func simulateRefusesToWriteOntoItsRouteFile() throws {
    let (path, folder) = try Self.file("route.gpx", Self.gpx(count: 30))
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let truth = folder.appendingPathComponent("truth.csv").path
    for arguments in [
      ["simulate", "--route-file", path, "-o", path, "--duration-seconds", "60"],
      ["simulate", "--route-file", path, "-o", truth + ".gpx", "--truth", path],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardError.contains("is the input"), "\(result.standardError)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aWriteThatFailsSaysWhatAndWhereInOneLine() throws {
    let (path, folder) = try Self.file("run.gpx", Self.gpx())
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("no/such/folder/out.gpx").path
    let result = try CommandRunner.run(["clean", path, "-o", missing])
    #expect(result.status == 1)
    #expect(
      result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        == "Error: \(missing): cannot write: no folder "
        + folder.appendingPathComponent("no/such/folder").path)
    let onFolder = try CommandRunner.run(["convert", path, "-o", folder.path, "--format", "gpx"])
    #expect(onFolder.status == 1)
    #expect(onFolder.standardError.contains("\(folder.path): a folder, not a file"))
  }

  @Test func anOutputIsReplacedWholeAndKeepsItsLink() throws {
    let (path, folder) = try Self.file("run.gpx", Self.gpx(count: 120))
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("out.csv")
    try Data("old".utf8).write(to: target)
    let link = folder.appendingPathComponent("latest.csv").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
    let result = try CommandRunner.run(["convert", path, "-o", link])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
    let written = try String(contentsOf: target, encoding: .utf8)
    #expect(written.hasPrefix("time,lat,lon"))
    #expect(written.split(separator: "\n").count == 121)
  }

  @Test func versionIsTheEngineVersion() throws {
    let result = try CommandRunner.run(["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "tracksift \(TrackSiftVersion.string)\n")
  }

  @Test func unitsSetEveryDistanceSpeedAndPace() throws {
    let (path, folder) = try Self.file("run.gpx", Self.gpx(count: 600))
    defer { try? FileManager.default.removeItem(at: folder) }
    let imperial = try CommandRunner.run(["analyze", path, "--units", "imperial"])
    #expect(imperial.status == 0, "\(imperial.standardError)")
    for expected in [" mi ", " /mi", " mph", "pace /mi"] {
      #expect(imperial.standardOutput.contains(expected), "missing \(expected)")
    }
    for unexpected in [" km", "km/h", "/km"] {
      #expect(!imperial.standardOutput.contains(unexpected), "shows \(unexpected)")
    }
    // Mile splits alone mean imperial figures, not "1.61 km" and km/h.
    let miles = try CommandRunner.run(["analyze", path, "--splits", "mi"])
    #expect(miles.standardOutput == imperial.standardOutput)
    let metric = try CommandRunner.run(["analyze", path])
    #expect(metric.standardOutput.contains("1.00 km"))
    #expect(!metric.standardOutput.contains(" mi"))
    let replay = try CommandRunner.run(["replay", path, "--units", "imperial"])
    #expect(replay.standardOutput.contains("average pace "))
    #expect(replay.standardOutput.contains(" /mi, maximum "))
    #expect(replay.standardOutput.contains(" mph"))
  }

  @Test func cyclingShowsSpeedAndRunningShowsPace() throws {
    let (path, folder) = try Self.file("run.gpx", Self.gpx(count: 600))
    defer { try? FileManager.default.removeItem(at: folder) }
    let cycling = try CommandRunner.run(["analyze", path, "--profile", "cycling"])
    #expect(cycling.standardOutput.contains("Average speed"))
    #expect(!cycling.standardOutput.contains("Average pace"))
    #expect(cycling.standardOutput.contains("profile: cycling (--profile)"))
    let running = try CommandRunner.run(["analyze", path])
    #expect(running.standardOutput.contains("Average pace"))
    #expect(!running.standardOutput.contains("Average speed"))
    #expect(
      running.standardOutput.contains("profile: running (the default; the file names no sport)"))
  }

  @Test func splitsGiveTheMovingTimeBesideTheTimerTime() throws {
    // 1.2 km at 3.3 m/s with a 120 s stop after 500 m: the first kilometer's timer time holds
    // the stop, its moving time and pace do not.
    var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk><trkseg>"
    var latitude = 46.5
    let start = Date(timeIntervalSince1970: 1_714_546_800)
    var seconds = 0
    func point() {
      let time = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(seconds)))
      text += "<trkpt lat=\"\(latitude)\" lon=\"6.6\"><time>\(time)</time></trkpt>"
    }
    for step in 0..<400 {
      point()
      seconds += 1
      if step == 150 {
        for _ in 0..<120 {
          point()
          seconds += 1
        }
      }
      latitude += 3.3 / 111_195
    }
    text += "</trkseg></trk></gpx>"
    let (path, folder) = try Self.file("stop.gpx", text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let object = try CommandRunner.jsonObject(["analyze", path, "--json"])
    let refined = try #require(object["refined"] as? [String: Any])
    let splits = try #require(refined["kilometerSplits"] as? [[String: Any]])
    let first = try #require(splits.first)
    let timer = try #require(first["durationSeconds"] as? Double)
    let moving = try #require(first["movingSeconds"] as? Double)
    #expect(timer > 380)  // about 303 s running and 120 s standing
    #expect(moving < timer - 60)
    #expect(abs(moving - 1_000 / 3.3) < 30)
  }

  @Test func theProfileComesFromTheFilesSport() throws {
    let cycling = try sharedFile("corpus/fit/activities/coros-pace-2-cycling-misaligned-fields.fit")
      .path
    let result = try CommandRunner.run(["analyze", cycling])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("profile: cycling (the file's sport)"))
    #expect(result.standardOutput.contains("Average speed"))
    let json = try CommandRunner.run(["analyze", cycling, "--json"])
    #expect(json.standardOutput.contains("\"profile\" : \"cycling\""))
    let overridden = try CommandRunner.run(["analyze", cycling, "--profile", "running"])
    #expect(overridden.standardOutput.contains("profile: running (--profile)"))
    let tcx = try sharedFile("devices/10k-race-fr15/10kUNLP2014-Garmin15.tcx").path
    let running = try CommandRunner.run(["replay", tcx])
    #expect(running.standardOutput.contains("profile: running (the file's sport)"))
  }

  @Test func aTCXFileShowsTheDevicePaceAsTheFITFileDoes() throws {
    for name in ["10kUNLP2014-Garmin15.tcx", "10kUNLP2014-Garmin15.fit"] {
      let path = try sharedFile("devices/10k-race-fr15/" + name).path
      let result = try CommandRunner.run(["analyze", path])
      let pace = try #require(
        result.standardOutput.split(separator: "\n").first { $0.hasPrefix("Average pace") })
      #expect(pace.hasSuffix("3:42 /km"), "\(name): \(pace)")
    }
  }

  @Test func aFileWithoutPositionsGivesTheDevicesTotals() throws {
    let path = try sharedFile("corpus/fit/edge-cases/sample-activity-indoor-trainer.fit").path
    let result = try CommandRunner.run(["analyze", path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains(": no positions; profile: cycling (the file's sport)"))
    #expect(result.standardOutput.contains("no position (2,263 records without one"))
    #expect(result.standardOutput.contains("Elapsed time        37:42"))
    // The commands that need positions still refuse it.
    let clean = try CommandRunner.run(["replay", path])
    #expect(clean.status == 1)
    #expect(clean.standardError.contains("holds no position"))
  }

  @Test func aNegativeNumberIsRefusedAsNotPositive() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run([
      "simulate", "-o", folder.appendingPathComponent("x.gpx").path, "--duration-seconds", "-5",
    ])
    #expect(result.status != 0)
    #expect(result.standardError.contains("--duration-seconds must be positive"))
    #expect(!result.standardError.contains("Missing value"))
    let eval = try CommandRunner.run(["eval", "--duration-seconds", "-5"])
    #expect(eval.standardError.contains("--duration-seconds must be between 60 and 86,400"))
  }

  @Test func countsHaveTheirSingularAndGroupedDigits() throws {
    let (path, folder) = try Self.file("one.gpx", Self.gpx(count: 1))
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(["analyze", path])
    #expect(result.standardOutput.contains(": 1 fix in 1 segment;"), "\(result.standardOutput)")
    let out = folder.appendingPathComponent("out.csv").path
    let convert = try CommandRunner.run(["convert", path, "-o", out])
    #expect(convert.standardOutput.contains("1 fix in 1 segment written as csv"))
    #expect(convert.standardOutput.contains("1 fix read"))
  }

  @Test func evalSaysWhenTheRealRecordingsAreSkipped() throws {
    let result = try CommandRunner.run([
      "eval", "--suite", "quick", "--duration-seconds", "60", "--seeds", "1", "--data",
      "/nonexistent-shared-data",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "Note: the real recordings skipped: no folder /nonexistent-shared-data"))
    #expect(result.standardError.contains("eval: the real recordings skipped"))
  }

  @Test func benchLeavesNothingInTheTemporaryFolder() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run(
      ["bench", "batch", "--points", "2000", "--repeat", "1"],
      environment: ["TMPDIR": folder.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// One altitude sample of -5 m in a flat 100 m track (105 m in a second, faster than any body
  /// falls): no climb, and the output says why.
  @Test func anAltitudeSpikeIsLeftOutOfTheClimbInWords() throws {
    let (path, _) = try Self.file("spike.gpx", Self.gpx(altitude: { $0 == 30 ? "-5" : "100" }))
    let result = try CommandRunner.run(["analyze", path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "Climb: 1 altitude jump faster than a body climbs left out"))
    let gain = result.standardOutput.split(separator: "\n").first {
      $0.hasPrefix("Elevation gain")
    }
    #expect(gain?.split(separator: " ").filter { $0 == "0" }.count == 3, "\(gain ?? "")")
  }

  /// A CSV whose times are epoch milliseconds lasts what it lasts, and the `Read:` line says so.
  @Test func epochMillisecondsAreReadAsSuchInWords() throws {
    let (path, _) = try Self.file(
      "ms.csv",
      Self.csv { "\(1_700_000_000_000 + $0 * 1_000),\(46.5 + Double($0) * 3e-5),6.6,10,3" })
    let result = try CommandRunner.run(["analyze", path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Read: times are epoch milliseconds"))
    #expect(result.standardOutput.contains("Elapsed time          0:59"))
  }
}
