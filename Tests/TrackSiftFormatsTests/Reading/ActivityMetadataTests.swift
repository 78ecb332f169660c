import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// The descriptive strings of GPX, TCX and FIT files, read through ``ActivityFile``.
@Suite struct ActivityMetadataTests {
  static let gpx11 = """
    <?xml version="1.0"?>
    <gpx version="1.1" creator="Watch &amp; App" xmlns="http://www.topografix.com/GPX/1/1">
     <metadata><name>Lake loop</name><desc>Around the lake &lt;3</desc>
      <author><name>Ann</name><link href="https://ann.example"><text>Ann</text></link></author>
      <link href="https://example.com/loop"><text>The loop</text><type>text/html</type></link>
      <link href="https://example.com/bare"/>
     </metadata>
     <wpt lat="47.5" lon="8.5"><name>Start</name><desc>By the <![CDATA[<b>bridge</b>]]></desc>
      <link href="https://example.com/wpt"/></wpt>
     <wpt lat="47.6" lon="8.6"><name>End</name></wpt>
     <trk><name>Morning run</name><desc>Easy pace</desc>
      <link href="https://example.com/trk"><text>Track</text></link><trkseg>
      <trkpt lat="47.5" lon="8.5"><time>2024-05-01T07:00:00Z</time><desc>not kept</desc>
       <link href="https://example.com/point"/></trkpt>
      <trkpt lat="47.5001" lon="8.5"><time>2024-05-01T07:00:01Z</time></trkpt>
     </trkseg></trk>
     <trk><name>Cool down</name><trkseg>
      <trkpt lat="47.5002" lon="8.5"><time>2024-05-01T07:00:02Z</time></trkpt>
     </trkseg></trk>
    </gpx>
    """

  static let gpx10 = """
    <?xml version="1.0"?>
    <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
     <name>Old file</name><desc>From 2004</desc>
     <url>https://example.com/old</url><urlname>Old page</urlname>
     <wpt lat="47.5" lon="8.5"><name>Hut</name><desc>Closed in winter</desc></wpt>
     <trk><name>Ridge</name><desc>Windy</desc><url>https://example.com/ridge</url><trkseg>
      <trkpt lat="47.5" lon="8.5"><time>2004-05-01T07:00:00Z</time></trkpt>
      <trkpt lat="47.5001" lon="8.5"><time>2004-05-01T07:00:01Z</time></trkpt>
     </trkseg></trk>
    </gpx>
    """

