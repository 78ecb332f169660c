import Foundation
import Testing

@testable import TrackSift

/// A watch's FIT or TCX records report a speed but no course and no accuracy: the refined stops
/// read the speed where the positions dwell.
@Suite struct RefinedStopsCourselessSpeedTests {
  static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 50.66, longitudeDegrees: -2.6))

  /// A hike east, one fix a second, as a watch records it: 120 s at 1.4 m/s, a 60 s climb at
  /// 0.55 m/s, 60 s at 1.4 m/s, 120 s standing (the positions wander by up to a meter, the
  /// speed reads a few centimeters a second), 60 s at 1.4 m/s.
  static func hike() -> (track: Track, climb: Range<Int>, stand: Range<Int>) {
    var fixes: [Fix] = []
    var east = 0.0
    func add(seconds: Int, speed: Double, wander: Double = 0) {
      for second in 0..<seconds {
        east += speed
        let coordinate = plane.unproject(
          eastMeters: east + wander * sin(Double(second) * 0.7),
          northMeters: wander * cos(Double(second) * 1.3))
        fixes.append(
          Fix(
            timestamp: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(fixes.count)),
            latitudeDegrees: coordinate.latitudeDegrees,
            longitudeDegrees: coordinate.longitudeDegrees,
            speedMetersPerSecond: wander > 0 ? 0.03 : speed))
      }
    }
    add(seconds: 120, speed: 1.4)
    let climbStart = fixes.count
    add(seconds: 60, speed: 0.55)
    let climb = climbStart..<fixes.count
    add(seconds: 60, speed: 1.4)
    let standStart = fixes.count
    add(seconds: 120, speed: 0, wander: 1)
    let stand = standStart..<fixes.count
    add(seconds: 60, speed: 1.4)
    return (Track(segments: [Segment(fixes: fixes)]), climb, stand)
  }

  @Test func aSlowClimbReadsMovingAndAStandstillStopped() throws {
    let (track, climb, stand) = Self.hike()
    let analysis = TrackAnalysis(track: track, profile: .walking)
    let segment = try #require(analysis.segments.first)
    #expect(segment.acceptedFixIndices == Array(0..<track.fixCount))
    // Live, the positions dwell within the radius long enough for a stop.
    let liveStoppedOnClimb = climb.filter { !segment.isMoving[$0] }.count
    #expect(liveStoppedOnClimb >= 20, "live stopped fixes on the climb: \(liveStoppedOnClimb)")
    let refinedStoppedOnClimb = climb.filter { !segment.refinedIsMoving[$0] }.count
    #expect(
      refinedStoppedOnClimb == 0, "refined stopped fixes on the climb: \(refinedStoppedOnClimb)")
    let refinedStoppedStanding = stand.filter { !segment.refinedIsMoving[$0] }.count
    #expect(
      refinedStoppedStanding >= 110, "refined stopped fixes standing: \(refinedStoppedStanding)")
    // 168 + 33 + 84 + 84 m: the climb counts, the standstill's wander does not.
    let meters = analysis.refinedMetrics.distanceMeters
    #expect(abs(meters - 369) < 5, "refined distance \(meters) m")
  }
}
