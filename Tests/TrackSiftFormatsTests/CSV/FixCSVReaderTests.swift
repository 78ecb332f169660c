import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// The error that reading `text` throws, or `nil` after recording an issue when it reads.
private func csvError(_ text: String) -> FixCSVError? {
  do {
    _ = try FixCSVReader.read(string: text)
    Issue.record("expected a FixCSVError")
    return nil
  } catch {
    return error
  }
}

@Suite struct FixCSVReaderTests {
  @Test func readsCommonColumns() throws {
    let track = try FixCSVReader.read(
      string: """
        Time,Latitude,LONGITUDE,altitude,distance,Heart Rate [bpm],speed,course,accuracy,cadence,power
        2021-11-23 16:46:51+00:00,52.13182940147817,21.07136160135269,114.0,0.0,87.0,1.5,90,4.5,80,200
        2021-11-23T16:46:52.5Z,52.5,21.5,,1.49,,,,,,
        """)
    #expect(track.segments.count == 1)
    let fixes = track.allFixes
    #expect(fixes.count == 2)
    #expect(fixes[0].timeSeconds == referenceSeconds(2021, 11, 23, 16, 46, 51))
    #expect(fixes[0].latitudeDegrees == 52.13182940147817)
    #expect(fixes[0].longitudeDegrees == 21.07136160135269)
    #expect(fixes[0].altitudeMeters == 114)
    #expect(fixes[0].sensors.heartRateBeatsPerMinute == 87)
    #expect(fixes[0].speedMetersPerSecond == 1.5)
    #expect(fixes[0].courseDegrees == 90)
    #expect(fixes[0].horizontalAccuracyMeters == 4.5)
    #expect(fixes[0].sensors.cadencePerMinute == 80)
    #expect(fixes[0].sensors.powerWatts == 200)
    #expect(fixes[1].timeSeconds == referenceSeconds(2021, 11, 23, 16, 46, 52.5))
    #expect(fixes[1].altitudeMeters == nil)
    #expect(fixes[1].sensors.isEmpty)
    #expect(fixes[1].source == .unknown)
  }

  /// GPSLogger for Android names each row's provider; a network row is a network fix, which the
  /// gate refuses.
  @Test func aProviderColumnGivesTheSource() throws {
    let track = try FixCSVReader.read(
      string: """
        time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,hdop,timestamp_ms
        2024-05-01T07:00:00.000Z,46.5,6.6,400,4.0,,,8,gps,0.9,1714546800000
        2024-05-01T07:00:01.000Z,46.5005,6.6004,,48.0,,,0,network,,1714546801000
        2024-05-01T07:00:02.000Z,46.50001,6.60001,400,4.0,90,1.2,8,passive,0.9,1714546802000
        """)
    #expect(track.allFixes.map(\.source) == [.satellite, .network, .unknown])
    let analysis = TrackAnalysis(track: track, profile: .walking)
    #expect(analysis.verdicts[0][1] == .rejected(.networkSource))
  }

  /// The Google Smartphone Decimeter Challenge's files count GPS time and state an HDOP, no
  /// accuracy.
  @Test func gpsTimeColumnsAndAnAccuracyFromTheHDOP() throws {
    let fixes = try FixCSVReader.read(
      string: """
        Epoch index,GPS Time[s],ECEF X[m],Lat[deg],Lon[deg],Alt[m],PDOP,HDOP
        1,1273529463,-2694936.1,37.4194164687255,-122.094611888307,401.2,2.08,1.02
        2,1273529464,NaN,NaN,NaN,NaN,NaN,NaN
        """
    ).allFixes
    #expect(fixes[0].timestamp == Date(timeIntervalSince1970: 1_589_494_245))
    #expect(fixes[0].horizontalAccuracyMeters == 5 * 1.02)
    #expect(fixes[0].receiver.positionDilution == 2.08)
    #expect(fixes[1].latitudeDegrees.isNaN && fixes[1].horizontalAccuracyMeters == nil)
    // A file with an accuracy column states it, or states it unknown: no estimate.
    let stated = try FixCSVReader.read(string: "lat,lon,accuracy,hdop\n1,2,,1.5\n").allFixes
    #expect(stated[0].horizontalAccuracyMeters == nil)
    let truth = try FixCSVReader.read(
      string: """
        collectionName,phoneName,millisSinceGpsEpoch,latDeg,lngDeg,hDop,speedMps
        2020-05-14-US-MTV-1,Pixel4,1273529463442,37.4235759540,-122.0941320350,1.10,0.00
        """
    ).allFixes
    #expect(truth[0].timestamp == Date(timeIntervalSince1970: 1_589_494_245.442))
  }

