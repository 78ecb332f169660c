import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// The NMEA truth logs of `../shared/data/truth`, read in place.
private func truthLog(_ relativePath: String) throws -> NMEALog {
  let url = try #require(sharedDataDirectory).appendingPathComponent("truth/" + relativePath)
  try #require(
    FileManager.default.fileExists(atPath: url.path), "missing truth file \(url.path)")
  return try NMEAReader.read(contentsOf: url)
}

/// True when every fix lies within about 40 km of Mountain View (37.4 N, 122.1 W).
private func nearMountainView(_ fixes: [Fix]) -> Bool {
  fixes.allSatisfy {
    (37.2...37.8).contains($0.latitudeDegrees) && (-122.6 ... -121.8).contains($0.longitudeDegrees)
  }
}

/// True when times never go backwards.
private func timesAscend(_ fixes: [Fix]) -> Bool {
  let times = fixes.compactMap(\.timeSeconds)
  return times.count == fixes.count && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
}

@Suite(.enabled(if: sharedDataPresent, "../shared is absent: NMEA truth-log tests skipped"))
struct NMEATruthLogTests {
  @Test func f9kDriveLog() throws {
    let log = try truthLog("f9k-drive-mountain-view/MTV.Local1.ublox-F9K.20200206-181434.nmea")
    let fixes = log.track.allFixes
    // 1653 epochs (SOURCE.txt); 13 lines of other sentences have corrupt checksums.
    #expect(log.fixCount == 1_653)
    #expect(log.skippedCount == 13)
    #expect(log.skipped.allSatisfy { $0.reason.hasPrefix("checksum mismatch") })
    // Its gaps are at most 40 s: one segment.
    #expect(log.track.segments.count == 1)
    #expect(nearMountainView(fixes))
    #expect(timesAscend(fixes))
    let first = try #require(fixes.first)
    #expect(first.timestamp == utcDate(2020, 2, 7, 2, 14, 17))
    // GGA quality 5 (RTK float), HDOP 0.76: 0.76 × 0.5 m; GSA 3-D is overridden by RTK.
    #expect(first.receiver.fixType == .differential)
    #expect(abs(try #require(first.horizontalAccuracyMeters) - 0.38) < 1e-12)
    #expect(first.receiver.positionDilution == 1.48)
    #expect(first.receiver.verticalDilution == 1.27)
    #expect(first.receiver.satellitesUsed == 12)
    #expect(abs(try #require(first.speedMetersPerSecond) - 0.028 * 1852 / 3600) < 1e-12)
    #expect(first.courseDegrees == 65.13)
  }

  @Test func spanReferenceOfTheF9KDrive() throws {
    let path = "f9k-drive-mountain-view/MTV.Local1.SPAN.20200206-181434.gga"
    let log = try truthLog(path)
    // Every RMC of this file has a checksum that does not match its bytes (line 2 says 29,
    // the bytes give 75), so the 1748 GGA give the fixes, without a date.
    #expect(log.fixCount == 1_748)
    #expect(log.skippedCount == 1_748)
    #expect(log.track.allFixes.allSatisfy { $0.timestamp == nil })
    #expect(nearMountainView(log.track.allFixes))
    let url = try #require(sharedDataDirectory).appendingPathComponent("truth/" + path)
    let dated = try NMEAReader.read(
      contentsOf: url, options: .init(referenceDate: utcDate(2020, 2, 7)))
    let fixes = dated.track.allFixes
    #expect(fixes.first?.timestamp == utcDate(2020, 2, 7, 2, 13, 31))
    #expect(timesAscend(fixes))
    #expect(abs(try #require(fixes.first?.latitudeDegrees) - (37 + 25.5838626 / 60)) < 1e-12)
  }

  @Test func pixel4ChipsetLog() throws {
    let log = try truthLog("gsdc2021-mtv-2020-05-14-pixel4-chipset/Pixel4_chipset.nmea")
    let fixes = log.track.allFixes
    #expect(log.fixCount == 1_737)
    #expect(log.skippedCount == 0)
    #expect(log.track.segments.count == 1)
    #expect(nearMountainView(fixes))
    #expect(timesAscend(fixes))
    #expect(fixes.first?.timestamp == utcDate(2020, 5, 14, 22, 10, 46))
    // GGA quality 7 (manual input, as this phone writes it): source unknown, no HDOP estimate.
    #expect(fixes.allSatisfy { $0.source == .unknown && $0.horizontalAccuracyMeters == nil })
    #expect(fixes.allSatisfy { $0.speedMetersPerSecond != nil })
  }

  @Test func gnssLoggerPixel6Walk() throws {
    let log = try truthLog("android-gnsslogger-samples/android-pixel6-walk/pixel6.nmea")
    let fixes = log.track.allFixes
    // 48 GGA with their RMC (SOURCE.txt), each line wrapped as `NMEA,<sentence>,<ms>`.
    #expect(log.fixCount == 48)
    #expect(log.sentenceCount == 96)
    #expect(log.skippedCount == 0)
    #expect(nearMountainView(fixes))
    #expect(timesAscend(fixes))
    #expect(fixes.first?.timestamp == utcDate(2023, 11, 7, 23, 42, 57))
    #expect(abs(try #require(fixes.first?.latitudeDegrees) - (37 + 25.590397 / 60)) < 1e-12)
  }

  @Test func pixel4SpanReference() throws {
    let log = try truthLog("gsdc2021-mtv-2020-05-14-pixel4-chipset/SPAN_Pixel4_1Hz.nmea")
    // 2378 epochs, of which 258 have GGA quality 0 (beside RMC status A): void, no fix.
    #expect(log.fixCount == 2_120)
    #expect(log.voidEpochCount == 258)
    #expect(log.skippedCount == 0)
    #expect(log.track.segments.count == 2)
    #expect(nearMountainView(log.track.allFixes))
    #expect(timesAscend(log.track.allFixes))
    #expect(log.track.allFixes.first?.timestamp == utcDate(2020, 5, 14, 22, 1, 34))
  }
}
