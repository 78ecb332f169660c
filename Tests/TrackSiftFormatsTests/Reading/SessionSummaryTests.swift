import Foundation
import Testing
import TrackSift
import TrackSiftFormats

/// Each session of a multisport file, measured on its own beside the device's totals.
@Suite struct SessionSummaryTests {
  /// One fix a second along a line east, at `metersPerSecond`, from `startSeconds`.
  private static func segment(metersPerSecond: Double, seconds: Int, startSeconds: Double)
    -> Segment
  {
    let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 47, longitudeDegrees: 8))
    return Segment(
      fixes: (0..<seconds).map { second in
        let position = plane.unproject(
          eastMeters: metersPerSecond * Double(startSeconds + Double(second)), northMeters: 0)
        return Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: startSeconds + Double(second)),
          latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
          horizontalAccuracyMeters: 3)
      })
  }

  @Test func eachSessionIsMeasuredAloneWithItsProfileBesideItsDeviceTotals() throws {
    let run = Self.segment(metersPerSecond: 3, seconds: 600, startSeconds: 0)
    let ride = Self.segment(metersPerSecond: 40, seconds: 300, startSeconds: 700)
    var file = ActivityFile(
      track: Track(segments: [run, ride]), format: .fit,
      deviceTotals: DeviceTotals(sport: "multisport"))
    file.sessions = [
      ActivitySession(
        totals: DeviceTotals(sport: "running", distanceMeters: 1_800), segments: [0]),
      ActivitySession(
        totals: DeviceTotals(sport: "generic", distanceMeters: 12_000), segments: [1]),
    ]
    let choice = ProfileChoice(option: nil, file: file)
    let sessions = SessionSummary.sessions(of: file, choice: choice)
    #expect(sessions.map(\.profile) == [.running, .driving])
    #expect(sessions.map(\.sport) == ["running", "generic"])
    #expect(sessions.map(\.device?.distanceMeters) == [1_800, 12_000])
    let alone = TrackAnalysis(track: Track(segments: [ride]), profile: .driving)
    #expect(sessions[1].refined == alone.refinedMetrics)
    #expect(abs(sessions[0].refined.distanceMeters - 1_797) < 0.01 * 1_797)
    // The whole file's figures run on across the sessions: their sum, up to rounding.
    let whole = choice.analysis(of: file.track).refinedMetrics.distanceMeters
    let sum = sessions.reduce(0) { $0 + $1.refined.distanceMeters }
    #expect(abs(whole - sum) < 1e-6 * sum)
    #expect(
      SessionSummary.sessions(of: file, choice: ProfileChoice(option: .running, file: file)).isEmpty
    )
  }
}
