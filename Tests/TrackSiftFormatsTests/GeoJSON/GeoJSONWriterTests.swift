import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

@Suite struct GeoJSONWriterTests {
  private func parse(_ text: String) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func writesALineStringPerSegmentWithTimesAndVerdicts() throws {
    let track = Track(segments: [
      Segment(fixes: [
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: 0.5), latitudeDegrees: 48.5,
          longitudeDegrees: 2.25, altitudeMeters: 35),
        Fix(latitudeDegrees: 48.25, longitudeDegrees: 2, altitudeMeters: 36.5),
      ]),
      Segment(fixes: []),
      Segment(fixes: [Fix(latitudeDegrees: 1, longitudeDegrees: 2)]),
    ])
    let verdicts: [[Verdict]] = [[.accepted, .rejected(.impliedSpeed)], [], [.accepted]]
    let text = GeoJSONWriter.string(from: track, verdicts: verdicts)
    #expect(
      text
        == "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":"
        + "{\"type\":\"LineString\",\"coordinates\":[[2.25,48.5,35],[2,48.25,36.5]]},"
        + "\"properties\":{\"segment\":0,\"times\":[\"2001-01-01T00:00:00.5Z\",null],"
        + "\"verdicts\":[\"accepted\",\"implied-speed\"]}},{\"type\":\"Feature\",\"geometry\":"
        + "{\"type\":\"Point\",\"coordinates\":[2,1]},\"properties\":{\"segment\":2,"
        + "\"times\":[null],\"verdicts\":[\"accepted\"]}}]}\n")
    let bare = GeoJSONWriter.string(
      from: track, verdicts: verdicts,
      options: .init(includesTimes: false, includesVerdicts: false))
    #expect(bare.contains("\"properties\":{\"segment\":0}"))
    #expect(!GeoJSONWriter.string(from: track).contains("verdicts"))
  }

  @Test func writesNumbersCompactly() {
    #expect(GeoJSONWriter.number(12) == "12")
    #expect(GeoJSONWriter.number(-0.5) == "-0.5")
    #expect(GeoJSONWriter.number(1e-7) == "1e-07")
    #expect(GeoJSONWriter.number(48.123456789012345) == "48.123456789012344")
  }

  @Test func leavesOutNonFiniteCoordinatesAndMixedAltitudes() throws {
    let track = Track(segments: [
      Segment(fixes: [
        Fix(latitudeDegrees: .nan, longitudeDegrees: 1),
        Fix(latitudeDegrees: 1, longitudeDegrees: 2, altitudeMeters: 5),
        Fix(latitudeDegrees: 3, longitudeDegrees: 4),
      ])
    ])
    let text = GeoJSONWriter.string(
      from: track, verdicts: [[.rejected(.invalidCoordinates), .accepted, .accepted]])
    #expect(text.contains("\"coordinates\":[[2,1],[4,3]]"))
    #expect(text.contains("\"verdicts\":[\"accepted\",\"accepted\"]"))
  }

  @Test func roundTripsThroughJSONSerialization() throws {
    var generator = SplitMix64(state: 7_946)
    let track = Track(segments: [
      Segment(fixes: (0..<50).map { _ in randomFix(using: &generator) }),
      Segment(
        fixes: (0..<20).map { _ in
          var fix = randomFix(using: &generator)
          fix.altitudeMeters = nil
          return fix
        }),
    ])
    let json = try parse(GeoJSONWriter.string(from: track))
    #expect(json["type"] as? String == "FeatureCollection")
    let features = try #require(json["features"] as? [[String: Any]])
    #expect(features.count == 2)
    for (feature, segment) in zip(features, track.segments) {
      let geometry = try #require(feature["geometry"] as? [String: Any])
      #expect(geometry["type"] as? String == "LineString")
      let coordinates = try #require(geometry["coordinates"] as? [[Double]])
      #expect(coordinates.count == segment.fixes.count)
      for (position, fix) in zip(coordinates, segment.fixes) {
        var expected = [fix.longitudeDegrees, fix.latitudeDegrees]
        if let altitude = fix.altitudeMeters { expected.append(altitude) }
        #expect(position.count == expected.count)
        for (value, wanted) in zip(position, expected) {
          // JSONSerialization's number parsing is not always correctly rounded.
          #expect(abs(value - wanted) <= abs(wanted) * 1e-15)
        }
      }
      let properties = try #require(feature["properties"] as? [String: Any])
      let times = try #require(properties["times"] as? [String])
      #expect(
        times
          == segment.fixes.map {
            ISO8601Time.string(secondsSinceReferenceDate: $0.timeSeconds!)
          })
    }
  }
}