  static let tcx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
     <Activities><Activity Sport="Running"><Id>2024-05-01T07:00:00Z</Id>
      <Lap StartTime="2024-05-01T07:00:00Z"><Track>
        <Trackpoint><Time>2024-05-01T07:00:00Z</Time>
         <Position><LatitudeDegrees>47.5</LatitudeDegrees>
          <LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
        <Trackpoint><Time>2024-05-01T07:00:01Z</Time>
         <Position><LatitudeDegrees>47.5001</LatitudeDegrees>
          <LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
      </Track></Lap>
      <Notes> Felt good </Notes>
      <Creator><Name>Forerunner 255</Name><UnitId>1</UnitId><ProductID>3990</ProductID></Creator>
     </Activity></Activities>
     <Author><Name>Garmin Connect</Name><Build><Version><VersionMajor>1</VersionMajor>
      </Version></Build></Author>
    </TrainingCenterDatabase>
    """

  /// A FIT file naming its product in `file_id` and two devices in `device_info`.
  static var fit: [UInt8] {
    var file = FITTestFile()
    let watch = Array("Edge 840".utf8) + [0]
    file.define(
      local: 0, global: 0,
      fields: [(0, 1, 0x00), (1, 2, 0x84), (2, 2, 0x84), (8, UInt8(watch.count), 0x07)])
    file.data(local: 0, [4] + le16(1) + le16(3_843) + watch)
    for (index, name) in [(0, "Edge 840"), (1, "HRM-Pro"), (2, "Edge 840")] {
      let bytes = Array(name.utf8) + [0]
      file.define(local: 1, global: 23, fields: [(0, 1, 0x02), (27, UInt8(bytes.count), 0x07)])
      file.data(local: 1, [UInt8(index)] + bytes)
    }
    file.define(local: 2, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
    for second in 0..<2 {
      file.data(
        local: 2,
        le32(1_000_000_000 + UInt32(second)) + le32(signed: 1 << 29) + le32(signed: 1 << 29))
    }
    return file.bytes()
  }

  /// Reads `bytes` as the file `name` in a folder of its own.
  static func read(_ bytes: [UInt8], named name: String, strict: Bool = false) throws
    -> ActivityFile
  {
    let folder = try ActivityFileTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try ActivityFileTests.write(bytes, named: name, in: folder)
    return try ActivityFile.read(atPath: url.path, strict: strict)
  }

  @Test func gpx11MetadataTracksAndWaypoints() throws {
    let metadata = try Self.read(Array(Self.gpx11.utf8), named: "loop.gpx").metadata
    #expect(metadata.name == "Lake loop")
    #expect(metadata.description == "Around the lake <3")
    #expect(metadata.creator == "Watch & App")
    #expect(metadata.deviceNames.isEmpty)
    // The author's link, a waypoint's and a point's are not the file's or a track's.
    #expect(
      metadata.links == [
        ActivityLink(href: "https://example.com/loop", text: "The loop"),
        ActivityLink(href: "https://example.com/bare"),
        ActivityLink(href: "https://example.com/trk", text: "Track"),
      ])
    #expect(metadata.trackNames == ["Morning run", "Cool down"])
    #expect(
      metadata.waypoints == [
        ActivityWaypoint(
          name: "Start", description: "By the <b>bridge</b>",
          coordinate: Coordinate(latitudeDegrees: 47.5, longitudeDegrees: 8.5)),
        ActivityWaypoint(
          name: "End", coordinate: Coordinate(latitudeDegrees: 47.6, longitudeDegrees: 8.6)),
      ])
  }

  @Test func gpx11DocumentKeepsEachTracksDetails() throws {
    let document = try GPXReader.read(data: Data(Self.gpx11.utf8))
    #expect(document.description == "Around the lake <3")
    #expect(document.tracks.count == 2)
    #expect(
      document.trackDetails == [
        0: GPXDocument.TrackDetails(
          description: "Easy pace",
          links: [ActivityLink(href: "https://example.com/trk", text: "Track")])
      ])
    #expect(document.waypoints.map(\.description) == ["By the <b>bridge</b>", nil])
    #expect(document.tracks[0].allFixes.count == 2)
  }

  @Test func gpx10RootAndTrackURLs() throws {
    let metadata = try Self.read(Array(Self.gpx10.utf8), named: "old.gpx").metadata
    #expect(metadata.name == "Old file")
    #expect(metadata.description == "From 2004")
    #expect(metadata.creator == "GPSBabel")
    #expect(
      metadata.links == [
        ActivityLink(href: "https://example.com/old", text: "Old page"),
        ActivityLink(href: "https://example.com/ridge"),
      ])
    #expect(metadata.trackNames == ["Ridge"])
    #expect(
      metadata.waypoints == [
        ActivityWaypoint(
          name: "Hut", description: "Closed in winter",
          coordinate: Coordinate(latitudeDegrees: 47.5, longitudeDegrees: 8.5))
      ])
  }

  @Test func gpxWithoutMetadataTakesTheFirstTracks() throws {
    let text = """
      <gpx version="1.1" creator=""><trk><name>Only</name><desc>Track desc</desc><trkseg>
       <trkpt lat="1" lon="2"/></trkseg></trk></gpx>
      """
    let metadata = try Self.read(Array(text.utf8), named: "bare.gpx").metadata
    #expect(metadata.name == "Only")
    #expect(metadata.description == "Track desc")
    #expect(metadata.creator == nil)
  }

  @Test func tcxAuthorCreatorAndNotes() throws {
    let metadata = try Self.read(Array(Self.tcx.utf8), named: "run.tcx").metadata
    #expect(metadata.name == "2024-05-01T07:00:00Z")
    #expect(metadata.description == "Felt good")
    #expect(metadata.creator == "Garmin Connect")
    #expect(metadata.deviceNames == ["Forerunner 255"])
    #expect(metadata.trackNames == ["2024-05-01T07:00:00Z"])
    #expect(metadata.links.isEmpty && metadata.waypoints.isEmpty)
  }

  @Test func fitProductNames() throws {
    let metadata = try Self.read(Self.fit, named: "ride.fit").metadata
    #expect(metadata.creator == "Edge 840")
    #expect(metadata.deviceNames == ["Edge 840", "HRM-Pro"])
    #expect(metadata.name == nil)
  }

  @Test func fitWithoutProductNameNamesTheManufacturer() throws {
    let metadata = try Self.read(ActivityFileTests.fit, named: "run.fit").metadata
    #expect(metadata.creator == "Garmin")
    #expect(metadata.deviceNames.isEmpty)
  }

  @Test func otherFormatsCarryNone() throws {
    let file = try Self.read(Array(ActivityFileTests.csv.utf8), named: "run.csv")
    #expect(file.metadata.isEmpty)
    #expect(!ActivityMetadata(creator: "x").isEmpty)
  }

  @Test func longStringsAndListsAreCapped() throws {
    var text = "<gpx version=\"1.1\"><metadata><name>"
    text += String(repeating: "\u{0301}", count: 3_000) + "</name></metadata>\n"
    for index in 0..<1_500 {
      text += "<wpt lat=\"1\" lon=\"2\"><name>\(index)</name></wpt>\n"
      text += "<trk><name>t\(index)</name><link href=\"h\(index)\"/></trk>\n"
    }
    text += "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"
    let metadata = try Self.read(Array(text.utf8), named: "many.gpx").metadata
    #expect(metadata.name?.unicodeScalars.count == ActivityMetadata.maximumStringLength)
    #expect(metadata.waypoints.count == 1_000)
    #expect(metadata.waypoints.last?.name == "999")
    #expect(metadata.links.count == 1_000)
    #expect(metadata.trackNames.count == 1_000)
  }
}
