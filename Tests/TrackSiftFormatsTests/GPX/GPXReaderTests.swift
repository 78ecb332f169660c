import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// Reads GPX text, recording the error as an issue when there is one.
func readGPX(_ text: String) throws -> GPXDocument {
  try GPXReader.read(data: Data(text.utf8))
}

/// The error that reading `text` throws, or `nil` after recording an issue when it reads.
func gpxError(_ text: String) -> XMLReadError? {
  gpxError(Data(text.utf8))
}

/// The error that reading `data` throws, or `nil` after recording an issue when it reads.
func gpxError(_ data: Data) -> XMLReadError? {
  do {
    _ = try GPXReader.read(data: data)
    Issue.record("expected a XMLReadError")
    return nil
  } catch {
    return error
  }
}

/// Seconds since 2001-01-01 of a UTC date-time.
func referenceSeconds(
  _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double
) -> Double {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  let date = calendar.date(
    from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
  return date.timeIntervalSinceReferenceDate + second
}

@Suite struct GPXReaderTests {
  @Test func readsGPX11TrackWithAllPointFields() throws {
    let document = try readGPX(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="Test &amp; Co" xmlns="http://www.topografix.com/GPX/1/1">
        <metadata><name>Morning run</name><time>2020-01-01T00:00:00Z</time></metadata>
        <trk>
          <name>Loop</name>
          <trkseg>
            <trkpt lat="52.1318294" lon="-21.0713616">
              <ele>114.5</ele>
              <time>2021-11-23T16:46:51.25Z</time>
              <fix>3d</fix><sat>9</sat><hdop>0.8</hdop><vdop>1.2</vdop><pdop>1.5</pdop>
            </trkpt>
            <trkpt lat='52.5' lon='21'/>
          </trkseg>
          <trkseg></trkseg>
        </trk>
      </gpx>
      """)
    #expect(document.version == "1.1")
    #expect(document.creator == "Test & Co")
    #expect(document.name == "Morning run")
    #expect(document.tracks.count == 1)
    let track = try #require(document.tracks.first)
    #expect(track.name == "Loop")
    #expect(track.segments.count == 2)
    #expect(track.segments[1].fixes.isEmpty)
    let fixes = track.segments[0].fixes
    #expect(fixes.count == 2)
    let fix = fixes[0]
    #expect(fix.latitudeDegrees == 52.1318294)
    #expect(fix.longitudeDegrees == -21.0713616)
    #expect(fix.altitudeMeters == 114.5)
    #expect(fix.timeSeconds == referenceSeconds(2021, 11, 23, 16, 46, 51.25))
    #expect(fix.receiver.fixType == .threeDimensional)
    #expect(fix.receiver.satellitesUsed == 9)
    #expect(fix.receiver.horizontalDilution == 0.8)
    #expect(fix.receiver.verticalDilution == 1.2)
    #expect(fix.receiver.positionDilution == 1.5)
    #expect(fix.horizontalAccuracyMeters == nil)
    #expect(fix.source == .unknown)
    #expect(fixes[1].latitudeDegrees == 52.5)
    #expect(fixes[1].longitudeDegrees == 21)
    #expect(fixes[1].timestamp == nil)
    #expect(fixes[1].altitudeMeters == nil)
    #expect(fixes[1].receiver.isEmpty)
  }

  @Test func readsGPX10RootNameSpeedAndCourse() throws {
    let document = try readGPX(
      """
      <gpx version="1.0" creator="old"><name>Ten</name><time>2013-01-01T12:00:00</time>
      <trk><trkseg><trkpt lat="10.1" lon="-20.2"><time>2013-01-01T12:00:04</time>
      <course>271.5</course><speed>3.25</speed></trkpt></trkseg></trk></gpx>
      """)
    #expect(document.version == "1.0")
    #expect(document.name == "Ten")
    let fix = try #require(document.tracks.first?.segments.first?.fixes.first)
    #expect(fix.speedMetersPerSecond == 3.25)
    #expect(fix.courseDegrees == 271.5)
    // No zone: UTC.
    #expect(fix.timeSeconds == referenceSeconds(2013, 1, 1, 12, 0, 4))
  }

  @Test func readsRoutesAndWaypoints() throws {
    let document = try readGPX(
      """
      <gpx version="1.1" creator="x">
      <wpt lat="12.3" lon="45.6"><ele>75.1</ele><name>Spring</name><fix>2d</fix></wpt>
      <wpt lat="13.4" lon="46.7"/>
      <rte><name>Plan</name><rtept lat="10" lon="20"><name>ignored</name></rtept>
      <rtept lat="11" lon="21"/></rte>
      </gpx>
      """)
    #expect(document.waypoints.count == 2)
    #expect(document.waypoints[0].name == "Spring")
    #expect(document.waypoints[0].fix.altitudeMeters == 75.1)
    #expect(document.waypoints[0].fix.receiver.fixType == .twoDimensional)
    #expect(document.waypoints[1].name == nil)
    #expect(document.waypoints[1].fix.latitudeDegrees == 13.4)
    #expect(document.routes.count == 1)
    #expect(document.routes[0].name == "Plan")
    #expect(document.routes[0].points.map(\.longitudeDegrees) == [20, 21])
    #expect(document.tracks.isEmpty)
  }

  @Test(arguments: ["none", "2d", "3d", "dgps", "pps"])
  func readsEveryFixType(word: String) throws {
    let document = try readGPX(
      "<gpx><wpt lat=\"1\" lon=\"2\"><fix>\(word)</fix></wpt></gpx>")
    #expect(document.waypoints.first?.fix.receiver.fixType?.rawValue == word)
  }

  @Test func readsGarminExtensionsUnderAnyPrefix() throws {
    let document = try readGPX(
      """
      <gpx xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
      <trk><trkseg>
      <trkpt lat="1" lon="2"><extensions><ns3:TrackPointExtension>
        <ns3:atemp>21.5</ns3:atemp><ns3:hr>143</ns3:hr><ns3:cad>88</ns3:cad>
      </ns3:TrackPointExtension><power>250</power></extensions></trkpt>
      <trkpt lat="1" lon="2"><extensions><gpxtpx:TrackPointExtension>
        <gpxtpx:hr>150</gpxtpx:hr><gpxtpx:speed>4.5</gpxtpx:speed>
        <gpxtpx:course>90</gpxtpx:course></gpxtpx:TrackPointExtension>
        <pwr:PowerInWatts>310</pwr:PowerInWatts></extensions></trkpt>
      <trkpt lat="1" lon="2"><extensions><TrackPointExtension><hr>99</hr></TrackPointExtension>
      </extensions></trkpt>
      </trkseg></trk></gpx>
      """)
    let fixes = try #require(document.tracks.first?.segments.first?.fixes)
    #expect(fixes[0].sensors.heartRateBeatsPerMinute == 143)
    #expect(fixes[0].sensors.cadencePerMinute == 88)
    #expect(fixes[0].sensors.temperatureCelsius == 21.5)
    #expect(fixes[0].sensors.powerWatts == 250)
    #expect(fixes[1].sensors.heartRateBeatsPerMinute == 150)
    #expect(fixes[1].speedMetersPerSecond == 4.5)
    #expect(fixes[1].courseDegrees == 90)
    #expect(fixes[1].sensors.powerWatts == 310)
    #expect(fixes[2].sensors.heartRateBeatsPerMinute == 99)
  }

  @Test func skipsUnknownElementsAndMisplacedKnownNames() throws {
    let document = try readGPX(
      """
      <gpx><trk><foo><bar><ele>1</ele><trkseg><trkpt lat="0" lon="0"/></trkseg></bar></foo>
      <extensions><hr>120</hr></extensions>
      <trkseg><trkpt lat="3" lon="4"><link href="x"><text>t</text></link>
      <foo><ele>99</ele></foo><ele>7</ele></trkpt></trkseg></trk></gpx>
      """)
    let track = try #require(document.tracks.first)
    #expect(track.segments.count == 1)
    let fix = try #require(track.segments.first?.fixes.first)
    #expect(fix.altitudeMeters == 7)
    #expect(fix.sensors.isEmpty)
  }

  @Test func handlesBOMCommentsCDATAProcessingInstructionsAndDoctype() throws {
    var data = Data([0xEF, 0xBB, 0xBF])
    data.append(
      contentsOf: """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [ <!ENTITY bad "expanded"> <!-- > --> ]>
        <!-- a comment with <trk> inside -->
        <gpx creator='a &quot;b&quot; &#x41;&#66;'>
        <?some-pi with > inside?>
        <metadata><name><![CDATA[Fish & <Chips>]]> &lt;&gt;&apos;</name></metadata>
        <wpt lat="1" lon="2"><name>Caf&#233; Č</name></wpt>
        </gpx>
        <!-- trailing comment -->
        """.utf8)
    let document = try GPXReader.read(data: data)
    #expect(document.creator == "a \"b\" AB")
    #expect(document.name == "Fish & <Chips> <>'")
    #expect(document.waypoints.first?.name == "Café Č")
  }

  @Test func neverExpandsDeclaredEntities() throws {
    let error = try #require(
      gpxError(
        """
        <!DOCTYPE gpx [ <!ENTITY boom "lots"> ]>
        <gpx><metadata><name>&boom;</name></metadata></gpx>
        """))
    #expect(error.line == 2)
    #expect(error.column == 22)
    #expect(
      error.reason
        == "the entity &boom; is not expanded: only the five predefined entities and character "
        + "references are")
  }

  @Test func keepsOutOfRangePositionsAndRefusesOtherValues() throws {
    let document = try readGPX(
      """
      <gpx><trk><trkseg><trkpt lat="95" lon="NaN"><ele>-INF</ele><hdop>nan</hdop></trkpt>
      <trkpt lat="-91.5" lon="400"/></trkseg></trk></gpx>
      """)
    let fixes = try #require(document.tracks.first?.segments.first?.fixes)
    #expect(fixes[0].latitudeDegrees == 95)
    #expect(fixes[0].longitudeDegrees.isNaN)
    // An altitude that is not finite is refused and counted; the gate judges positions.
    #expect(fixes[0].altitudeMeters == nil)
    #expect(document.refusedFieldCounts == RefusedFieldCounts([.altitude: 1]))
    // A NaN dilution is unknown, like every optional NaN.
    #expect(fixes[0].receiver.horizontalDilution == nil)
    #expect(fixes[1].latitudeDegrees == -91.5)
    #expect(fixes[1].longitudeDegrees == 400)
  }

  @Test func readsNumberForms() throws {
    let document = try readGPX(
      """
      <gpx><wpt lat=" +1.5e1 " lon="-.25"><ele>
      12.</ele><sat>+07</sat></wpt>
      <wpt lat="0.000091697" lon="1234567890.12345678901234"><ele>1E-3</ele></wpt></gpx>
      """)
    #expect(document.waypoints[0].fix.latitudeDegrees == 15)
    #expect(document.waypoints[0].fix.longitudeDegrees == -0.25)
    #expect(document.waypoints[0].fix.altitudeMeters == 12)
    #expect(document.waypoints[0].fix.receiver.satellitesUsed == 7)
    #expect(document.waypoints[1].fix.latitudeDegrees == 0.000091697)
    #expect(document.waypoints[1].fix.longitudeDegrees == 1234567890.12345678901234)
    #expect(document.waypoints[1].fix.altitudeMeters == 0.001)
  }

  @Test(arguments: [
    ("2021-11-23T16:46:51Z", 0.0),
    ("2021-11-23T16:46:51.5Z", 0.5),
    ("2021-11-23T17:46:51+01:00", 0.0),
    ("2021-11-23T15:16:51-0130", 0.0),
    ("2021-11-23 16:46:51+00:00", 0.0),
    ("2021-11-23T16:46:51.2073437z", 0.2073437),
    ("2021-11-23T16:46:51", 0.0),
  ])
  func readsTimeForms(text: String, fraction: Double) throws {
    let document = try readGPX(
      "<gpx><wpt lat=\"1\" lon=\"2\"><time>\(text)</time></wpt></gpx>")
    let seconds = try #require(document.waypoints.first?.fix.timeSeconds)
    #expect(seconds == referenceSeconds(2021, 11, 23, 16, 46, 51) + fraction)
  }

  @Test func readsTimesBefore1970AndLeapDays() throws {
    let document = try readGPX(
      """
      <gpx><wpt lat="1" lon="2"><time>1901-12-13T20:45:52Z</time></wpt>
      <wpt lat="1" lon="2"><time>2024-02-29T00:00:00Z</time></wpt></gpx>
      """)
    #expect(document.waypoints[0].fix.timeSeconds == referenceSeconds(1901, 12, 13, 20, 45, 52))
    #expect(document.waypoints[1].fix.timeSeconds == referenceSeconds(2024, 2, 29, 0, 0, 0))
  }

  @Test func emptyValueElementsSayNothing() throws {
    let document = try readGPX(
      "<gpx><wpt lat=\"1\" lon=\"2\"><ele></ele><time> </time><hdop/></wpt></gpx>")
    let fix = try #require(document.waypoints.first?.fix)
    #expect(fix.altitudeMeters == nil)
    #expect(fix.timestamp == nil)
    #expect(fix.receiver.horizontalDilution == nil)
  }
}

@Suite struct GPXStreamingTests {
  @Test func forEachTrackPointSeesEveryPointWithItsIndices() throws {
    var generator = SplitMix64(state: 3)
    func fixes(_ count: Int) -> [Fix] { (0..<count).map { _ in randomFix(using: &generator) } }
    let document = GPXDocument(
      creator: "t",
      tracks: [
        Track(name: "a", segments: [Segment(fixes: fixes(3)), Segment(fixes: fixes(2))]),
        Track(name: "b", segments: [Segment(fixes: fixes(4))]),
      ])
    let data = GPXWriter.data(from: document)
    var seen: [(Fix, Int, Int)] = []
    let rest = try data.withUnsafeBytes { bytes in
      try GPXReader.forEachTrackPoint(bytes: bytes) { seen.append(($0, $1, $2)) }
    }
    #expect(seen.map(\.0) == document.tracks.flatMap(\.allFixes))
    #expect(
      seen.map { [$0.1, $0.2] } == [
        [0, 0], [0, 0], [0, 0], [0, 1], [0, 1], [1, 0], [1, 0], [1, 0], [1, 0],
      ])
    #expect(rest.tracks.map(\.name) == ["a", "b"])
    #expect(rest.tracks.map(\.fixCount) == [0, 0])
    #expect(rest.tracks.map(\.segments.count) == [2, 1])

    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gpx-stream-\(UUID().uuidString).gpx")
    defer { try? FileManager.default.removeItem(at: url) }
    try data.write(to: url)
    var count = 0
    try GPXReader.forEachTrackPoint(contentsOf: url) { _, _, _ in count += 1 }
    #expect(count == 9)
  }

  @Test func forEachTrackPointStopsAtTheError() throws {
    let text = "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"x\" lon=\"2\"/>"
    var count = 0
    #expect(throws: XMLReadError.self) {
      try Data(text.utf8).withUnsafeBytes { bytes in
        try GPXReader.forEachTrackPoint(bytes: bytes) { _, _, _ in count += 1 }
      }
    }
    #expect(count == 1)
  }
}