  /// GSDC 2022's `device_gnss.csv`: a row per satellite signal, each carrying its epoch's
  /// least-squares solution in ECEF meters.
  @Test func anECEFSolutionRepeatedOnEachSignalsRowIsOneFix() throws {
    let mountainView = WGS84.ecef(
      latitudeDegrees: 37.395817, longitudeDegrees: -122.102916, ellipsoidHeightMeters: -4.488)
    func row(_ millis: Int, _ svid: Int, _ position: WGS84.ECEFPosition?) -> String {
      let coordinates =
        position.map { "\($0.xMeters),\($0.yMeters),\($0.zMeters)" } ?? ",,"
      return "Raw,\(millis),\(svid),-2696.2,\(coordinates)"
    }
    let moved = WGS84.ecef(
      latitudeDegrees: 37.39584, longitudeDegrees: -122.102916, ellipsoidHeightMeters: -4.488)
    let text =
      ([
        "MessageType,utcTimeMillis,Svid,SvPositionXEcefMeters,WlsPositionXEcefMeters,"
          + "WlsPositionYEcefMeters,WlsPositionZEcefMeters"
      ]
      + [2, 5, 13].map { row(1_619_735_725_999, $0, mountainView) }
      + [2, 5].map { row(1_619_735_726_999, $0, nil) }
      + [2, 5, 13].map { row(1_619_735_727_999, $0, moved) }).joined(separator: "\n")
    #expect(try ActivityFileFormat.detect(prefix: Array(text.utf8), fileExtension: nil) == .csv)
    let fixes = try FixCSVReader.read(string: text).allFixes
    #expect(fixes.count == 3)
    #expect(fixes[0].timestamp == Date(timeIntervalSince1970: 1_619_735_725.999))
    #expect(abs(fixes[0].latitudeDegrees - 37.395817) < 1e-9)
    #expect(abs(fixes[0].longitudeDegrees + 122.102916) < 1e-9)
    #expect(abs(try #require(fixes[0].altitudeMeters) + 4.488) < 1e-3)
    // An epoch without a solution gives one fix with no valid position, for the gate to refuse.
    #expect(fixes[1].latitudeDegrees.isNaN && fixes[1].longitudeDegrees.isNaN)
    let step = Geodesic.distanceMeters(from: fixes[0].coordinate, to: fixes[2].coordinate)
    let expected = Geodesic.distanceMeters(
      from: Coordinate(latitudeDegrees: 37.395817, longitudeDegrees: -122.102916),
      to: Coordinate(latitudeDegrees: 37.39584, longitudeDegrees: -122.102916))
    #expect(abs(step - expected) < 1e-3, "\(step) m, \(expected) m")
    // Latitude and longitude columns win over ECEF ones.
    let both = try FixCSVReader.read(string: "lat,lon,ecef x\n1,2,3\n").allFixes
    #expect(both[0].latitudeDegrees == 1)
  }

  /// Lines end at CR LF, LF or a lone CR, and errors count lines the same way whichever ends
  /// a file uses.
  @Test func everyLineEndCountsOneLine() throws {
    for end in ["\r\n", "\n", "\r"] {
      let text = ["lat,lon", "1,2", "", "3, 4 ", "x,5"].joined(separator: end)
      let error = try #require(csvError(text), "\(end.debugDescription)")
      #expect(error.line == 5, "\(end.debugDescription)")
      let fixes = try FixCSVReader.read(string: text.replacingOccurrences(of: "x", with: "5"))
        .allFixes
      #expect(fixes.map(\.longitudeDegrees) == [2, 4, 5], "\(end.debugDescription)")
    }
  }

