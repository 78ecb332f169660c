import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// `fix` with only what TCX carries: time, position, altitude, speed, heart rate, cadence, power.
func tcxFields(_ fix: Fix) -> Fix {
  Fix(
    timestamp: fix.timestamp, latitudeDegrees: fix.latitudeDegrees,
    longitudeDegrees: fix.longitudeDegrees, altitudeMeters: fix.altitudeMeters,
    speedMetersPerSecond: fix.speedMetersPerSecond,
    sensors: SensorValues(
      heartRateBeatsPerMinute: fix.sensors.heartRateBeatsPerMinute,
      cadencePerMinute: fix.sensors.cadencePerMinute, powerWatts: fix.sensors.powerWatts))
}

@Suite struct TCXWriterTests {
  @Test(arguments: ["Running", "Biking"])
  func roundTripsRandomFixesExactly(sport: String) throws {
    var generator = SplitMix64(state: 20_261_124)
    for _ in 0..<10 {
      let track = Track(segments: [
        Segment(fixes: (0..<40).map { _ in tcxFields(randomFix(using: &generator)) }),
        Segment(fixes: []),
        Segment(fixes: (0..<3).map { _ in tcxFields(randomFix(using: &generator)) }),
      ])
      let document = try TCXReader.read(data: TCXWriter.data(from: track, sport: sport))
      let activity = try #require(document.activities.first)
      #expect(activity.sport == sport)
      #expect(activity.track.segments == track.segments.filter { !$0.fixes.isEmpty })
      #expect(activity.laps.map(\.segmentIndices) == [0..<2])
      #expect(activity.positionlessSamples.isEmpty)
    }
  }

  @Test func writesGivenLapTotalsAndDistances() throws {
    let fixes = (0..<3).map { index in
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: 1000 + Double(index) * 1.5),
        latitudeDegrees: 48 + Double(index) * 0.001, longitudeDegrees: 2)
    }
    let totals = DeviceTotals(
      startTime: Date(timeIntervalSinceReferenceDate: 1000.25), distanceMeters: 222.5,
      timerTimeSeconds: 3, maximumSpeedMetersPerSecond: 7.25,
      averageHeartRateBeatsPerMinute: 130, maximumHeartRateBeatsPerMinute: 150, kilocalories: 9)
    let text = TCXWriter.string(
      from: Track(segments: [Segment(fixes: fixes)]), sport: "Running", totals: totals,
      distancesMeters: [[0, 111.25, 222.5]])
    let activity = try #require(TCXReader.read(data: Data(text.utf8)).activities.first)
    var expected = totals
    expected.sport = "Running"
    #expect(activity.laps.first?.totals == expected)
    #expect(activity.distancesMeters == [[0, 111.25, 222.5]])
    #expect(activity.name == "2001-01-01T00:16:40Z")
  }

  @Test func computesLapTotalsFromTheFixes() throws {
    let fixes = (0..<11).map { index in
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: Double(index) * 10),
        latitudeDegrees: 0.001 * Double(index), longitudeDegrees: 10,
        speedMetersPerSecond: Double(index),
        sensors: SensorValues(heartRateBeatsPerMinute: 100 + Double(index)))
    }
    let track = Track(segments: [Segment(fixes: fixes), Segment(fixes: Array(fixes.prefix(1)))])
    let activity = try #require(
      TCXReader.read(data: TCXWriter.data(from: track)).activities.first)
    let lap = try #require(activity.laps.first).totals
    #expect(lap.startTime == Date(timeIntervalSinceReferenceDate: 0))
    #expect(lap.timerTimeSeconds == 100)
    // 0.01 degrees of latitude at the equator: 1105.74 m on the WGS84 ellipsoid.
    #expect(abs(try #require(lap.distanceMeters) - 1105.74) < 0.01)
    #expect(lap.maximumSpeedMetersPerSecond == 10)
    #expect(lap.averageHeartRateBeatsPerMinute == 105)
    #expect(lap.maximumHeartRateBeatsPerMinute == 110)
    #expect(lap.kilocalories == 0)
    // One lap, a track per segment, read back as the same segments; cumulative distance never
    // bridges them: the second starts where the first ended.
    #expect(activity.laps.count == 1)
    #expect(activity.track.segments.map(\.fixes.count) == [11, 1])
    let distances = activity.distancesMeters
    #expect(distances[1] == [distances[0].last!])
  }

  @Test func emptyTrackWritesAnEmptyDatabase() throws {
    let document = try TCXReader.read(data: TCXWriter.data(from: Track()))
    #expect(document == TCXDocument())
  }

  @Test func roundTripsTheTenKilometerRace() throws {
    let url = try #require(sharedDataDirectory)
      .appendingPathComponent("devices/10k-race-fr15/10kUNLP2014-Garmin15.tcx")
    let original = try #require(TCXReader.read(contentsOf: url).activities.first)
    let text = TCXWriter.string(
      from: original.track, sport: original.sport ?? "Other",
      totals: original.totals, distancesMeters: original.distancesMeters)
    let copy = try #require(TCXReader.read(data: Data(text.utf8)).activities.first)
    #expect(copy.track == original.track)
    #expect(copy.distancesMeters == original.distancesMeters)
    // The race's 11 laps become one lap with the activity's totals.
    #expect(copy.laps.count == 1)
    #expect(copy.laps[0].totals.distanceMeters == original.totals.distanceMeters)
    #expect(copy.laps[0].totals.timerTimeSeconds == original.totals.timerTimeSeconds)
  }
}
