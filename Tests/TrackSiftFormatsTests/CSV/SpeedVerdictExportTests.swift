import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// The per-fix speed verdicts as the CSV and GeoJSON writers export them.
@Suite struct SpeedVerdictExportTests {
  static let track = Track(segments: [
    Segment(fixes: [
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: 0), latitudeDegrees: 50,
        longitudeDegrees: -2, speedMetersPerSecond: 5),
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: 1), latitudeDegrees: 50.0001,
        longitudeDegrees: -2, speedMetersPerSecond: 40),
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: 2), latitudeDegrees: 50.0002,
        longitudeDegrees: -2),
    ])
  ])
  static let verdicts: [[Verdict]] = [[.accepted, .accepted, .rejected(.impliedSpeed)]]
  static let speedVerdicts: [[SpeedVerdict]] = [[.trusted, .rejected(.acceleration), .unjudged]]

  @Test func csvHasASpeedVerdictColumn() {
    let text = FixCSVWriter.string(
      from: Self.track, verdicts: Self.verdicts, speedVerdicts: Self.speedVerdicts)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0].hasSuffix(",segment,verdict,speed_verdict"))
    #expect(lines[1].hasSuffix(",0,accepted,trusted"))
    #expect(lines[2].hasSuffix(",0,accepted,speed-acceleration"))
    #expect(lines[3].hasSuffix(",0,implied-speed,unjudged"))
    // Without speed verdicts the columns are as before.
    #expect(!FixCSVWriter.string(from: Self.track).contains("speed_verdict"))
  }

  @Test func geoJSONHasASpeedVerdictsProperty() {
    let text = GeoJSONWriter.string(
      from: Self.track, verdicts: Self.verdicts, speedVerdicts: Self.speedVerdicts)
    #expect(text.contains(#""speedVerdicts":["trusted","speed-acceleration","unjudged"]"#))
    #expect(!GeoJSONWriter.string(from: Self.track).contains("speedVerdicts"))
  }
}