  @Test func readsAliasesUnixSecondsQuotesAndCRLF() throws {
    let track = try FixCSVReader.read(
      string: "\u{FEFF}timestamp,lat,lng,ele,bearing,hr,cad,horizontal_accuracy,name\r\n"
        + "1637686011,1.5,-2.5,3,45,120,90,7,\"a, \"\"b\"\"\"\r\n")
    let fix = try #require(track.allFixes.first)
    #expect(fix.timestamp == Date(timeIntervalSince1970: 1_637_686_011))
    #expect(fix.latitudeDegrees == 1.5)
    #expect(fix.longitudeDegrees == -2.5)
    #expect(fix.altitudeMeters == 3)
    #expect(fix.courseDegrees == 45)
    #expect(fix.sensors.heartRateBeatsPerMinute == 120)
    #expect(fix.sensors.cadencePerMinute == 90)
    #expect(fix.horizontalAccuracyMeters == 7)
  }

  @Test func aTimeOfDayFallsOnTheDateColumn() throws {
    // As the GT-31 and Motion speed-sailing loggers write them, EHPE their accuracy.
    let track = try FixCSVReader.read(
      string: """
        date,time,hdop,sat,lat,lon,sog,cog,ehpe
        2011-10-18,13:12:26.000,1.2,8,50.5879544,-2.4636702,2.62,158.77,1.02
        2011-10-18,2011-10-18T13:12:27Z,1.2,8,50.5879294,-2.4636620,2.86,175.55,1.01
        """)
    let fixes = track.allFixes
    #expect(fixes[0].timeSeconds == referenceSeconds(2011, 10, 18, 13, 12, 26))
    #expect(fixes[0].horizontalAccuracyMeters == 1.02)
    #expect(fixes[0].speedMetersPerSecond == 2.62)
    // A time that holds its date is read alone.
    #expect(fixes[1].timeSeconds == referenceSeconds(2011, 10, 18, 13, 12, 27))
    #expect(
      csvError("date,time,lat,lon\n2011-13-18,13:12:26,1,2\n")?.description
        == "line 2, field \"time\": not a date (YYYY-MM-DD) and a time of day (hh:mm:ss): "
        + "\"2011-13-18\", \"13:12:26\"")
  }

  @Test func segmentColumnSplitsSegments() throws {
    let track = try FixCSVReader.read(
      string: "lat,lon,segment\n1,1,0\n2,2,0\n3,3,1\n4,4,1\n5,5,7\n")
    #expect(track.segments.map(\.fixes.count) == [2, 2, 1])
    #expect(track.segments[1].fixes[0].latitudeDegrees == 3)
  }

  @Test func errorsSayTheLineAndField() throws {
    #expect(csvError("")?.description == "line 1: the file is empty")
    #expect(
      csvError("time,lat\n1,2\n")?.description
        == "line 1: the header has no longitude column (lon, lng, longitude)")
    #expect(
      csvError("lat,lon\n1,2\n\n3,x\n")?.description == "line 4, field \"lon\": not a number: \"x\""
    )
    #expect(
      csvError("time,lat,lon\n2021-13-01T00:00:00Z,1,2\n")?.description
        == "line 2, field \"time\": not a time (ISO 8601 or a Unix epoch number): \"2021-13-01T00:00:00Z\""
    )
    #expect(
      csvError("lat,lon\n1,2,3\n")?.description
        == "line 2: expected 2 fields as in the header, found 3")
    #expect(
      csvError("lat,lon\n,2\n")?.description == "line 2, field \"lat\": the position is missing")
    #expect(csvError("lat,lon\n\"1,2\n")?.description == "line 2: a quoted field is not closed")
  }

  @Test func headerOnlyGivesAnEmptySegment() throws {
    let track = try FixCSVReader.read(string: "lat,lon\n")
    #expect(track.segments.count == 1)
    #expect(track.fixCount == 0)
  }
}
