import Foundation
import Testing

@testable import TrackSiftFormats

@Suite struct GPXReaderErrorTests {
  @Test func emptyFile() throws {
    let error = try #require(gpxError(""))
    #expect(error.description == "line 1, column 1: the file is empty")
    let blank = try #require(gpxError(Data([0xEF, 0xBB, 0xBF, 0x20, 0x0A])))
    #expect(blank.reason == "the file is empty")
  }

  @Test func htmlRoot() throws {
    let error = try #require(gpxError("<!DOCTYPE html>\n<html><body>hi</body></html>"))
    #expect(error.description == "line 2, column 1: the root element is <html>, not <gpx>")
  }

  @Test func truncatedInsideTrackPoint() throws {
    let text = "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><ele>5</ele>"
    let error = try #require(gpxError(text))
    #expect(error.description == "line 3, column 36: unexpected end of file inside <trkpt>")
    #expect(error.byteOffset == text.utf8.count)
  }

  @Test(arguments: [
    ("<gpx><trk", "unexpected end of file inside a tag"),
    ("<gpx><trk><trkseg><trkpt lat=\"1", "unexpected end of file inside an attribute value"),
    (
      "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>5</e",
      "unexpected end of file inside <ele>"
    ),
    ("<gpx><trk><trkseg></trkseg></trk>", "unexpected end of file inside <gpx>"),
    ("<gpx><!-- never closed", "unexpected end of file inside a comment"),
    (
      "<gpx><wpt lat=\"1\" lon=\"2\"><name><![CDATA[x",
      "unexpected end of file inside a CDATA section"
    ),
    ("<?xml version=\"1.0\"", "unexpected end of file inside a processing instruction"),
    ("<", "unexpected end of file"),
  ])
  func truncatedAtSeveralPoints(text: String, reason: String) throws {
    let error = try #require(gpxError(text))
    #expect(error.reason == reason)
    #expect(error.byteOffset == text.utf8.count)
    #expect(error.line == 1)
  }

  @Test func truncatedRealisticFileAtEveryByteNeverReads() throws {
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="t"><trk><name>a</name><trkseg>
      <trkpt lat="1.5" lon="2.5"><ele>3</ele><time>2020-01-01T00:00:00Z</time></trkpt>
      </trkseg></trk></gpx>
      """
    let bytes = Array(text.utf8)
    for length in 0..<bytes.count {
      #expect(throws: XMLReadError.self) { try GPXReader.read(data: Data(bytes[0..<length])) }
    }
    #expect(try GPXReader.read(data: Data(bytes)).tracks.count == 1)
  }

  @Test func mismatchedTags() throws {
    let error = try #require(gpxError("<gpx>\n  <trk><trkseg>\n</trk></gpx>"))
    #expect(
      error.description
        == "line 3, column 1: mismatched tags: </trk> closes <trkseg> opened at line 2, column 8")
  }

  @Test func missingLatitude() throws {
    let error = try #require(
      gpxError("<gpx><trk><trkseg>\n  <trkpt lon=\"2\"/></trkseg></trk></gpx>"))
    #expect(error.description == "line 2, column 3: <trkpt> has no lat attribute")
    let noLongitude = try #require(gpxError("<gpx><rte><rtept lat=\"2\"/></rte></gpx>"))
    #expect(noLongitude.description == "line 1, column 11: <rtept> has no lon attribute")
  }

  @Test func unparsableLatitude() throws {
    let error = try #require(
      gpxError("<gpx><trk><trkseg>\n<trkpt lat=\"12,5\" lon=\"2\"/></trkseg></trk></gpx>"))
    #expect(error.description == "line 2, column 13: latitude is not a number: \"12,5\"")
  }

  @Test(arguments: [
    ("<ele>abc</ele>", "<ele> is not a number: \"abc\""),
    ("<ele>1.2.3</ele>", "<ele> is not a number: \"1.2.3\""),
    ("<time>yesterday</time>", "<time> is not a time: \"yesterday\""),
    ("<time>2021-02-30T00:00:00Z</time>", "<time> is not a time: \"2021-02-30T00:00:00Z\""),
    ("<sat>-3</sat>", "<sat> is not a satellite count: \"-3\""),
    ("<fix>4d</fix>", "<fix> is not a fix type (none, 2d, 3d, dgps, pps): \"4d\""),
    ("<extensions><hr>fast</hr></extensions>", "<hr> is not a number: \"fast\""),
  ])
  func badValues(element: String, reason: String) throws {
    let error = try #require(gpxError("<gpx>\n<wpt lat=\"1\" lon=\"2\">\(element)</wpt></gpx>"))
    #expect(error.reason == reason)
    #expect(error.line == 2)
  }

  @Test func malformedXML() throws {
    #expect(
      gpxError("<gpx><wpt lat=1 lon=\"2\"/></gpx>")?.reason == "expected a quoted attribute value")
    #expect(
      gpxError("<gpx><wpt lat lon=\"2\"/></gpx>")?.reason == "expected '=' after an attribute name")
    #expect(gpxError("<gpx></gpx><gpx></gpx>")?.reason == "a second root element")
    #expect(gpxError("<gpx></gpx>trailing")?.reason == "text after the root element")
    #expect(gpxError("junk<gpx></gpx>")?.reason == "text before the root element")
    #expect(gpxError("<gpx></trk>")?.reason.hasPrefix("mismatched tags") == true)
    #expect(
      gpxError("<gpx><metadata><name>a & b</name></metadata></gpx>")?.reason
        == "an '&' that starts no entity")
    #expect(
      gpxError("<gpx><metadata><name>&#0;</name></metadata></gpx>")?.reason
        == "invalid character reference &#0;")
    // UTF-16 is read as its text: here a lone "<".
    #expect(gpxError(Data([0xFF, 0xFE, 0x3C, 0x00]))?.reason == "unexpected end of file")
    #expect(gpxError("<!-- only a comment -->")?.reason == "the file has no root element")
  }

  @Test func garbageNeverCrashes() throws {
    var generator = SystemRandomNumberGenerator()
    var bytes = [UInt8](repeating: 0, count: 10_000_000)
    bytes.withUnsafeMutableBytes { buffer in
      for index in stride(from: 0, to: buffer.count, by: 8) {
        buffer.storeBytes(of: generator.next() as UInt64, toByteOffset: index, as: UInt64.self)
      }
    }
    let error = try #require(gpxError(Data(bytes)))
    #expect(error.line >= 1)
    // Random bytes after a valid start, too.
    var prefixed = Array("<gpx><trk><trkseg>".utf8)
    prefixed += bytes[0..<1_000_000]
    let prefixedError = try #require(gpxError(Data(prefixed)))
    #expect(prefixedError.line >= 1)
    #expect(prefixedError.byteOffset <= prefixed.count)
  }

  @Test func lineAndColumnCountCharactersNotBytes() throws {
    let error = try #require(
      gpxError("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>Čšž</name><ele>x</ele></wpt></gpx>"))
    #expect(error.line == 2)
    #expect(error.column == 43)
    #expect(error.byteOffset == 6 + 45)
  }
}
