import Foundation
import Testing
import TrackSift
import TrackSiftFormats

@testable import tracksift

/// Every input format through the commands: the same activity exported by its device as FIT,
/// GPX and TCX gives the same fixes and the same distance; `convert` writes what reads back;
/// `analyze` shows the device's own totals beside TrackSift's.
@Suite(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
struct FormatCommandTests {
  static func path(_ relative: String) throws -> String {
    try #require(CommandRunner.sharedData).appendingPathComponent(relative).path
  }

  /// `eval FOLDER/RECORDING --truth FOLDER/TRUTH --profile driving --json`: each pipeline's
  /// card by its name.
  static func evalCards(
    _ folder: String, recording: String, truth: String
  ) throws -> [String: [String: Any]] {
    let result = try CommandRunner.run([
      "eval", try path(folder + recording), "--truth", try path(folder + truth), "--profile",
      "driving", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let cards = try #require((object as? [String: Any])?["cards"] as? [[String: Any]])
    var byPipeline: [String: [String: Any]] = [:]
    for card in cards {
      if let pipeline = card["pipeline"] as? String { byPipeline[pipeline] = card }
    }
    return byPipeline
  }

  @Test(arguments: [
    ("devices/same-activity_2067489619_run/2067489619", ["fit", "gpx"], ActivityKind.running),
    ("devices/same-activity_3939576645_ride/3939576645", ["fit", "gpx"], .cycling),
    ("devices/10k-race-fr15/10kUNLP2014-Garmin15", ["fit", "tcx"], .running),
  ])
  func theSameActivityInEachFormatGivesTheSameFixesAndDistance(
    base: String, formats: [String], activity: ActivityKind
  ) throws {
    let inputs = try formats.map { try ActivityFile.read(atPath: try Self.path("\(base).\($0)")) }
    #expect(inputs.map(\.format.rawValue) == formats)
    let counts = inputs.map(\.track.fixCount)
    #expect(Set(counts).count == 1, "fixes per format: \(counts)")
    // The GPX and TCX exports drop the watch's speeds, which the FIT keeps and the refined
    // stops read: the same positions and times give the same distance, the speeds add
    // what they know (the ride's moving time 2:00:11 to 2:01:03 against the device's 2:01:04).
    let profile = ActivityProfile(activity: activity)
    let distances = inputs.map {
      TrackAnalysis(track: Self.withoutSpeeds($0.track), profile: profile)
        .refinedMetrics.distanceMeters
    }
    #expect(Self.spread(distances) <= 0.005, "distances per format: \(distances)")
    let withSpeeds = inputs.map {
      TrackAnalysis(track: $0.track, profile: profile).refinedMetrics.distanceMeters
    }
    #expect(Self.spread(withSpeeds) <= 0.01, "distances per format, speeds read: \(withSpeeds)")
  }

  static func spread(_ values: [Double]) -> Double {
    (values.max()! - values.min()!) / values.min()!
  }

  static func withoutSpeeds(_ track: Track) -> Track {
    var track = track
    for index in track.segments.indices {
      for fix in track.segments[index].fixes.indices {
        track.segments[index].fixes[fix].speedMetersPerSecond = nil
      }
    }
    return track
  }

  @Test func convertWritesEveryFormatThatReadsBack() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = try Self.path("devices/same-activity_2067489619_run/2067489619.fit")
    let original = try ActivityFile.read(atPath: source).track
    for format in ["gpx", "tcx", "fit", "csv", "geojson"] {
      let output = directory.appendingPathComponent("out.\(format)").path
      let result = try CommandRunner.run(["convert", source, "-o", output])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains("502 fixes in 2 segments written as \(format)"))
      guard format != "geojson" else {
        let object =
          try JSONSerialization.jsonObject(
            with: try Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any]
        #expect((object?["features"] as? [Any])?.count == 2)
        continue
      }
      let read = try ActivityFile.read(atPath: output).track
      #expect(read.segments.map(\.fixes.count) == original.segments.map(\.fixes.count))
      #expect(read.allFixes.map(\.timestamp) == original.allFixes.map(\.timestamp))
    }
    let refused = try CommandRunner.run([
      "convert", source, "-o", directory.appendingPathComponent("out.bin").path,
    ])
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("give --format"))
  }

  @Test func analyzeShowsTheDevicesTotalsBesideTrackSifts() throws {
    let source = try Self.path("devices/10k-race-fr15/10kUNLP2014-Garmin15.fit")
    let text = try CommandRunner.run(["analyze", source])
    #expect(text.status == 0, "\(text.standardError)")
    #expect(text.standardOutput.contains("device"))
    let json = try CommandRunner.run(["analyze", source, "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    let device = (object as? [String: Any])?["device"] as? [String: Any]
    #expect((device?["distanceMeters"] as? Double).map { abs($0 - 10_010.82) < 0.5 } == true)
  }

  /// An Android GnssLogger log reads as its chip's fixes, beside the NMEA lines of the same walk.
  @Test func analyzeReadsAnAndroidGnssLoggerLog() throws {
    let folder = "truth/android-gnsslogger-samples/android-pixel6-walk/"
    func distance(_ name: String) throws -> Double {
      let result = try CommandRunner.run([
        "analyze", try Self.path(folder + name), "--profile", "walking", "--json",
      ])
      #expect(result.status == 0, "\(result.standardError)")
      let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
      let refined = (object as? [String: Any])?["refined"] as? [String: Any]
      return try #require(refined?["distanceMeters"] as? Double)
    }
    let text = try CommandRunner.run([
      "analyze", try Self.path(folder + "pixel6_gnsslogger.txt"), "--profile", "walking",
    ])
    #expect(
      text.standardOutput.contains("Read: the GPS provider's Fix lines (FLP 95, NLP 54 left out)"))
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gpx = directory.appendingPathComponent("walk.gpx").path
    let converted = try CommandRunner.run([
      "convert", try Self.path(folder + "pixel6_gnsslogger.txt"), "-o", gpx,
    ])
    #expect(converted.standardOutput.contains("94 fixes in 1 segment written as gpx"))
    #expect(converted.standardOutput.contains("Read: the GPS provider's Fix lines"))
    let fixLines = try distance("pixel6_gnsslogger.txt")
    let nmea = try distance("pixel6.nmea")
    #expect(abs(fixLines / nmea - 1) < 0.03, "Fix lines \(fixLines) m, NMEA \(nmea) m")
  }

  /// A TCX course (a planned route a Garmin device follows) reads as the track when the file
  /// has no activity, as a GPX file's routes do; a treadmill run still says it has no position.
  @Test func aTCXCourseIsReadWhenThereIsNoActivity() throws {
    let object = try CommandRunner.jsonObject([
      "analyze", try Self.path("corpus/gpsbabel/tcx/course.tcx"), "--profile", "cycling", "--json",
    ])
    #expect(object["fixCount"] as? Int == 1_202)
    #expect(object["readerNote"] as? String == "no activity: the course (a planned route) read")
    #expect(object["device"] == nil, "a course's planned totals are not a device's")
    let treadmill = try CommandRunner.run([
      "analyze", try Self.path("devices/same-activity_6860622783_treadmill-run/6860622783.tcx"),
    ])
    // A treadmill run: no position, but the device's totals.
    #expect(treadmill.status == 0, "\(treadmill.standardError)")
    #expect(
      treadmill.standardOutput.contains(
        "Read: no position (3,101 trackpoints without one, as an indoor or treadmill activity "
          + "has): the device's totals only"))
    #expect(treadmill.standardOutput.contains("Distance          10.63 km"))
    #expect(treadmill.standardOutput.contains("Average pace      4:51 /km"))
  }

  /// GSDC 2022's measurements file reads as its least-squares fixes, scored against its survey.
  @Test func evalReadsTheGSDC2022MeasurementsFile() throws {
    let cards = try Self.evalCards(
      "truth/android-gnsslogger-samples/gsdc2022-sample/", recording: "device_gnss.csv",
      truth: "ground_truth.csv")
    let raw = try #require(cards["raw fixes"])
    let p95 = try #require(raw["horizontalErrorP95Meters"] as? Double)
    #expect(p95 < 5, "\(p95) m")
  }

  /// The GSDC least-squares drive and its SPAN reference, as a user gives them to `eval`: both
  /// count GPS time, and the fixes state an HDOP only. The targets for this recording
  /// hold through the generic readers too (p95 from 8.2 m to 5.5 m or less, distance within
  /// 1 %).
  @Test func evalScoresTheGSDCDriveAgainstItsReference() throws {
    let cards = try Self.evalCards(
      "truth/gsdc2021-mtv-2020-05-14-pixel4-wls/", recording: "goGPS_WLS.csv",
      truth: "ground_truth.csv")
    let refined = try #require(cards["TrackSift refined"])
    let raw = try #require(cards["raw fixes"])
    let distance = try #require(refined["distanceErrorPercent"] as? Double)
    let p95 = try #require(refined["horizontalErrorP95Meters"] as? Double)
    #expect(abs(distance) <= 1, "refined distance \(distance) %")
    #expect(p95 <= 5.5, "refined p95 \(p95) m")
    #expect((raw["horizontalErrorP95Meters"] as? Double).map { $0 > 8 } == true)
  }

  @Test func filesOfNoKnownFormatOrWithoutPositionsAreRefused() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("image.gpx")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: png)
    let junk = try CommandRunner.run(["analyze", png.path])
    #expect(junk.status != 0)
    #expect(
      junk.standardError.contains("not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file"))
    // A treadmill run has the device's totals for `analyze`, no route for the others.
    let treadmill = try CommandRunner.run([
      "replay", try Self.path("devices/same-activity_6860622783_treadmill-run/6860622783.fit"),
    ])
    #expect(treadmill.status != 0)
    #expect(treadmill.standardError.contains("holds no position"))
    // Files of formats TrackSift does not read say what they look like.
    let pwx = try CommandRunner.run([
      "analyze", try Self.path("devices/10k-race-fr15/10kUNLP2014-Garmin15.pwx"),
    ])
    #expect(pwx.status != 0)
    #expect(pwx.standardError.contains("(XML whose root element is <pwx>, where GPX's is <gpx>"))
    let records = try CommandRunner.run([
      "analyze", try Self.path("corpus/fit/edge-cases/compressed-speed-distance-records.csv"),
    ])
    #expect(records.status != 0)
    #expect(
      records.standardError.contains(
        "names no latitude and longitude columns: \"Timestamp, Heart Rate [bpm],Speed [m/s],"))
  }
}
