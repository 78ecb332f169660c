import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// What reading a TCX file of the shared data must give: the counts of activities, courses,
/// laps, fixes and position-less trackpoints, and the laps' distance sum (from the SOURCE.txt
/// inventories), or the error it must be refused with.
struct TCXCorpusCase: CustomTestStringConvertible, Sendable {
  var path: String
  var activities = 1
  var courses = 0
  var laps: Int
  var segments: Int
  var fixes: Int
  var positionless = 0
  var lapDistanceMeters: Double?
  var refusal: String?

  var testDescription: String { path }
}

/// Every TCX file of `corpus/gpsbabel/tcx` and `devices`. None is broken.
private let corpusCases: [TCXCorpusCase] = [
  // Forerunner 910XT ride, 2 laps of 9785.2 m.
  .init(
    path: "corpus/gpsbabel/tcx/bike.tcx", laps: 2, segments: 1, fixes: 1812,
    lapDistanceMeters: 9785.2),
  // A Training Center course (the ride of history.tcx planned as a course): one course, no
  // activity, two tracks; 3 of its 1205 points have a time but no position.
  .init(
    path: "corpus/gpsbabel/tcx/course.tcx", activities: 0, courses: 1, laps: 1, segments: 2,
    fixes: 1202, positionless: 3, lapDistanceMeters: 56818.3),
  // Forerunner 110, 14 laps; 15 points recorded without a position.
  .init(
    path: "corpus/gpsbabel/tcx/gtrnctr-lap_s.tcx", laps: 14, segments: 1, fixes: 928,
    positionless: 15, lapDistanceMeters: 10746.5),
  // A course with course points (which are not read).
  .init(
    path: "corpus/gpsbabel/tcx/gtrnctr-readcp.tcx", activities: 0, courses: 1, laps: 1,
    segments: 1, fixes: 18, lapDistanceMeters: 207.9),
  // Edge 305, one lap of 56818.3 m in two tracks; 3 points without a position.
  .init(
    path: "corpus/gpsbabel/tcx/history.tcx", laps: 1, segments: 2, fixes: 1202,
    positionless: 3, lapDistanceMeters: 56818.3),
  // Edge 500: 5 points, but the lap says 180 km (a real inconsistency, kept as given).
  .init(
    path: "corpus/gpsbabel/tcx/kona2013.tcx", laps: 1, segments: 1, fixes: 5,
    lapDistanceMeters: 180219.9),
  // Forerunner 15, 10 km race: 10 auto-laps of 1000 m and one of 10.82 m.
  .init(
    path: "devices/10k-race-fr15/10kUNLP2014-Garmin15.tcx", laps: 11, segments: 1,
    fixes: 686, lapDistanceMeters: 10010.8),
  // Forerunner 945 treadmill run: no position at all, so no track.
  .init(
    path: "devices/same-activity_6860622783_treadmill-run/6860622783.tcx", laps: 1,
    segments: 0, fixes: 0, positionless: 3101, lapDistanceMeters: 10630.4),
]

@Suite(.enabled(if: sharedDataPresent, "../shared is absent: TCX corpus tests skipped"))
struct TCXCorpusTests {
  @Test func everyTCXFileIsListed() throws {
    let root = try #require(sharedDataDirectory)
    var found: [String] = []
    for folder in ["corpus/gpsbabel/tcx", "devices"] {
      let enumerator = FileManager.default.enumerator(
        atPath: root.appendingPathComponent(folder).path)
      while let path = enumerator?.nextObject() as? String {
        if path.lowercased().hasSuffix(".tcx") { found.append("\(folder)/\(path)") }
      }
    }
    #expect(found.sorted() == corpusCases.map(\.path).sorted())
  }

  @Test(arguments: corpusCases)
  func readsOrRefuses(_ expected: TCXCorpusCase) throws {
    let url = try #require(sharedDataDirectory).appendingPathComponent(expected.path)
    let document: TCXDocument
    do {
      document = try TCXReader.read(contentsOf: url)
    } catch {
      #expect(expected.refusal == error.description)
      return
    }
    #expect(expected.refusal == nil)
    #expect(document.activities.count == expected.activities)
    #expect(document.courses.count == expected.courses)
    let all = document.activities + document.courses
    let laps = all.flatMap(\.laps)
    #expect(laps.count == expected.laps)
    #expect(all.reduce(0) { $0 + $1.track.segments.count } == expected.segments)
    #expect(all.reduce(0) { $0 + $1.track.fixCount } == expected.fixes)
    #expect(all.reduce(0) { $0 + $1.positionlessSamples.count } == expected.positionless)
    if let distance = expected.lapDistanceMeters {
      let sum = laps.compactMap(\.totals.distanceMeters).reduce(0, +)
      #expect(abs(sum - distance) < 0.05, "lap distances sum to \(sum) m")
    }
    for activity in all {
      #expect(activity.distancesMeters.map(\.count) == activity.track.segments.map(\.fixes.count))
      for fix in activity.track.allFixes {
        #expect(fix.latitudeDegrees.isFinite && fix.longitudeDegrees.isFinite)
      }
    }
  }

