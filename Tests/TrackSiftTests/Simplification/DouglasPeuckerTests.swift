import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct DouglasPeuckerTests {
  private func noisyTrack(seed: UInt64, count: Int) -> [Coordinate] {
    var random = SplitMix64(seed: seed)
    let plane = LocalTangentPlane(
      origin: Coordinate(latitudeDegrees: 52.2, longitudeDegrees: 21.0))
    var x = 0.0
    var y = 0.0
    var heading = 0.0
    return (0..<count).map { _ in
      heading += random.nextGaussian() * 0.3
      x += 3 * sin(heading)
      y += 3 * cos(heading)
      return plane.unproject(
        eastMeters: x + random.nextGaussian() * 2, northMeters: y + random.nextGaussian() * 2)
    }
  }

  /// Distance in meters from a point to the chord between two points, on the plane at `a`.
  private func distance(_ p: Coordinate, toChordFrom a: Coordinate, to b: Coordinate) -> Double {
    let plane = LocalTangentPlane(origin: a)
    let (bx, by) = plane.project(b)
    let (px, py) = plane.project(p)
    let lengthSquared = bx * bx + by * by
    let t = lengthSquared > 0 ? min(max((px * bx + py * by) / lengthSquared, 0), 1) : 0
    return hypot(px - t * bx, py - t * by)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyDroppedPointLiesWithinTheTolerance(seed: UInt64) {
    let points = noisyTrack(seed: seed, count: 3_000)
    let tolerance = 3.0
    let kept = DouglasPeucker.simplifiedIndices(of: points, toleranceMeters: tolerance)
    #expect(kept.first == 0 && kept.last == points.count - 1)
    #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
    #expect(kept.count < points.count / 2)
    for (a, b) in zip(kept, kept.dropFirst()) where b > a + 1 {
      for i in (a + 1)..<b {
        #expect(distance(points[i], toChordFrom: points[a], to: points[b]) <= tolerance + 1e-3)
      }
    }
  }

  @Test func degenerateInputs() {
    let p = Coordinate(latitudeDegrees: 45, longitudeDegrees: 7)
    #expect(DouglasPeucker.simplifiedIndices(of: [], toleranceMeters: 3).isEmpty)
    #expect(DouglasPeucker.simplifiedIndices(of: [p], toleranceMeters: 3) == [0])
    #expect(DouglasPeucker.simplifiedIndices(of: [p, p], toleranceMeters: 3) == [0, 1])
    #expect(DouglasPeucker.simplifiedIndices(of: [p, p, p, p], toleranceMeters: 3) == [0, 3])
    let bad = Coordinate(latitudeDegrees: .nan, longitudeDegrees: 7)
    #expect(
      DouglasPeucker.simplifiedIndices(of: [p, bad, p, p], toleranceMeters: .nan) == [0, 1, 2, 3])
  }

  @Test func aMillionPointSegmentDoesNotOverflowTheStack() {
    let points = noisyTrack(seed: 9, count: 1_000_000)
    let kept = DouglasPeucker.simplifiedIndices(of: points, toleranceMeters: 3)
    #expect(kept.first == 0 && kept.last == 999_999)
  }

  @Test func segmentsKeepTheirBoundariesAndTimestamps() {
    let points = noisyTrack(seed: 4, count: 200)
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let fixes = points.enumerated().map { i, c in
      Fix(
        timestamp: start.addingTimeInterval(Double(i)), latitudeDegrees: c.latitudeDegrees,
        longitudeDegrees: c.longitudeDegrees)
    }
    let track = Track(segments: [
      Segment(fixes: Array(fixes[0..<100])), Segment(fixes: Array(fixes[100...])),
    ])
    let simplified = DouglasPeucker.simplified(track, toleranceMeters: 3)
    #expect(simplified.segments.count == 2)
    #expect(simplified.segments[0].fixes.first == fixes[0])
    #expect(simplified.segments[0].fixes.last == fixes[99])
    #expect(simplified.segments[1].fixes.first == fixes[100])
    let times = simplified.allFixes.compactMap(\.timestamp)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
  }
}
