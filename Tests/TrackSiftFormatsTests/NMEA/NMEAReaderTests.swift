import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

@Suite struct NMEAReaderTests {
  private let rmc = "GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"
  private let gga = "GPGGA,123519.00,4807.0381234,N,01131.0004321,E,1,08,0.9,545.4,M,46.9,M,,"

  @Test func checksumHelperMatchesAPublishedSentence() {
    // The classic example sentence of NMEA references, with its published checksum.
    #expect(
      nmea("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        == "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
  }

  @Test func rmcAndGGAOfOneEpochMergeIntoOneFix() throws {
    let log = try NMEAReader.read(string: nmeaLog([rmc, gga]))
    #expect(log.sentenceCount == 2)
    #expect(log.skipped.isEmpty)
    #expect(log.track.segments.count == 1)
    let fix = try #require(log.track.allFixes.first)
    #expect(log.fixCount == 1)
    // GGA's position, with its extra digits.
    #expect(abs(fix.latitudeDegrees - (48 + 7.0381234 / 60)) < 1e-12)
    #expect(abs(fix.longitudeDegrees - (11 + 31.0004321 / 60)) < 1e-12)
    #expect(fix.timestamp == utcDate(1994, 3, 23, 12, 35, 19))
    #expect(abs(try #require(fix.speedMetersPerSecond) - 22.4 * 1852 / 3600) < 1e-9)
    #expect(fix.courseDegrees == 84.4)
    #expect(fix.altitudeMeters == 545.4)
    #expect(fix.receiver.satellitesUsed == 8)
    #expect(fix.receiver.horizontalDilution == 0.9)
    #expect(fix.receiver.fixType == nil)
    #expect(fix.source == .satellite)
    // No GST: HDOP 0.9 × the autonomous UERE of 5 m.
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 4.5) < 1e-9)
    #expect(fix.verticalAccuracyMeters == nil)
  }

  @Test func gnssLoggerLinesReadAsTheirSentences() throws {
    // Android's GnssLogger: `NMEA,<sentence>,<milliseconds since 1970>`.
    let wrapped = [rmc, gga].map { "NMEA," + nmea($0) + ",764426119000" }
    let log = try NMEAReader.read(string: wrapped.joined(separator: "\n") + "\n")
    let plain = try NMEAReader.read(string: nmeaLog([rmc, gga]))
    #expect(log.skipped.isEmpty)
    #expect(log.fixCount == 1)
    #expect(log.track.allFixes.first?.timestamp == plain.track.allFixes.first?.timestamp)
    #expect(
      log.track.allFixes.first?.latitudeDegrees == plain.track.allFixes.first?.latitudeDegrees)
    // The checksum still counts, and a line that wraps no sentence is skipped with its reason.
    let bad = try NMEAReader.read(
      string: "NMEA," + nmea(gga).dropLast(2) + "00,764426119000\nNMEA,junk\n")
    #expect(bad.fixCount == 0)
    #expect(bad.skipped.map(\.line) == [1, 2])
    #expect(bad.skipped.first?.reason.hasPrefix("checksum mismatch") == true)
  }

  @Test func rmcAloneGivesAFixWithSpeedAndCourse() throws {
    let log = try NMEAReader.read(string: nmeaLog([rmc]))
    let fix = try #require(log.track.allFixes.first)
    #expect(abs(fix.latitudeDegrees - (48 + 7.038 / 60)) < 1e-12)
    #expect(abs(fix.longitudeDegrees - (11 + 31.0 / 60)) < 1e-12)
    #expect(fix.altitudeMeters == nil)
    #expect(fix.horizontalAccuracyMeters == nil)
    #expect(fix.courseDegrees == 84.4)
  }

  @Test func southAndWestAreNegative() throws {
    let log = try NMEAReader.read(
      string: nmeaLog(["GPGGA,000001,3351.0000,S,15112.6000,W,1,05,1.5,10.0,M,,,,"]))
    let fix = try #require(log.track.allFixes.first)
    #expect(abs(fix.latitudeDegrees - -33.85) < 1e-12)
    #expect(abs(fix.longitudeDegrees - -151.21) < 1e-12)
    // GGA alone has no date: no timestamp without a reference date.
    #expect(fix.timestamp == nil)
  }

  @Test(arguments: ["GP", "GN", "GL", "GA", "GB", "BD", "QZ"])
  func everyTalkerIsRead(talker: String) throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "\(talker)RMC,235959.50,A,3725.58362,N,12205.61915,W,0.5,90.0,070220,,,A",
        "\(talker)GGA,235959.50,3725.58362,N,12205.61915,W,1,12,0.8,4.4,M,-30.0,M,,",
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(log.fixCount == 1)
    #expect(abs(fix.latitudeDegrees - (37 + 25.58362 / 60)) < 1e-12)
    #expect(fix.timestamp == utcDate(2020, 2, 7, 23, 59, 59.5))
  }

  @Test func gnsGivesPositionModeSatellitesAndAltitude() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GNGNS,224749.00,3333.4268304,N,11153.3538273,W,DR,19,0.6,406.110,-26.294,6.0,0138,S"
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(abs(fix.latitudeDegrees - (33 + 33.4268304 / 60)) < 1e-12)
    #expect(abs(fix.longitudeDegrees - -(111 + 53.3538273 / 60)) < 1e-12)
    #expect(fix.receiver.satellitesUsed == 19)
    #expect(fix.altitudeMeters == 406.110)
    // The best mode letter is R (RTK fixed): differential, UERE 0.05 m.
    #expect(fix.receiver.fixType == .differential)
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 0.03) < 1e-12)
  }

  @Test func gsaGivesDilutionsAndFixTypeToTheEpoch() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,101010,4807.0381,N,01131.0004,E,1,06,1.2,100.0,M,,,,",
        "GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1",
        "GNGSA,A,3,80,83,,,,,,,,,,,2.5,1.3,2.1,2",
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.receiver.fixType == .threeDimensional)
    #expect(fix.receiver.positionDilution == 2.5)
    #expect(fix.receiver.verticalDilution == 2.1)
    // GGA's HDOP wins over GSA's.
    #expect(fix.receiver.horizontalDilution == 1.2)
  }

  @Test func gsaTwoDimensionalAndItsHDOPWithoutGGA() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPRMC,101010,A,4807.0381,N,01131.0004,E,,,010120,,",
        "GPGSA,A,2,04,05,09,,,,,,,,,,3.0,2.0,2.2",
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.receiver.fixType == .twoDimensional)
    #expect(fix.receiver.horizontalDilution == 2.0)
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 10.0) < 1e-9)
    #expect(fix.speedMetersPerSecond == nil)
    #expect(fix.courseDegrees == nil)
  }

  @Test func gstGivesHorizontalAndVerticalAccuracy() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,172814.0,3723.46587704,N,12202.26957864,W,2,6,1.2,18.893,M,-25.669,M,2.0,0031",
        "GPGST,172814.0,0.006,0.023,0.020,273.6,0.3,0.4,0.5",
      ]))
    let fix = try #require(log.track.allFixes.first)
    // √(0.3² + 0.4²) = 0.5, not HDOP × UERE.
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 0.5) < 1e-12)
    #expect(fix.verticalAccuracyMeters == 0.5)
    #expect(fix.receiver.fixType == .differential)
  }

  @Test func gstZerosMeanUnknownNotPerfect() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,172814.0,3723.4658,N,12202.2695,W,1,6,2.0,18.9,M,,,,",
        "GPGST,172814.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0",
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 10.0) < 1e-9)
    #expect(fix.verticalAccuracyMeters == nil)
    #expect(fix.validAltitudeMeters == 18.9)
  }

  @Test(arguments: [(2, 1.25), (4, 0.05), (5, 0.5)])
  func ggaQualitySetsFixTypeAndUERE(quality: Int, uereMeters: Double) throws {
    let log = try NMEAReader.read(
      string: nmeaLog(["GPGGA,120000,3725.0,N,12205.0,W,\(quality),12,2.0,4.4,M,,,,"]))
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.receiver.fixType == .differential)
    #expect(fix.source == .satellite)
    #expect(abs(try #require(fix.horizontalAccuracyMeters) - 2 * uereMeters) < 1e-12)
  }

  @Test(arguments: [(6, FixSource.unknown), (7, .unknown), (8, .simulated)])
  func ggaQualityWithoutMeasurementHasNoAccuracyEstimate(quality: Int, source: FixSource) throws {
    let log = try NMEAReader.read(
      string: nmeaLog(["GPGGA,120000,3725.0,N,12205.0,W,\(quality),,0.4,4.4,M,,,,"]))
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.source == source)
    #expect(fix.horizontalAccuracyMeters == nil)
    #expect(fix.receiver.horizontalDilution == 0.4)
  }

  @Test func vtgGivesSpeedInKilometersPerHourAndTrueCourse() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,120000,3725.0,N,12205.0,W,1,8,1.0,4.4,M,,,,",
        "GPVTG,054.7,T,034.4,M,005.5,N,010.8,K,A",
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(abs(try #require(fix.speedMetersPerSecond) - 3.0) < 1e-12)
    #expect(fix.courseDegrees == 54.7)
  }

  @Test func oldStyleVTGWithoutUnitLetters() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,120000,3725.0,N,12205.0,W,1,8,1.0,4.4,M,,,,",
        "GPVTG,054.7,034.4,005.5,",
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(abs(try #require(fix.speedMetersPerSecond) - 5.5 * 1852 / 3600) < 1e-12)
  }

  @Test func zdaDatesAGGALog() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,201530.00,3725.0,N,12205.0,W,1,8,1.0,4.4,M,,,,",
        "GPZDA,201530.00,04,07,2021,00,00",
      ]))
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.timestamp == utcDate(2021, 7, 4, 20, 15, 30))
  }

  @Test func voidFixesGiveNoFix() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPRMC,000001,V,4807.038,N,01131.000,E,,,230394,,",
        "GPGGA,000002,4807.038,N,01131.000,E,0,00,,,M,,M,,",
        "GNGNS,000003,4807.038,N,01131.000,E,NN,00,,,,,,V",
        "GPRMC,000004,A,4807.038,N,01131.000,E,,,230394,,,N",
        "GPRMC,000005,A,4807.038,N,01131.000,E,,,230394,,,A",
      ]))
    #expect(log.sentenceCount == 5)
    #expect(log.fixCount == 1)
    #expect(log.voidEpochCount == 4)
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.timestamp == utcDate(1994, 3, 23, 0, 0, 5))
  }

  @Test func emptyFieldsAreNil() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,120000,3725.0,N,12205.0,W,1,,,,M,,M,,",
        "GPGGA,120001,,,,,1,05,1.0,3.0,M,,M,,",
      ]))
    #expect(log.fixCount == 1)
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.altitudeMeters == nil)
    #expect(fix.receiver.satellitesUsed == nil)
    #expect(fix.receiver.horizontalDilution == nil)
    #expect(fix.horizontalAccuracyMeters == nil)
    #expect(log.skipped.isEmpty)
  }

  @Test func dateIsCarriedFromRMCAcrossMidnight() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPRMC,235958,A,4807.038,N,01131.000,E,,,311299,,",
        "GPGGA,235959,4807.038,N,01131.000,E,1,05,1.0,3.0,M,,M,,",
        "GPGGA,000000,4807.038,N,01131.000,E,1,05,1.0,3.0,M,,M,,",
        "GPGGA,000001,4807.038,N,01131.000,E,1,05,1.0,3.0,M,,M,,",
      ]))
    #expect(
      log.track.allFixes.map(\.timestamp) == [
        utcDate(1999, 12, 31, 23, 59, 58), utcDate(1999, 12, 31, 23, 59, 59),
        utcDate(2000, 1, 1), utcDate(2000, 1, 1, 0, 0, 1),
      ])
    #expect(log.track.segments.count == 1)
  }

  @Test func referenceDateDatesAGGAOnlyLogAndRollsOver() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,235959.5,4807.038,N,01131.000,E,1,05,1.0,3.0,M,,M,,",
        "GPGGA,000000.5,4807.038,N,01131.000,E,1,05,1.0,3.0,M,,M,,",
      ]), options: .init(referenceDate: utcDate(2024, 2, 28, 17, 0, 0)))
    #expect(
      log.track.allFixes.map(\.timestamp) == [
        utcDate(2024, 2, 28, 23, 59, 59.5), utcDate(2024, 2, 29, 0, 0, 0.5),
      ])
  }

  @Test func gapsAndBackwardTimesStartSegments() throws {
    let bodies = ["120000", "120001", "120130", "120131", "110000"].map {
      "GPRMC,\($0),A,4807.038,N,01131.000,E,,,010120,,"
    }
    let log = try NMEAReader.read(string: nmeaLog(bodies))
    #expect(log.track.segments.map(\.fixes.count) == [2, 2, 1])
    let oneSegment = try NMEAReader.read(
      string: nmeaLog(bodies), options: .init(segmentGapSeconds: nil))
    #expect(oneSegment.track.segments.map(\.fixes.count) == [4, 1])
  }

  @Test func aRepeatedSentenceKindStartsANewEpochEvenAtTheSameTime() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        "GPGGA,120000,3725.0,N,12205.0,W,1,8,1.0,4.4,M,,,,",
        "GPGGA,120000,3725.1,N,12205.0,W,1,8,1.0,4.4,M,,,,",
      ]))
    #expect(log.fixCount == 2)
  }
}
