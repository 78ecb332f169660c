import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// Lenient reading keeps what a damaged GPX file held before its damage.
@Suite struct GPXLenientReadingTests {
  private static func fixes(_ count: Int, from start: Int) -> [Fix] {
    (start..<(start + count)).map { index in
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: Double(index)),
        latitudeDegrees: 46 + Double(index) * 1e-4, longitudeDegrees: 6.6, altitudeMeters: 400,
        horizontalAccuracyMeters: 4, speedMetersPerSecond: 3)
    }
  }

  private static let document = GPXDocument(
    name: "Two segments",
    tracks: [
      Track(
        name: "Run",
        segments: [Segment(fixes: fixes(3, from: 0)), Segment(fixes: fixes(2, from: 3))])
    ],
    routes: [GPXDocument.Route(name: "Plan", points: fixes(2, from: 10))])

  private static func read(
    _ bytes: some Collection<UInt8>, lenient: Bool
  ) throws(XMLReadError) -> GPXDocument {
    try GPXReader.read(data: Data(bytes), options: .init(lenient: lenient))
  }

  @Test func anUnclosedRecordingKeepsEveryCompletePoint() throws {
    // What an app that writes GPX as it records leaves when it is killed: no closing tags.
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="GPSLogger">
      <trk><name>Morning</name><trkseg>
      <trkpt lat="46.0" lon="6.6"><time>2024-05-01T07:00:00Z</time></trkpt>
      <trkpt lat="46.0001" lon="6.6"><time>2024-05-01T07:00:01Z</time></trkpt>
      <trkpt lat="46.0002" lon="6.6"><time>2024-05-01T07:00:02Z</time></trkpt>
      <trkpt lat="46.0003" lon="6.6"><time>2024-05-01T07:00:0
      """
    #expect(throws: XMLReadError.self) { try Self.read(Array(text.utf8), lenient: false) }
    let document = try Self.read(Array(text.utf8), lenient: true)
    #expect(document.tracks.count == 1)
    #expect(document.tracks[0].name == "Morning")
    #expect(document.tracks[0].segments.map(\.fixes.count) == [3])
    #expect(document.creator == "GPSLogger")
    #expect(
      document.stoppedAt?.description == "line 7, column 56: unexpected end of file inside <time>")
  }

  @Test func damageInTheMiddleKeepsWhatCameBefore() throws {
    let text = """
      <gpx><trk><trkseg>
      <trkpt lat="1" lon="2"></trkpt>
      <trkpt lat="1.1" lon="2"><ele>12</ele></trkpt>
      </trkseg><trkseg>
      <trkpt lat="1.2" lon="2"><ele>x</ele></trkpt>
      <trkpt lat="1.3" lon="2"></trkpt>
      </trkseg></trk></gpx>
      """
    let document = try Self.read(Array(text.utf8), lenient: true)
    #expect(document.tracks.map { $0.segments.map(\.fixes.count) } == [[2]])
    #expect(document.stoppedAt?.line == 5)
    #expect(document.stoppedAt?.reason.contains("not a number") == true)
  }

  @Test func nothingToReadIsStillNamed() throws {
    let empty = try Self.read([UInt8](), lenient: true)
    #expect(empty.tracks.isEmpty)
    #expect(empty.stoppedAt?.reason == "the file is empty")
    let html = try Self.read(Array("<html></html>".utf8), lenient: true)
    #expect(html.stoppedAt?.reason == "the root element is <html>, not <gpx>")
  }

  /// Every prefix of a valid file: lenient reading names the damage strict reading throws,
  /// and its points are the first points of the whole file, never fewer as the prefix grows.
  @Test func everyTruncationGivesAPrefixOfThePoints() throws {
    let bytes = Array(GPXWriter.data(from: Self.document))
    let whole = try Self.read(bytes, lenient: false)
    let allFixes = whole.tracks.flatMap(\.allFixes)
    var previousFixes = 0
    var previousRoutePoints = 0
    for length in 0...bytes.count {
      let prefix = bytes.prefix(length)
      let lenient = try Self.read(prefix, lenient: true)
      do {
        let strict = try Self.read(prefix, lenient: false)
        #expect(lenient == strict, "length \(length)")
      } catch {
        #expect(lenient.stoppedAt == error, "length \(length)")
      }
      let fixes = lenient.tracks.flatMap(\.allFixes)
      #expect(fixes == Array(allFixes.prefix(fixes.count)), "length \(length)")
      #expect(fixes.count >= previousFixes, "length \(length)")
      let routePoints = lenient.routes.flatMap(\.points)
      #expect(routePoints.count >= previousRoutePoints, "length \(length)")
      previousFixes = fixes.count
      previousRoutePoints = routePoints.count
    }
    #expect(previousFixes == allFixes.count)
    #expect(previousRoutePoints == 2)
  }
}
