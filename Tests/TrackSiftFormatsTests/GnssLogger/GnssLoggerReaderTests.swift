import Foundation
import Testing
import TrackSift
import TrackSiftFormats

@Suite struct GnssLoggerReaderTests {
  /// A version 3 header whose columns differ from version 2's order, and lines of three
  /// providers.
  static let version3Log = """
    # Header Description:
    # Version: v3.0.6.4 Platform: 14 Manufacturer: Google Model: Pixel 7
    # Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,\
    BearingDegrees,UnixTimeMillis,SpeedAccuracyMps,BearingAccuracyDegrees,elapsedRealtimeNanos,\
    VerticalAccuracyMeters,MockLocation
    Raw,1699400582000,1,2,3
    Fix,GPS,37.4265079783,-122.1737079613,23.67,1.25,4.2,201.5,1699400582000,0.19,12.5,1,3.0,0
    Fix,FLP,37.4265084000,-122.1737085000,1.79,0.03,4.1,,1699400584473,0.19,,2,0,0
    Fix,NLP,37.4266961000,-122.1735829000,8.3,,15.1,,1699400585063,,,3,2.6,0
    Fix,GPS,37.4265085234,-122.1737086237,23.58,0.0,4.1,,1699400588000,0.19,,4,3.0,0
    """

  @Test func readsTheChipsFixesWithEveryValueTheHeaderNames() throws {
    let log = try GnssLoggerReader.read(string: Self.version3Log)
    #expect(log.fixLinesByProvider == ["GPS": 2, "FLP": 1, "NLP": 1])
    #expect(log.skippedCount == 0)
    let fixes = log.track.segments.flatMap(\.fixes)
    #expect(fixes.count == 2)
    let first = try #require(fixes.first)
    #expect(first.source == .satellite)
    #expect(first.latitudeDegrees == 37.4265079783)
    #expect(first.longitudeDegrees == -122.1737079613)
    #expect(first.altitudeMeters == 23.67)
    #expect(first.horizontalAccuracyMeters == 4.2)
    #expect(first.verticalAccuracyMeters == 3.0)
    #expect(first.speedMetersPerSecond == 1.25)
    #expect(first.speedAccuracyMetersPerSecond == 0.19)
    #expect(first.courseDegrees == 201.5)
    #expect(first.courseAccuracyDegrees == 12.5)
    #expect(first.timestamp == Date(timeIntervalSince1970: 1_699_400_582))
    // Empty fields are unknown; a measured zero speed with its accuracy is a standstill.
    #expect(fixes[1].courseDegrees == nil)
    #expect(fixes[1].speedMetersPerSecond == 0)
  }

  @Test func readsTheSourcesAskedForInFileOrder() throws {
    let log = try GnssLoggerReader.read(
      string: Self.version3Log, options: .init(sources: Set(FixSource.allCases)))
    let fixes = log.track.segments.flatMap(\.fixes)
    #expect(fixes.map(\.source) == [.satellite, .fused, .network, .satellite])
    // A vertical accuracy of 0 is Android's "none", not an invalid altitude.
    #expect(fixes[1].verticalAccuracyMeters == nil)
    #expect(fixes[1].validAltitudeMeters == 1.79)
    #expect(fixes[2].speedMetersPerSecond == nil)

    let fused = try GnssLoggerReader.read(
      string: Self.version3Log, options: .init(sources: [.fused]))
    #expect(fused.track.fixCount == 1)
  }

  @Test func fallsBackToTheBestSourceTheLogHas() throws {
    let withoutChip = Self.version3Log.split(separator: "\n")
      .filter { !$0.hasPrefix("Fix,GPS") }.joined(separator: "\n")
    let log = try GnssLoggerReader.read(string: withoutChip)
    #expect(log.track.segments.flatMap(\.fixes).map(\.source) == [.fused])
  }

  /// Version 2 logs have no header for `Fix` lines in some exports and write 0 for what a
  /// location lacks.
  @Test func readsVersion2ZerosAsUnknown() throws {
    let log = try GnssLoggerReader.read(
      string: """
        Fix,GPS,37.4235845,-122.0941221,-32.830566,0.000000,3.790092,0.000000,1589494247000,\
        0.086023,0.000000
        Fix,NLP,37.4239073,-122.0944650,-29.199999,0.000000,44.319000,0.000000,1589494244403,\
        0.000000,0.000000
        """, options: .init(sources: Set(FixSource.allCases)))
    let fixes = log.track.segments.flatMap(\.fixes)
    #expect(fixes.count == 2)
    #expect(fixes[0].speedMetersPerSecond == 0)
    #expect(fixes[0].courseDegrees == nil)
    #expect(fixes[0].courseAccuracyDegrees == nil)
    #expect(fixes[1].speedMetersPerSecond == nil)
    #expect(fixes[1].speedAccuracyMetersPerSecond == nil)
  }

