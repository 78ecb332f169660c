import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

@Suite struct NMEAWriterTests {
  private func sampleTrack() -> Track {
    let start = utcDate(2020, 2, 7, 23, 59, 58.25)
    var fixes: [Fix] = []
    for index in 0..<5 {
      let step = Double(index)
      let latitude: Double = 37.426_397_123 - step * 0.000_123_456_789
      let longitude: Double = -122.093_652_987 + step * 0.000_2
      let receiver = ReceiverStatus(
        fixType: index == 2 ? .differential : nil, satellitesUsed: 12, horizontalDilution: 0.8)
      fixes.append(
        Fix(
          timestamp: start.addingTimeInterval(step * 0.5), latitudeDegrees: latitude,
          longitudeDegrees: longitude, altitudeMeters: 4.4 + step,
          horizontalAccuracyMeters: 0.75 + step, verticalAccuracyMeters: 1.5,
          speedMetersPerSecond: 12.345_6 + step, courseDegrees: 359.5 - step,
          source: .satellite, receiver: receiver))
    }
    return Track(segments: [Segment(fixes: fixes)])
  }

  @Test func writesRMCGGAAndGSTWithChecksumsAndCRLF() {
    let fix = Fix(
      timestamp: utcDate(1994, 3, 23, 12, 35, 19), latitudeDegrees: 48.1173,
      longitudeDegrees: -11.516_666_666_7, altitudeMeters: 545.4, horizontalAccuracyMeters: 2,
      speedMetersPerSecond: 22.4 * 1852 / 3600, courseDegrees: 84.4,
      receiver: ReceiverStatus(satellitesUsed: 8, horizontalDilution: 0.9))
    let text = NMEAWriter.string(from: Track(segments: [Segment(fixes: [fix])]))
    #expect(
      text
        == nmea("GPRMC,123519.00,A,4807.0380000,N,01131.0000000,W,22.4000,84.400,230394,,,A")
        + "\r\n"
        + nmea("GPGGA,123519.00,4807.0380000,N,01131.0000000,W,1,8,0.90,545.400,M,,M,,")
        + "\r\n" + nmea("GPGST,123519.00,,1.4142,1.4142,0.0,1.4142,1.4142,") + "\r\n")
  }

  @Test func anInvalidSpeedOrCourseIsAnEmptyField() throws {
    let fix = Fix(
      timestamp: utcDate(2024, 5, 1, 8, 0, 0), latitudeDegrees: 1, longitudeDegrees: 2,
      speedMetersPerSecond: -1, courseDegrees: -1)
    let text = NMEAWriter.string(from: Track(segments: [Segment(fixes: [fix])]))
    #expect(text.hasPrefix("$GPRMC,080000.00,A,0100.0000000,N,00200.0000000,E,,,010524,,,A*"))
    let read = try NMEAReader.read(string: text, options: .init(strict: true)).track.allFixes
    #expect(read.count == 1)
    #expect(read.first?.speedMetersPerSecond == nil)
    #expect(read.first?.courseDegrees == nil)
  }

  @Test func roundTripKeepsPositionsTimesSpeedsCoursesAndAccuracies() throws {
    let track = sampleTrack()
    let log = try NMEAReader.read(
      string: NMEAWriter.string(from: track), options: .init(strict: true))
    #expect(log.sentenceCount == 15)
    let written = track.allFixes
    let read = log.track.allFixes
    try #require(read.count == written.count)
    for (original, copy) in zip(written, read) {
      // 7 decimals of a minute: 1.7e-9 degrees at most, 0.2 mm.
      #expect(abs(copy.latitudeDegrees - original.latitudeDegrees) < 1e-9)
      #expect(abs(copy.longitudeDegrees - original.longitudeDegrees) < 1e-9)
      let timeError = try #require(copy.timeSeconds) - (try #require(original.timeSeconds))
      #expect(abs(timeError) < 0.005)
      #expect(
        abs(try #require(copy.speedMetersPerSecond) - original.speedMetersPerSecond!) < 1e-4)
      #expect(abs(try #require(copy.courseDegrees) - original.courseDegrees!) < 1e-3)
      #expect(abs(try #require(copy.altitudeMeters) - original.altitudeMeters!) < 1e-3)
      #expect(
        abs(try #require(copy.horizontalAccuracyMeters) - original.horizontalAccuracyMeters!)
          < 2e-4)
      #expect(copy.verticalAccuracyMeters == 1.5)
      #expect(copy.receiver.satellitesUsed == 12)
      #expect(copy.receiver.horizontalDilution == 0.8)
      #expect(copy.receiver.fixType == original.receiver.fixType)
    }
    // The day rolls over between the fourth and fifth fix: the date is written per fix.
    #expect(read[4].timestamp == utcDate(2020, 2, 8, 0, 0, 0.25))
  }

  @Test func roundTripThroughAFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("nmea-writer-\(UUID().uuidString).nmea")
    defer { try? FileManager.default.removeItem(at: url) }
    let track = sampleTrack()
    try NMEAWriter.write(track, to: url)
    let log = try NMEAReader.read(contentsOf: url, options: .init(strict: true))
    #expect(log.fixCount == 5)
    var streamed: [Fix] = []
    let streamedLog = try NMEAReader.forEachFix(contentsOf: url) { streamed.append($0) }
    #expect(streamedLog.track.fixCount == 0)
    #expect(streamedLog.fixCount == 5)
    #expect(streamed == log.track.allFixes)
  }

  @Test func untimedFixesRoundTripWithoutTimes() throws {
    let fixes = [
      Fix(latitudeDegrees: -33.85, longitudeDegrees: 151.21, horizontalAccuracyMeters: 3),
      Fix(latitudeDegrees: -33.86, longitudeDegrees: 151.22),
    ]
    let text = NMEAWriter.string(from: Track(segments: [Segment(fixes: fixes)]))
    let log = try NMEAReader.read(string: text, options: .init(strict: true))
    #expect(log.track.allFixes.map(\.latitudeDegrees) == [-33.85, -33.86])
    #expect(log.track.allFixes.map(\.timestamp) == [nil, nil])
    #expect(abs(try #require(log.track.allFixes[0].horizontalAccuracyMeters) - 3) < 2e-4)
    #expect(log.track.allFixes[1].horizontalAccuracyMeters == nil)
  }
}
