import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// A seeded generator, so that a failing round trip can be repeated.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A fix with every field set to a random value.
func randomFix(using generator: inout SplitMix64) -> Fix {
  func value(_ range: ClosedRange<Double>) -> Double {
    // Sometimes whole, sometimes tiny, mostly arbitrary: all must round-trip exactly.
    switch Int.random(in: 0..<6, using: &generator) {
    case 0:
      // Whole numbers within the range: readers refuse values outside a field's physical range.
      return Double(
        Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &generator))
    case 1: return Double.random(in: 0...1e-6, using: &generator)
    default: return Double.random(in: range, using: &generator)
    }
  }
  return Fix(
    timestamp: Date(timeIntervalSinceReferenceDate: value(-3e9...3e9)),
    arrivalTime: Date(timeIntervalSinceReferenceDate: value(0...1e9)),
    latitudeDegrees: value(-90...90), longitudeDegrees: value(-180...180),
    altitudeMeters: value(-400...9000), horizontalAccuracyMeters: value(0...100),
    verticalAccuracyMeters: value(0...100), speedMetersPerSecond: value(0...100),
    speedAccuracyMetersPerSecond: value(0...10), courseDegrees: value(0...360),
    courseAccuracyDegrees: value(0...180),
    source: FixSource.allCases.randomElement(using: &generator)!,
    receiver: ReceiverStatus(
      fixType: ReceiverStatus.FixType.allCases.randomElement(using: &generator),
      satellitesUsed: Int.random(in: 0...40, using: &generator),
      horizontalDilution: value(0...50), verticalDilution: value(0...50),
      positionDilution: value(0...50)),
    sensors: SensorValues(
      heartRateBeatsPerMinute: value(30...300), cadencePerMinute: value(0...300),
      powerWatts: value(0...2000), temperatureCelsius: value(-40...50)))
}

@Suite struct GPXWriterTests {
  @Test func roundTripsRandomFixesExactly() throws {
    var generator = SplitMix64(state: 20_261_123)
    for _ in 0..<20 {
      func fixes(_ count: Int) -> [Fix] { (0..<count).map { _ in randomFix(using: &generator) } }
      let document = GPXDocument(
        creator: "Round & \"trip\" <test>", name: "Café\tČ\nline <2> & 'x'",
        tracks: [
          Track(name: "Track 1", segments: [Segment(fixes: fixes(30)), Segment(fixes: [])]),
          Track(name: nil, segments: [Segment(fixes: fixes(5))]),
        ],
        routes: [GPXDocument.Route(name: "Route", points: fixes(4))],
        waypoints: [GPXDocument.Waypoint(fix: fixes(1)[0], name: "Spring\r\n")])
      let read = try GPXReader.read(data: GPXWriter.data(from: document))
      #expect(read == document)
      if read != document {
        let written = read.tracks.first?.segments.first?.fixes ?? []
        for (original, copy) in zip(document.tracks[0].segments[0].fixes, written)
        where original != copy {
          Issue.record("\(original) became \(copy)")
          break
        }
        return
      }
    }
  }

  @Test func roundTripsMinimalAndNonFiniteFixes() throws {
    let document = GPXDocument(
      creator: "t",
      tracks: [
        Track(segments: [
          Segment(fixes: [
            Fix(latitudeDegrees: 1, longitudeDegrees: 2),
            Fix(latitudeDegrees: .nan, longitudeDegrees: -.infinity),
            Fix(latitudeDegrees: 1e-300, longitudeDegrees: -1.5e300, speedMetersPerSecond: -1),
          ])
        ])
      ])
    #expect(try GPXReader.read(data: GPXWriter.data(from: document)) == document)
  }

  @Test func writesStandardGPX11() throws {
    let fix = Fix(
      timestamp: Date(timeIntervalSinceReferenceDate: referenceSeconds(2021, 11, 23, 16, 46, 51)),
      latitudeDegrees: 0.00001, longitudeDegrees: -21.5, altitudeMeters: 114,
      receiver: ReceiverStatus(
        fixType: .threeDimensional, satellitesUsed: 9, horizontalDilution: 0.8),
      sensors: SensorValues(
        heartRateBeatsPerMinute: 143, cadencePerMinute: 88.5, temperatureCelsius: 21))
    let text = GPXWriter.string(
      from: GPXDocument(
        creator: "me", name: "Run", tracks: [Track(segments: [Segment(fixes: [fix])])]))
    #expect(
      text.hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"me\""))
    #expect(text.contains("<metadata>\n    <name>Run</name>\n  </metadata>"))
    #expect(
      text.contains(
        """
              <trkpt lat="0.00001" lon="-21.5">
                <ele>114.0</ele>
                <time>2021-11-23T16:46:51Z</time>
                <fix>3d</fix>
                <sat>9</sat>
                <hdop>0.8</hdop>
                <extensions>
                  <gpxtpx:TrackPointExtension><gpxtpx:atemp>21.0</gpxtpx:atemp><gpxtpx:hr>143</gpxtpx:hr></gpxtpx:TrackPointExtension>
                  <tracksift:values><tracksift:cadence>88.5</tracksift:cadence></tracksift:values>
                </extensions>
              </trkpt>
        """))
    #expect(!text.contains("e-"))
  }

  @Test func writesFractionalSecondsOnlyWhenNeeded() {
    let whole = referenceSeconds(1999, 12, 31, 23, 59, 59)
    #expect(ISO8601Time.string(secondsSinceReferenceDate: whole) == "1999-12-31T23:59:59Z")
    #expect(
      ISO8601Time.string(secondsSinceReferenceDate: whole + 0.25) == "1999-12-31T23:59:59.25Z")
    #expect(
      ISO8601Time.string(secondsSinceReferenceDate: 0.000001) == "2001-01-01T00:00:00.000001Z")
  }

  @Test func escapesText() {
    #expect(GPXWriter.escaped("a<b>&\"c\"", inAttribute: false) == "a&lt;b&gt;&amp;\"c\"")
    #expect(GPXWriter.escaped("a\"b\nc", inAttribute: true) == "a&quot;b&#10;c")
  }

  @Test func writesAtomicallyToAFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gpx-writer-\(UUID().uuidString).gpx")
    defer { try? FileManager.default.removeItem(at: url) }
    let document = GPXDocument(
      creator: "t",
      waypoints: [
        GPXDocument.Waypoint(fix: Fix(latitudeDegrees: 1, longitudeDegrees: 2), name: "w")
      ])
    try GPXWriter.write(document, to: url)
    #expect(try GPXReader.read(contentsOf: url) == document)
  }
}
