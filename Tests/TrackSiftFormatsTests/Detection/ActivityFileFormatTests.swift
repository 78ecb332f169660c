import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

private func detect(_ text: String, _ fileExtension: String? = nil) throws(FormatDetectionError)
  -> ActivityFileFormat
{
  try ActivityFileFormat.detect(prefix: Array(text.utf8), fileExtension: fileExtension)
}

/// The files of a shared-data folder (recursively) whose names end with one of `suffixes`.
private func sharedFiles(_ folder: String, _ suffixes: [String]) throws -> [URL] {
  let root = try #require(sharedDataDirectory).appendingPathComponent(folder)
  let enumerator = FileManager.default.enumerator(atPath: root.path)
  var urls: [URL] = []
  while let path = enumerator?.nextObject() as? String {
    guard suffixes.contains(where: { path.hasSuffix($0) }), !path.hasSuffix("SOURCE.txt")
    else { continue }
    urls.append(root.appendingPathComponent(path))
  }
  return urls.sorted { $0.path < $1.path }
}

@Suite struct ActivityFileFormatTests {
  @Test func detectsXMLRootsPastDeclarationsCommentsAndPrefixes() throws {
    #expect(try detect("<gpx version=\"1.1\"></gpx>") == .gpx)
    #expect(
      try detect(
        "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- exported -->\n<!DOCTYPE x [<!ENTITY a \"b\">]>"
          + "<?pi x?>\n<TrainingCenterDatabase xmlns=\"x\">") == .tcx)
    #expect(try detect("<g:gpx xmlns:g=\"x\">") == .gpx)
    // The extension breaks the tie when the root lies beyond the prefix.
    #expect(try detect("<?xml version=\"1.0\"?><!-- a long comment", "TCX") == .tcx)
    #expect(throws: FormatDetectionError.self) { try detect("<?xml version=\"1.0\"?><!-- x") }
    // Content wins over the extension.
    #expect(try detect("<gpx>", "tcx") == .gpx)
  }

  @Test func detectsFITByItsHeader() throws {
    var header: [UInt8] = [14, 0x10, 0, 0, 0, 0, 0, 0] + Array(".FIT".utf8) + [0, 0]
    #expect(try ActivityFileFormat.detect(prefix: header, fileExtension: "gpx") == .fit)
    header[0] = 12
    #expect(try ActivityFileFormat.detect(prefix: header.prefix(12), fileExtension: nil) == .fit)
    header[0] = 13
    #expect(throws: FormatDetectionError.self) {
      try ActivityFileFormat.detect(prefix: header, fileExtension: "fit")
    }
  }

  @Test func detectsNMEAAfterOtherLines() throws {
    #expect(try detect("# gpsd log\n# more\n$GPGGA,123519,4807.038,N*47\r\n") == .nmea)
    #expect(try detect("!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0*24\n") == .nmea)
    #expect(throws: FormatDetectionError.self) { try detect("$ echo hello\n") }
  }

  @Test func detectsGnssLoggerNMEALines() throws {
    let line =
      "NMEA,$GPGGA,234257.00,3725.590397,N,12210.422534,W,1,24,0.4,51.9,M,-28.4,M,,*63,1699400577561\n"
    #expect(try detect("# Header\n" + line) == .nmea)
    #expect(throws: FormatDetectionError.self) { try detect("NMEA,hello\n") }
  }

  @Test func detectsCSVByItsHeader() throws {
    #expect(try detect("time,lat,lon\n2020-01-01T00:00:00Z,1,2\n") == .csv)
    #expect(try detect("\u{FEFF}Timestamp,Latitude [deg],Longitude [deg],hr\r\n") == .csv)
    #expect(throws: FormatDetectionError.self) { try detect("time,lat,ele\n1,2,3\n") }
    // A spreadsheet's semicolons, a tab-separated table.
    #expect(try detect("time;lat;lon\n2020-01-01T00:00:00Z;1,5;2,5\n") == .csv)
    #expect(try detect("time\tlatitude\tlongitude\n2020-01-01T00:00:00Z\t1.5\t2.5\n") == .csv)
    #expect(throws: FormatDetectionError.self) { try detect("time;lat;ele\n1;2;3\n") }
    // A header that is also a sentence: the extension decides.
    #expect(try detect("$GPXX,lat,lon\n", "csv") == .csv)
    #expect(try detect("$GPXX,lat,lon\n", "nmea") == .nmea)
    #expect(try detect("$GPXX,lat,lon\n") == .nmea)
  }

  @Test func detectsGeoJSONByItsType() throws {
    #expect(try detect("{\"type\": \"FeatureCollection\", \"features\": []}") == .geojson)
    #expect(try detect("\u{FEFF} \n{\"features\":[],\"type\" : \"FeatureCollection\"}") == .geojson)
    #expect(try detect("{\"type\":\"LineString\",\"coordinates\":[]}") == .geojson)
    // A member named type that is not GeoJSON's, and JSON that is not an object.
    #expect(throws: FormatDetectionError.self) { try detect("{\"type\":\"Featured\"}") }
    #expect(throws: FormatDetectionError.self) { try detect("[{\"type\":\"Feature\"}]") }
    // Any JSON object in a file named .geojson.
    #expect(try detect("{\"features\":[]}", "geojson") == .geojson)
  }

  @Test func refusesJunkAndShowsWhatItLooksLike() {
    let cases: [([UInt8], String)] = [
      (
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 9],
        "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (starts with \"\\x89PNG\\x0D\\x0A\\x1A\\x0A"
          + "\\x00\\x00\\x00\\x0DIHDR\")"
      ),
      ([], "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (it is empty)"),
      (
        Array("{\"class\":\"TPV\",\"lat\":1}".utf8),
        "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (starts with"
          + " \"{\"class\":\"TPV\",\"\")"
      ),
      // Other XML: its root element.
      (
        Array("<?xml version=\"1.0\"?>\n<pwx version=\"1.0\">".utf8),
        "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (XML whose root element is <pwx>,"
          + " where GPX's is <gpx> and TCX's <TrainingCenterDatabase>)"
      ),
      (
        Array("<!-- exported --><k:kml xmlns:k=\"http://www.opengis.net/kml/2.2\">".utf8),
        "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (XML whose root element is <kml>,"
          + " where GPX's is <gpx> and TCX's <TrainingCenterDatabase>)"
      ),
      // A table without position columns: its header, cut at 80 characters.
      (
        Array("Timestamp, Heart Rate [bpm],Speed [m/s]\r\n17217869,93,3.54\r\n".utf8),
        "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (its first line names no latitude"
          + " and longitude columns: \"Timestamp, Heart Rate [bpm],Speed [m/s]\")"
      ),
      (
        Array((String(repeating: "column,", count: 20) + "\n").utf8),
        "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (its first line names no latitude"
          + " and longitude columns: \"\(String(repeating: "column,", count: 11))col\")"
      ),
      // A first line with commas that is not text is shown as bytes.
      (
        Array("time,\u{01}lat\n".utf8),
        "not a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file (starts with \"time,\\x01lat\\x0A\")"
      ),
    ]
    for (bytes, message) in cases {
      do {
        let format = try ActivityFileFormat.detect(prefix: bytes, fileExtension: "gpx")
        Issue.record("detected \(format) in \(message)")
      } catch {
        #expect(error.description == message)
      }
    }
    var generator = SplitMix64(state: 99)
    for _ in 0..<200 {
      let bytes = (0..<Int.random(in: 0..<600, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      #expect(throws: FormatDetectionError.self) {
        try ActivityFileFormat.detect(prefix: bytes, fileExtension: nil)
      }
    }
  }

  @Test func extensionsMapToFormats() {
    #expect(ActivityFileFormat(fileExtension: "GPX") == .gpx)
    #expect(ActivityFileFormat(fileExtension: "nma") == .nmea)
    #expect(ActivityFileFormat(fileExtension: "pwx") == nil)
  }

  @Test(.enabled(if: sharedDataPresent, "../shared is absent"))
  func detectsEveryRealFileByContent() throws {
    let groups: [(ActivityFileFormat?, [URL])] = [
      (.gpx, try sharedFiles("corpus/gpx", [".gpx"]) + sharedFiles("devices", [".gpx"])),
      (.tcx, try sharedFiles("corpus/gpsbabel/tcx", [".tcx"]) + sharedFiles("devices", [".tcx"])),
      (.fit, try sharedFiles("corpus/gpsbabel/fit", [".fit"]) + sharedFiles("devices", [".fit"])),
      (
        .nmea,
        try sharedFiles("corpus/gpsbabel/nmea", [""]) + sharedFiles("corpus/nmea-gpsd", [".log"])
          + sharedFiles("truth", [".nmea", ".gga"])
      ),
      (.gnssLogger, try sharedFiles("truth/android-gnsslogger-samples", [".txt"])),
      // GSDC 2022's raw measurements carry the least-squares solution in ECEF columns.
      (.csv, try sharedFiles("truth", [".csv"]) + sharedFiles("spikes", [".csv"])),
      // PWX is XML of another root.
      (nil, try sharedFiles("devices", [".pwx"])),
    ]
    for (expected, urls) in groups {
      #expect(!urls.isEmpty)
      for url in urls {
        let handle = try FileHandle(forReadingFrom: url)
        let prefix =
          try handle.read(upToCount: ActivityFileFormat.detectionPrefixLength) ?? Data()
        try handle.close()
        // Without the extension: the content alone decides.
        let format = try? ActivityFileFormat.detect(prefix: prefix, fileExtension: nil)
        #expect(format == expected, "\(url.lastPathComponent)")
        if let expected {
          #expect(try ActivityFileFormat.detect(contentsOf: url) == expected)
        }
      }
    }
  }
}
