import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// The GPX corpus (tkrajina/gpxpy test files), read in place from `../shared/data/corpus/gpx`.
private let gpxCorpus = sharedDataDirectory?.appendingPathComponent("corpus/gpx")

/// Corpus files known to be broken, with the error they must be refused with. The corpus has
/// none today: every one of its 28 files is valid GPX.
private let knownBrokenGPX: [String: String] = [:]

/// Points and timed points of corpus files, from the corpus's SOURCE.txt inventory (gpxpy).
private let expectedTrackPoints: [String: (points: Int, timed: Int)] = [
  "Mojstrovka.gpx": (184, 184),
  "around-visnjan-with-car.gpx": (104, 104),
  "cerknicko-jezero-no-creator.gpx": (296, 296),
  "cerknicko-jezero-with-elevations-zero.gpx": (296, 296),
  "cerknicko-jezero-without-elevations.gpx": (296, 295),
  "cerknicko-jezero.gpx": (296, 296),
  "cerknicko-without-times.gpx": (296, 5),
  "first_and_last_elevation.gpx": (10, 10),
  "korita-zbevnica.gpx": (871, 513),
  "track-with-empty-segment.gpx": (9, 9),
  "track-with-extremes.gpx": (25, 0),
  "track-with-less-sec-time.gpx": (2, 2),
  "track-with-small-floats.gpx": (3, 0),
  "track_with_dilution_errors.gpx": (1, 0),
  "track_with_speed.gpx": (3, 3),
]

/// Reads a corpus file, recording an issue that names the path when it is missing or refused.
private func corpusDocument(_ name: String) -> GPXDocument? {
  guard let url = gpxCorpus?.appendingPathComponent(name) else { return nil }
  guard FileManager.default.fileExists(atPath: url.path) else {
    Issue.record("missing corpus file \(url.path)")
    return nil
  }
  do {
    return try GPXReader.read(contentsOf: url)
  } catch {
    Issue.record("\(name): \(error)")
    return nil
  }
}

@Suite(.enabled(if: sharedDataPresent, "../shared is absent: corpus tests skipped"))
struct FormatsCorpusTests {
  @Test func everyGPXFileReadsOrIsRefusedAsKnownBroken() throws {
    let directory = try #require(gpxCorpus)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".gpx") }.sorted()
    #expect(names.count == 28, "the corpus should hold 28 GPX files, found \(names.count)")
    for name in names {
      let url = directory.appendingPathComponent(name)
      do {
        let document = try GPXReader.read(contentsOf: url)
        #expect(knownBrokenGPX[name] == nil, "\(name) is listed as broken but reads")
        if let expected = expectedTrackPoints[name] {
          let fixes = document.tracks.flatMap(\.allFixes)
          #expect(fixes.count == expected.points, "\(name)")
          #expect(fixes.filter { $0.timestamp != nil }.count == expected.timed, "\(name)")
        }
      } catch {
        #expect(knownBrokenGPX[name] == error.description, "\(name) refused: \(error)")
      }
    }
  }

  @Test func gpx10WithAllFields() throws {
    let document = try #require(corpusDocument("gpx1.0_with_all_fields.gpx"))
    #expect(document.version == "1.0")
    #expect(document.name == "example name")
    #expect(document.waypoints.count == 2)
    #expect(document.waypoints[0].name == "example name")
    #expect(document.waypoints[0].fix.altitudeMeters == 75.1)
    #expect(document.waypoints[0].fix.receiver.fixType == .twoDimensional)
    #expect(document.waypoints[0].fix.receiver.satellitesUsed == 5)
    #expect(document.routes.map(\.name) == ["example name", "second route"])
    #expect(document.routes[0].points.count == 3)
    #expect(document.tracks.count == 2)
    #expect(document.tracks[0].name == "example name t")
    #expect(document.tracks[0].segments.map(\.fixes.count) == [1, 0])
    let fix = try #require(document.tracks[0].segments[0].fixes.first)
    #expect(fix.latitudeDegrees == 10.1)
    #expect(fix.longitudeDegrees == -20.2)
    #expect(fix.altitudeMeters == 11.1)
    #expect(fix.timeSeconds == referenceSeconds(2013, 1, 1, 12, 0, 4))
    #expect(fix.receiver.fixType == .threeDimensional)
    #expect(fix.receiver.satellitesUsed == 100)
    #expect(fix.receiver.horizontalDilution == 101)
    #expect(fix.receiver.verticalDilution == 102)
    #expect(fix.receiver.positionDilution == 103)
  }

  @Test func gpx11WithAllFields() throws {
    let document = try #require(corpusDocument("gpx1.1_with_all_fields.gpx"))
    #expect(document.version == "1.1")
    #expect(document.name == "example name")
    #expect(document.tracks.first?.segments.first?.fixes.first?.latitudeDegrees == 10.1)
  }

  @Test func extensionsSpeedTimesAndUnicode() throws {
    let garmin = try #require(corpusDocument("gpx_with_garmin_extension.gpx"))
    #expect(garmin.waypoints.first?.fix.sensors.heartRateBeatsPerMinute == 171)
    let speed = try #require(corpusDocument("track_with_speed.gpx"))
    #expect(speed.tracks.first?.allFixes.map(\.speedMetersPerSecond) == [1.2, 2.2, 3.2])
    let offset = try #require(corpusDocument("track-with-less-sec-time.gpx"))
    #expect(
      offset.tracks.first?.allFixes.map(\.timeSeconds)
        == [
          referenceSeconds(2015, 12, 11, 14, 43, 13),
          referenceSeconds(2015, 12, 11, 14, 43, 13.994),
        ])
    let bom = try #require(corpusDocument("unicode_with_bom.gpx"))
    #expect(bom.waypoints.first?.name == "test")
    let cdata = try #require(corpusDocument("unicode2.gpx"))
    #expect(cdata.creator == "OSMTracker for Android™ - http://osmtracker-android.googlecode.com/")
  }

  @Test(arguments: [
    ("forerunner-82911648.csv", 582, 52.13182940147817, true),
    ("polar2021-10-24_18-46-22.csv", 588, 52.13188183, false),
  ])
  func loopCSVs(name: String, count: Int, firstLatitude: Double, hasHeartRate: Bool) throws {
    let url = try #require(sharedDataDirectory).appendingPathComponent("truth/loop-1710m/\(name)")
    let track = try FixCSVReader.read(contentsOf: url)
    #expect(track.segments.count == 1)
    #expect(track.fixCount == count)
    let fixes = track.allFixes
    #expect(fixes.first?.latitudeDegrees == firstLatitude)
    #expect(fixes.allSatisfy { $0.timestamp != nil })
    #expect(fixes.allSatisfy { abs($0.latitudeDegrees - 52.132) < 0.01 })
    // One fix a second for about ten minutes round a 1710 m loop.
    let seconds = (fixes.last?.timeSeconds ?? 0) - (fixes.first?.timeSeconds ?? 0)
    #expect(seconds > 500 && seconds < 700)
    #expect((fixes.first?.sensors.heartRateBeatsPerMinute != nil) == hasHeartRate)
  }
}
