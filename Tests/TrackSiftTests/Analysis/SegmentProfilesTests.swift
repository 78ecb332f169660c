import Foundation
import Testing

@testable import TrackSift

/// Segments measured with profiles of their own (a multisport file's sessions).
@Suite struct SegmentProfilesTests {
  /// One fix a second along a line east, at `metersPerSecond`, from `startSeconds`.
  private static func segment(
    metersPerSecond: Double, seconds: Int, startSeconds: Double, northMeters: Double
  ) -> Segment {
    let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 47, longitudeDegrees: 8))
    return Segment(
      fixes: (0..<seconds).map { second in
        let position = plane.unproject(
          eastMeters: metersPerSecond * Double(second), northMeters: northMeters)
        return Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: startSeconds + Double(second)),
          latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
          horizontalAccuracyMeters: 3)
      })
  }

  private static let run = segment(
    metersPerSecond: 3, seconds: 300, startSeconds: 0, northMeters: 0)
  private static let drive = segment(
    metersPerSecond: 40, seconds: 300, startSeconds: 400, northMeters: 100)

  @Test func eachSegmentIsMeasuredAsItsOwnProfileWouldMeasureIt() {
    let both = TrackAnalysis(
      track: Track(segments: [Self.run, Self.drive]), profile: .running,
      segmentProfiles: [1: .driving])
    let runAlone = TrackAnalysis(track: Track(segments: [Self.run]), profile: .running)
    let driveAlone = TrackAnalysis(track: Track(segments: [Self.drive]), profile: .driving)
    for (figures, run, drive) in [
      (both.refinedMetrics, runAlone.refinedMetrics, driveAlone.refinedMetrics),
      (both.liveMetrics, runAlone.liveMetrics, driveAlone.liveMetrics),
    ] {
      let sum = run.distanceMeters + drive.distanceMeters
      #expect(abs(figures.distanceMeters - sum) < 1e-6 * sum)
      #expect(figures.movingTimeSeconds == run.movingTimeSeconds! + drive.movingTimeSeconds!)
    }
    #expect(both.segments[1].refinedCoordinates == driveAlone.segments[0].refinedCoordinates)
    #expect(both.verdicts == runAlone.verdicts + driveAlone.verdicts)
    #expect(abs(both.refinedMetrics.distanceMeters - (897 + 11_960)) < 0.01 * (897 + 11_960))
    #expect(both.segmentProfiles == [1: .driving])
  }

  @Test func withoutAProfileOfItsOwnASegmentTakesTheTracks() {
    let track = Track(segments: [Self.run, Self.drive])
    let plain = TrackAnalysis(track: track, profile: .running)
    // The running gate refuses 40 m/s: most of the drive is not counted.
    #expect(plain.refinedMetrics.distanceMeters < 0.5 * (897 + 11_960))
    let outside = TrackAnalysis(track: track, profile: .running, segmentProfiles: [7: .driving])
    #expect(outside.refinedMetrics == plain.refinedMetrics)
    #expect(outside.verdicts == plain.verdicts)
  }
}
