import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// Small files of each format, written to a temporary folder and read through ``ActivityFile``.
@Suite struct ActivityFileTests {
  static let gpx = """
    <?xml version="1.0"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
     <trk><name>Morning run</name><trkseg>
      <trkpt lat="47.5" lon="8.5"><time>2024-05-01T07:00:00Z</time></trkpt>
      <trkpt lat="47.5001" lon="8.5"><time>2024-05-01T07:00:01Z</time></trkpt>
     </trkseg></trk>
    </gpx>
    """

  static let tcx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
     <Activities><Activity Sport="Running"><Id>2024-05-01T07:00:00Z</Id>
      <Lap StartTime="2024-05-01T07:00:00Z">
       <TotalTimeSeconds>1</TotalTimeSeconds><DistanceMeters>11</DistanceMeters>
       <Track>
        <Trackpoint><Time>2024-05-01T07:00:00Z</Time>
         <Position><LatitudeDegrees>47.5</LatitudeDegrees>
          <LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
        <Trackpoint><Time>2024-05-01T07:00:01Z</Time>
         <Position><LatitudeDegrees>47.5001</LatitudeDegrees>
          <LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
       </Track>
      </Lap>
     </Activity></Activities>
    </TrainingCenterDatabase>
    """

  static let nmea = """
    $GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A
    $GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47

    """

  static let csv = """
    time,latitude,longitude
    2024-05-01T07:00:00Z,47.5,8.5
    2024-05-01T07:00:01Z,47.5001,8.5