  @Test func tenKilometerRaceLapTotalsAreReadExactly() throws {
    let url = try #require(sharedDataDirectory)
      .appendingPathComponent("devices/10k-race-fr15/10kUNLP2014-Garmin15.tcx")
    let document = try TCXReader.read(contentsOf: url)
    let activity = try #require(document.activities.first)
    #expect(activity.sport == "Running")
    #expect(activity.name == "2014-10-11T18:08:45.000Z")
    let first = activity.laps[0].totals
    #expect(first.startTime == isoDate("2014-10-11T18:08:45Z"))
    #expect(first.sport == "Running")
    #expect(first.timerTimeSeconds == 212.152)
    #expect(first.distanceMeters == 1000.0)
    #expect(first.maximumSpeedMetersPerSecond == 5.5879998207092285)
    #expect(first.kilocalories == 68)
    #expect(
      activity.laps.map(\.totals.distanceMeters) == Array(repeating: 1000, count: 10) + [10.82])
    // A Track per lap, one segment: the laps follow one another without a pause.
    #expect(activity.laps.map(\.segmentIndices) == Array(repeating: 0..<1, count: 11))
    let totals = activity.totals
    #expect(totals.startTime == first.startTime)
    #expect(totals.sport == "Running")
    #expect(abs(try #require(totals.distanceMeters) - 10010.82) < 1e-9)
    #expect(totals.elapsedTimeSeconds == nil)
    let timer = activity.laps.compactMap(\.totals.timerTimeSeconds).reduce(0, +)
    #expect(totals.timerTimeSeconds == timer)
    #expect(timer > 2200 && timer < 2240)
    // The first trackpoint, as the file gives it.
    let fix = activity.track.segments[0].fixes[0]
    #expect(fix.latitudeDegrees == -34.90647330880165)
    #expect(fix.longitudeDegrees == -57.940703043714166)
    #expect(fix.speedMetersPerSecond == 0.2460000067949295)
    #expect(activity.distancesMeters[0][0] == 0.11999999731779099)
  }

  @Test func streamingGivesTheSameTrackpoints() throws {
    let root = try #require(sharedDataDirectory)
    for path in [
      "devices/10k-race-fr15/10kUNLP2014-Garmin15.tcx", "corpus/gpsbabel/tcx/course.tcx",
    ] {
      let url = root.appendingPathComponent(path)
      let whole = try TCXReader.read(contentsOf: url)
      var streamed: [TCXTrackpoint] = []
      let rest = try TCXReader.forEachTrackpoint(contentsOf: url) { streamed.append($0) }
      var expected: [TCXTrackpoint] = []
      for (activityIndex, activity) in whole.activities.enumerated() {
        for (segmentIndex, segment) in activity.track.segments.enumerated() {
          for (fix, distance) in zip(segment.fixes, activity.distancesMeters[segmentIndex]) {
            expected.append(
              TCXTrackpoint(
                fix: fix, distanceMeters: distance, activityIndex: activityIndex,
                segmentIndex: segmentIndex))
          }
        }
      }
      #expect(streamed == expected, "\(path)")
      #expect(rest.courses == whole.courses)
      #expect(rest.activities.map(\.laps) == whole.activities.map(\.laps))
      #expect(
        rest.activities.map(\.track.segments.count) == whole.activities.map(\.track.segments.count))
      #expect(rest.allFixes.isEmpty)
    }
  }

  @Test func treadmillRunKeepsItsSamplesWithoutFixes() throws {
    let url = try #require(sharedDataDirectory)
      .appendingPathComponent("devices/same-activity_6860622783_treadmill-run/6860622783.tcx")
    let document = try TCXReader.read(contentsOf: url)
    let activity = try #require(document.activities.first)
    #expect(activity.track.segments.isEmpty)
    #expect(document.allFixes.isEmpty)
    #expect(document.positionlessTrackpointCount == 3101)
    let samples = activity.positionlessSamples
    #expect(samples.allSatisfy { $0.timestamp != nil })
    #expect(samples.contains { $0.sensors.heartRateBeatsPerMinute != nil })
    let lastDistance = try #require(samples.compactMap(\.distanceMeters).last)
    #expect(abs(lastDistance - 10630.4) < 1)
  }
}

/// The date an ISO 8601 text spells, for expectations.
func isoDate(_ text: String) -> Date? {
  var text = text
  return text.withUTF8 {
    ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
  }.map(Date.init(timeIntervalSinceReferenceDate:))
}
