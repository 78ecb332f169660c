import Foundation
import Testing

@testable import TrackSift

/// A hiker climbing slowly stays within the dwell radius long enough to read as a stop; the
/// refined stops give the climb back by what the file holds. A watch's FIT or TCX records
/// report a speed but no course and no accuracy: the speed decides, live too. A plain GPX
/// track has positions and times only: their trend decides, once the whole track is known.
@Suite struct StopRefinerSlowClimbTests {
  static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 50.66, longitudeDegrees: -2.6))

  struct Hike {
    var track: Track
    var climb: Range<Int>
    var stand: Range<Int>
  }

  /// A hike east, one fix a second: 120 s at 1.4 m/s, a climb of `climbSeconds` at `climbSpeed`, 60 s at
  /// 1.4 m/s, 120 s standing, 60 s at 1.4 m/s. The positions wander by `wanderMeters` (the
  /// watch's only while standing, when its speed reads a few centimeters a second).
  static func hike(
    climbSpeed: Double, climbSeconds: Int, wanderMeters: Double, reportsSpeed: Bool
  ) -> Hike {
    var fixes: [Fix] = []
    var east = 0.0
    func add(seconds: Int, speed: Double) -> Range<Int> {
      let start = fixes.count
      let standing = speed == 0
      let wander = standing || !reportsSpeed ? wanderMeters : 0
      for _ in 0..<seconds {
        east += speed
        let second = Double(fixes.count)
        let coordinate = plane.unproject(
          eastMeters: east + wander * sin(second * 0.7), northMeters: wander * cos(second * 1.3))
        fixes.append(
          Fix(
            timestamp: Date(timeIntervalSinceReferenceDate: 800_000_000 + second),
            latitudeDegrees: coordinate.latitudeDegrees,
            longitudeDegrees: coordinate.longitudeDegrees,
            speedMetersPerSecond: reportsSpeed ? (standing ? 0.03 : speed) : nil))
      }
      return start..<fixes.count
    }
    _ = add(seconds: 120, speed: 1.4)
    let climb = add(seconds: climbSeconds, speed: climbSpeed)
    _ = add(seconds: 60, speed: 1.4)
    let stand = add(seconds: 120, speed: 0)
    _ = add(seconds: 60, speed: 1.4)
    return Hike(track: Track(segments: [Segment(fixes: fixes)]), climb: climb, stand: stand)
  }

  /// Refined the climb moves, the standstill stays a stop, and the distance is about
  /// `meters`; live the climb stops unless `liveMoves`.
  static func expectClimbGivenBack(
    _ hike: Hike, meters: Double, within tolerance: Double, liveMoves: Bool
  ) throws {
    let analysis = TrackAnalysis(track: hike.track, profile: .walking)
    let segment = try #require(analysis.segments.first)
    #expect(segment.acceptedFixIndices == Array(0..<hike.track.fixCount))
    let liveStoppedOnClimb = hike.climb.filter { !segment.isMoving[$0] }.count
    #expect(
      liveMoves ? liveStoppedOnClimb == 0 : liveStoppedOnClimb >= 20,
      "live stopped fixes on the climb: \(liveStoppedOnClimb)")
    let refinedStoppedOnClimb = hike.climb.filter { !segment.refinedIsMoving[$0] }.count
    #expect(
      refinedStoppedOnClimb == 0, "refined stopped fixes on the climb: \(refinedStoppedOnClimb)")
    let refinedStoppedStanding = hike.stand.filter { !segment.refinedIsMoving[$0] }.count
    #expect(
      refinedStoppedStanding >= 100, "refined stopped fixes standing: \(refinedStoppedStanding)")
    let refinedMeters = analysis.refinedMetrics.distanceMeters
    #expect(abs(refinedMeters - meters) < tolerance, "refined distance \(refinedMeters) m")
  }

  @Test func aWatchsSpeedWithoutCourseGivesBackTheClimb() throws {
    let hike = Self.hike(climbSpeed: 0.55, climbSeconds: 60, wanderMeters: 1, reportsSpeed: true)
    // 168 + 33 + 84 + 84 m: the climb counts, the standstill's wander does not.
    try Self.expectClimbGivenBack(hike, meters: 369, within: 5, liveMoves: true)
  }

  @Test func positionsAloneGiveBackTheClimb() throws {
    let hike = Self.hike(climbSpeed: 0.7, climbSeconds: 90, wanderMeters: 1, reportsSpeed: false)
    // 168 + 63 + 84 + 84 m; 390 m refined, walking's smoother rounding the changes of pace.
    try Self.expectClimbGivenBack(hike, meters: 399, within: 9, liveMoves: false)
  }

  /// A steep path climbed at 0.45 m/s, the pace the positions alone show where real hikers'
  /// watches read walking (the Polzeath and Abbotsbury walks written as plain GPX: 0.35-0.59
  /// m/s), above the walking stop speed by more than a third.
  @Test func positionsAloneGiveBackASteepSlowClimb() throws {
    let hike = Self.hike(climbSpeed: 0.45, climbSeconds: 90, wanderMeters: 1, reportsSpeed: false)
    // 168 + 40.5 + 84 + 84 m, less what walking's smoother rounds off the changes of pace.
    try Self.expectClimbGivenBack(hike, meters: 370, within: 12, liveMoves: false)
  }
}
