import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

@Suite struct GeoJSONReaderTests {
  @Test func readsBackWhatTheWriterWrites() throws {
    var generator = SplitMix64(state: 27)
    let track = Track(segments: [
      Segment(fixes: (0..<25).map { _ in randomFix(using: &generator) }),
      Segment(fixes: []),
      Segment(fixes: [randomFix(using: &generator)]),
      // Some fixes without altitude: the altitudes go into the extension.
      Segment(fixes: [
        Fix(latitudeDegrees: 1, longitudeDegrees: 2, altitudeMeters: 3),
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: 1.25), latitudeDegrees: 1.5,
          longitudeDegrees: 2.5),
      ]),
    ])
    let document = try GeoJSONReader.read(data: GeoJSONWriter.data(from: track))
    #expect(document.track.segments == track.segments.filter { !$0.fixes.isEmpty })
    #expect(document.refusedFieldCounts.isEmpty)
    #expect(document.epochTimeUnit == nil)
  }

  @Test func readsOrdinaryGeoJSON() throws {
    // togeojson's output: a MultiLineString with coordTimes, then a LineString with
    // coordinateProperties.times, a Polygon, and a feature without geometry.
    let text = """
      {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"coordTimes":[
          ["2024-05-01T07:00:00Z","2024-05-01T07:00:01Z"],["2024-05-01T07:00:05Z"]]},
         "geometry":{"type":"MultiLineString","coordinates":[[[6.6,46.5,400],[6.6001,46.5,401]],
           [[6.6002,46.5]]]}},
        {"type":"Feature","properties":{"coordinateProperties":{"times":[1714546800000,null]}},
         "geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}},
        {"type":"Feature","properties":null,
         "geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
        {"type":"Feature","properties":{},"geometry":null}
      ]}
      """
    let document = try GeoJSONReader.read(string: text)
    let segments = document.track.segments
    #expect(segments.map(\.fixes.count) == [2, 1, 2])
    let first = try #require(segments.first?.fixes.first)
    #expect(first.longitudeDegrees == 6.6)
    #expect(first.latitudeDegrees == 46.5)
    #expect(first.altitudeMeters == 400)
    #expect(first.timestamp == Date(timeIntervalSince1970: 1_714_546_800))
    #expect(segments[1].fixes[0].timestamp == Date(timeIntervalSince1970: 1_714_546_805))
    #expect(segments[2].fixes[0].timestamp == Date(timeIntervalSince1970: 1_714_546_800))
    #expect(segments[2].fixes[1].timestamp == nil)
    #expect(document.epochTimeUnit == .milliseconds)
    #expect(document.skippedGeometryCount == 2)
  }

  @Test func readsBareGeometriesAndCollections() throws {
    let line = try GeoJSONReader.read(
      string: "{\"type\":\"LineString\",\"coordinates\":[[1,2],[3,4]]}")
    #expect(line.track.allFixes.map(\.latitudeDegrees) == [2, 4])
    let collection = try GeoJSONReader.read(
      string: "{\"type\":\"GeometryCollection\",\"geometries\":[{\"type\":\"Point\","
        + "\"coordinates\":[5,6]},{\"type\":\"MultiPoint\",\"coordinates\":[[7,8],[9,10]]}]}")
    #expect(collection.track.segments.map(\.fixes.count) == [1, 2])
    let point = try GeoJSONReader.read(
      string: "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[5,6,7]},"
        + "\"properties\":{\"time\":\"2024-05-01T07:00:00Z\"}}")
    #expect(point.track.allFixes.first?.timestamp == Date(timeIntervalSince1970: 1_714_546_800))
    #expect(point.track.allFixes.first?.altitudeMeters == 7)
  }

  @Test func refusesBadInputWithWhere() {
    let cases: [(String, String)] = [
      ("", "byte 0: the file is empty"),
      ("{\"type\":\"LineString\",", "byte 21: unexpected end of file"),
      ("{\"type\":\"Feature\"} x", "byte 19: text after the JSON value"),
      ("[1,2]", "expected a GeoJSON object, found an array"),
      ("{\"coordinates\":[]}", "a GeoJSON object needs a \"type\" string"),
      ("{\"type\":\"Circle\"}", "not a GeoJSON geometry type: \"Circle\""),
      ("{\"type\":\"FeatureCollection\"}", "a FeatureCollection needs a \"features\" array"),
      (
        "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":"
          + "{\"type\":\"LineString\",\"coordinates\":[[1,2],[3,\"x\"]]}}]}",
        "features[0].geometry.coordinates[1]: a position needs a longitude and a latitude "
          + "(numbers), found an array"
      ),
      (
        "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[1,2],[3,4]]},"
          + "\"properties\":{\"times\":[\"2024-05-01T07:00:00Z\"]}}",
        "properties.times: 1 values for 2 positions"
      ),
      (
        "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[1,2],[3,4]]},"
          + "\"properties\":{\"times\":[\"noon\",null]}}",
        "properties.times[0]: not an ISO 8601 time: \"noon\""
      ),
      (
        "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[1,2],[3,4]]},"
          + "\"properties\":{\"tracksift\":{\"speed\":[1,\"fast\"]}}}",
        "properties.tracksift.speed[1]: not a speed value: a string"
      ),
      (String(repeating: "[", count: 100), "byte 64: nested deeper than 64 arrays and objects"),
      ("{\"type\":\"Point\",\"coordinates\":[1,NaN]}", "byte 33: unexpected 'N'"),
    ]
    for (text, message) in cases {
      do {
        let document = try GeoJSONReader.read(string: text)
        Issue.record("read \(document.track.fixCount) fixes from \(text)")
      } catch {
        #expect(error.description == message, "\(text)")
      }
    }
  }

  @Test func decodesStringEscapes() throws {
    let document = try GeoJSONReader.read(
      string: "{\"type\":\"Point\",\"coordinates\":[1,2],\"n\":\"a\\u00e9\\ud83d\\ude00\\n\\\"\"}")
    #expect(document.track.fixCount == 1)
    let value = try "\"a\\u00e9\\ud83d\\ude00\\n\\\"\\ud800x\"".utf8
      .withContiguousStorageIfAvailable {
        try JSONParser.parse(UnsafeRawBufferPointer($0))
      }
    #expect(value?.string == "aé😀\n\"\u{FFFD}x")
  }
}