  @Test func skipsOrRefusesACorruptFixLine() throws {
    let text = """
      # Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters
      Fix,GPS,37.42,-122.09,-29co.199999,0,3.8
      Fix,GPS,,-122.09,12,0,3.8
      Fix,GPS,37.43,-122.09,12,0,3.8\r
      """
    let log = try GnssLoggerReader.read(string: text)
    #expect(log.track.fixCount == 1)
    #expect(log.skippedCount == 2)
    #expect(
      log.skipped.map(\.description) == [
        "line 2: AltitudeMeters: not a number: \"-29co.199999\"",
        "line 3: the position is missing",
      ])
    #expect(
      throws: GnssLoggerError(reason: "AltitudeMeters: not a number: \"-29co.199999\"", line: 2)
    ) {
      try GnssLoggerReader.read(string: text, options: .init(strict: true))
    }
  }

  /// A mock provider's locations say nothing of where the phone was; its NMEA lines are the
  /// chip's own.
  @Test func mockLocationsAreLeftOutUnlessAskedFor() throws {
    let text = Self.version3Log.replacingOccurrences(
      of: "1699400588000,0.19,,4,3.0,0", with: "1699400588000,0.19,,4,3.0,1")
    let log = try GnssLoggerReader.read(string: text)
    #expect(log.mockFixLineCount == 1)
    #expect(log.track.fixCount == 1)
    #expect(log.fixLinesByProvider["GPS"] == 1)
    let all = try GnssLoggerReader.read(string: text, options: .init(includesMockLocations: true))
    #expect(all.track.fixCount == 2 && all.mockFixLineCount == 0)

    let mockOnly = try GnssLoggerReader.read(
      string: """
        # Fix,Provider,LatitudeDegrees,LongitudeDegrees,UnixTimeMillis,MockLocation
        Fix,GPS,10.0,10.0,1699400577000,1
        NMEA,$GPGGA,234257.00,3725.590397,N,12210.422534,W,1,24,0.4,51.9,M,-28.4,M,,*63,1
        """)
    #expect(mockOnly.isFromNMEA)
    #expect(mockOnly.track.segments.flatMap(\.fixes).map { $0.latitudeDegrees.rounded() } == [37])
  }

  /// A time that is no finite number would give no usable timestamp.
  @Test func anInfiniteTimeIsNoTime() throws {
    let log = try GnssLoggerReader.read(
      string: "Fix,GPS,37.42,-122.09,12,0,3.8,,inf\nFix,GPS,37.42,-122.09,12,0,3.8,,\n")
    #expect(log.skipped.map(\.description) == ["line 1: UnixTimeMillis: not a number: \"inf\""])
    #expect(log.track.fixCount == 1)
    #expect(log.track.segments[0].fixes[0].timestamp == nil)
  }

  @Test func aLogWithoutFixLinesGivesItsNMEAFixes() throws {
    let log = try GnssLoggerReader.read(
      string: """
        # Header Description:
        # Fix,Provider,LatitudeDegrees,LongitudeDegrees
        NMEA,$GPGGA,234257.00,3725.590397,N,12210.422534,W,1,24,0.4,51.9,M,-28.4,M,,*63,1699400577561
        NMEA,$GPRMC,234257.00,A,3725.590397,N,12210.422534,W,000.0,,071123,,,A*65,1699400577566
        NMEA,$GPRMC,234258.00,A,3725.590397,N,12210.422534,W,000.0,,071123,,,A*00,1699400578566
        """)
    #expect(log.isFromNMEA)
    #expect(log.nmeaLineCount == 3)
    #expect(log.track.fixCount == 1)
    #expect(log.skipped.map(\.line) == [5])
  }

  @Test func providersNameTheirSources() {
    #expect(FixSource(providerName: "GPS") == .satellite)
    #expect(FixSource(providerName: "fused") == .fused)
    #expect(FixSource(providerName: "NLP") == .network)
    #expect(FixSource(providerName: "network") == .network)
    #expect(FixSource(providerName: "GT") == .unknown)
    #expect(FixSource(providerName: "passive") == .unknown)
  }

  @Test func detectionTellsALogFromNMEAAndCSV() throws {
    #expect(
      try ActivityFileFormat.detect(prefix: Array(Self.version3Log.utf8), fileExtension: "txt")
        == .gnssLogger)
    #expect(
      try ActivityFileFormat.detect(
        prefix: Array("Fix,GPS,37.42,-122.09,12,0,3.8\n".utf8), fileExtension: nil) == .gnssLogger)
    #expect(
      try ActivityFileFormat.detect(
        prefix: Array(
          "NMEA,$GPRMC,234257.00,A,3725.590397,N,12210.422534,W,000.0,,071123,,,A*65,1\n".utf8),
        fileExtension: nil) == .nmea)
    #expect(
      try ActivityFileFormat.detect(prefix: Array("lat,lon\n1,2\n".utf8), fileExtension: nil)
        == .csv)
  }
}
