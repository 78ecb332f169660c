import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// `fix` with only what the CSV columns carry.
private func csvFields(_ fix: Fix) -> Fix {
  Fix(
    timestamp: fix.timestamp, latitudeDegrees: fix.latitudeDegrees,
    longitudeDegrees: fix.longitudeDegrees, altitudeMeters: fix.altitudeMeters,
    horizontalAccuracyMeters: fix.horizontalAccuracyMeters,
    verticalAccuracyMeters: fix.verticalAccuracyMeters,
    speedMetersPerSecond: fix.speedMetersPerSecond,
    speedAccuracyMetersPerSecond: fix.speedAccuracyMetersPerSecond,
    courseDegrees: fix.courseDegrees, courseAccuracyDegrees: fix.courseAccuracyDegrees,
    source: fix.source,
    receiver: ReceiverStatus(
      satellitesUsed: fix.receiver.satellitesUsed,
      horizontalDilution: fix.receiver.horizontalDilution,
      verticalDilution: fix.receiver.verticalDilution,
      positionDilution: fix.receiver.positionDilution),
    sensors: fix.sensors)
}

@Suite struct FixCSVWriterTests {
  @Test func writesTheHeaderAndAVerdictColumn() {
    let track = Track(segments: [
      Segment(fixes: [
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: 0.25), latitudeDegrees: 1e-7,
          longitudeDegrees: -2, sensors: SensorValues(heartRateBeatsPerMinute: 150))
      ]),
      Segment(fixes: [Fix(latitudeDegrees: 3, longitudeDegrees: 4, source: .network)]),
    ])
    let text = FixCSVWriter.string(from: track, verdicts: [[.rejected(.stale)]])
    #expect(
      text
        == "time,lat,lon,ele,accuracy,vertical_accuracy,speed,course,speed_accuracy,"
        + "course_accuracy,hr,cadence,power,temperature,hdop,vdop,pdop,sat,source,segment,verdict\n"
        + "2001-01-01T00:00:00.25Z,0.0000001,-2.0,,,,,,,,150.0,,,,,,,,,0,stale\n"
        + ",3.0,4.0,,,,,,,,,,,,,,,,network,1,\n")
    #expect(!FixCSVWriter.string(from: track).contains("verdict"))
  }

  @Test func roundTripsThroughFixCSVReader() throws {
    var generator = SplitMix64(state: 4_180)
    let track = Track(segments: [
      Segment(fixes: (0..<60).map { _ in csvFields(randomFix(using: &generator)) }),
      Segment(fixes: []),
      Segment(
        fixes: [
          Fix(latitudeDegrees: .nan, longitudeDegrees: .infinity),
          Fix(latitudeDegrees: 10, longitudeDegrees: 20),
        ]),
    ])
    let verdicts = track.segments.map { $0.fixes.map { _ in Verdict.accepted } }
    let text = FixCSVWriter.string(from: track, verdicts: verdicts)
    let copy = try FixCSVReader.read(string: text)
    #expect(copy.segments == track.segments.filter { !$0.fixes.isEmpty })
  }
}