    """

  static let geoJSON = """
    {"type":"Feature","properties":{},
     "geometry":{"type":"LineString","coordinates":[[8.5,47.5],[8.5,47.5001]]}}
    """

  /// A FIT file with a file ID and two records one second apart.
  static var fit: [UInt8] {
    var file = FITTestFile()
    file.define(local: 0, global: 0, fields: [(0, 1, 0x00), (1, 2, 0x84), (2, 2, 0x84)])
    file.data(local: 0, [4] + le16(1) + le16(2_337))
    file.define(local: 1, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
    for second in 0..<2 {
      file.data(
        local: 1,
        le32(1_000_000_000 + UInt32(second)) + le32(signed: 1 << 29) + le32(signed: 1 << 29))
    }
    return file.bytes()
  }

  /// A folder of its own for one test's files, removed afterwards by the caller.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ActivityFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func write(_ bytes: some Sequence<UInt8>, named name: String, in folder: URL) throws
    -> URL
  {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  /// A file of one format, named after its format in test results.
  struct Sample: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var format: ActivityFileFormat
    var fixCount: Int
    var testDescription: String { name }
  }

  static let samples = [
    Sample(name: "run.gpx", bytes: Array(gpx.utf8), format: .gpx, fixCount: 2),
    Sample(name: "run.tcx", bytes: Array(tcx.utf8), format: .tcx, fixCount: 2),
    Sample(name: "run.fit", bytes: fit, format: .fit, fixCount: 2),
    Sample(name: "run.nmea", bytes: Array(nmea.utf8), format: .nmea, fixCount: 1),
    Sample(name: "run.csv", bytes: Array(csv.utf8), format: .csv, fixCount: 2),
    Sample(name: "run.geojson", bytes: Array(geoJSON.utf8), format: .geojson, fixCount: 2),
    Sample(
      name: "gnss_log.txt", bytes: Array(GnssLoggerReaderTests.version3Log.utf8),
      format: .gnssLogger, fixCount: 2),
  ]

  @Test(arguments: samples)
  func eachFormatIsDetectedAndRead(_ sample: Sample) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A misleading extension: content decides.
    let url = try Self.write(sample.bytes, named: sample.name + ".data", in: folder)
    let file = try ActivityFile.read(contentsOf: url)
    #expect(file.format == sample.format)
    #expect(file.track.fixCount == sample.fixCount)
  }

  @Test func notesAndDeviceTotalsAreGiven() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tcx = try ActivityFile.read(
      contentsOf: try Self.write(Array(Self.tcx.utf8), named: "run.tcx", in: folder))
    #expect(tcx.deviceTotals?.distanceMeters == 11)
    #expect(tcx.deviceTotals?.timerTimeSeconds == 1)
    #expect(tcx.notes.isEmpty)
    #expect(tcx.note == nil)
    let log = try ActivityFile.read(
      contentsOf: try Self.write(
        Array(GnssLoggerReaderTests.version3Log.utf8), named: "gnss_log.txt", in: folder))
    #expect(log.deviceTotals == nil)
    #expect(log.notes == ["the GPS provider's Fix lines (FLP 1, NLP 1 left out)"])
  }

  @Test func aDamagedFileIsReadUpToTheDamageUnlessStrict() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cut = Self.gpx.prefix(
      upTo: try #require(Self.gpx.range(of: "<time>2024-05-01T07:00:01"))
        .lowerBound)
    let url = try Self.write(Array(cut.utf8), named: "cut.gpx", in: folder)

    let lenient = try ActivityFile.read(contentsOf: url)
    #expect(lenient.track.fixCount == 1)
    let note = try #require(lenient.note)
    #expect(note.hasPrefix("the file is damaged (line 5, column "))
    #expect(note.hasSuffix("): the 1 fix before it read"))

    let error = try #require(throws: ActivityFileError.self) {
      try ActivityFile.read(contentsOf: url, strict: true)
    }
    guard case .refused(let refusal) = error.reason, let located = refusal as? XMLReadError else {
      Issue.record("refused with \(error.reason), not the reader's error")
      return
    }
    #expect(located.line == 5)
    #expect(error.description == url.path + ": " + located.description)
  }

  @Test func anUnknownFormatIsRefusedWithWhatItStartsWith() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try Self.write(Array("hello, world\n".utf8), named: "notes.txt", in: folder)
    let error = try #require(throws: ActivityFileError.self) {
      try ActivityFile.read(contentsOf: url)
    }
    guard case .unknownFormat(let detection) = error.reason else {
      Issue.record("refused with \(error.reason)")
      return
    }
    #expect(detection.start == "hello, world\\x0A")
    #expect(
      error.description
        == url.path + ": not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file"
        + " (its first line names no latitude and longitude columns: \"hello, world\")")
  }

  @Test func aMissingFileAFolderAndAnEmptyLogAreRefusedByName() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = try #require(throws: ActivityFileError.self) {
      try ActivityFile.read(atPath: "no/such/run.gpx")
    }
    #expect(missing.description == "no/such/run.gpx: no such file")
    let directory = try #require(throws: ActivityFileError.self) {
      try ActivityFile.read(atPath: folder.path)
    }
    #expect(directory.description == folder.path + ": a folder, not a file")
    let header = try Self.write(Array("latitude,longitude\n".utf8), named: "e.csv", in: folder)
    let empty = try #require(throws: ActivityFileError.self) {
      try ActivityFile.read(contentsOf: header)
    }
    #expect(empty.description == header.path + ": the CSV file holds no row after its header")
  }

  @Test func severalSessionsCombineIntoOneTotal() throws {
    let run = DeviceTotals(
      sport: "running", distanceMeters: 5_000, timerTimeSeconds: 1_500,
      maximumSpeedMetersPerSecond: 4)
    let ride = DeviceTotals(
      sport: "cycling", distanceMeters: 20_000, timerTimeSeconds: 2_400,
      maximumSpeedMetersPerSecond: 12)
    #expect(DeviceTotals(combining: []) == nil)
    #expect(DeviceTotals(combining: [run]) == run)
    let both = try #require(DeviceTotals(combining: [run, ride]))
    #expect(both.sport == "multisport")
    #expect(both.distanceMeters == 25_000)
    #expect(both.timerTimeSeconds == 3_900)
    #expect(both.maximumSpeedMetersPerSecond == 12)
    #expect(both.ascentMeters == nil)
  }
}
