import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct DouglasPeuckerLengthBudgetTests {
  /// A 3 m-step walk whose heading wanders, with 2 m of noise on each point: plain
  /// Douglas-Peucker at 3 m removes several percent of its length.
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

  private func length(_ points: [Coordinate]) -> Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + Geodesic.distanceMeters(from: $1.0, to: $1.1) }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theRemovedLengthStaysWithinTheBudget(seed: UInt64) {
    let points = noisyTrack(seed: seed, count: 3_000)
    let full = length(points)
    let plain = DouglasPeucker.simplifiedIndices(of: points, toleranceMeters: 3)
    // Without the budget the tolerance cuts far more than 0.1 %.
    #expect(length(plain.map { points[$0] }) < full * 0.95)
    for fraction in [0.001, 0.01] {
      let kept = DouglasPeucker.simplifiedIndices(
        of: points, toleranceMeters: 3, maximumRemovedLengthFraction: fraction)
      #expect(kept.first == 0 && kept.last == points.count - 1)
      #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
      let removed = full - length(kept.map { points[$0] })
      #expect(removed >= 0 && removed <= fraction * full + 1e-6, "removed \(removed) of \(full)")
      // It still drops points: those on the line cost nothing.
      #expect(kept.count < points.count)
    }
  }

  @Test(arguments: [1, 2] as [UInt64])
  func anUnlimitedBudgetIsPlainDouglasPeucker(seed: UInt64) {
    let points = noisyTrack(seed: seed, count: 2_000)
    for tolerance in [0.5, 3, 10] {
      #expect(
        DouglasPeucker.simplifiedIndices(
          of: points, toleranceMeters: tolerance, maximumRemovedLengthFraction: 1)
          == DouglasPeucker.simplifiedIndices(of: points, toleranceMeters: tolerance))
    }
  }

  @Test func aStraightLineLosesItsInnerPointsForFree() {
    let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 10, longitudeDegrees: 20))
    let points = (0..<100).map { plane.unproject(eastMeters: Double($0) * 5, northMeters: 0) }
    let kept = DouglasPeucker.simplifiedIndices(
      of: points, toleranceMeters: 3, maximumRemovedLengthFraction: 0.001)
    #expect(kept == [0, 99])
  }

  @Test func pointsItMustKeepAreKeptAndSplitTheLine() {
    let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 10, longitudeDegrees: 20))
    let points = (0..<50).map { plane.unproject(eastMeters: Double($0) * 5, northMeters: 0) }
    let kept = DouglasPeucker.simplifiedIndices(
      of: points, toleranceMeters: 3, keeping: { $0 == 20 || $0 == 21 })
    #expect(kept == [0, 20, 21, 49])
  }

  @Test func degenerateInputs() {
    let p = Coordinate(latitudeDegrees: 45, longitudeDegrees: 7)
    let bad = Coordinate(latitudeDegrees: .nan, longitudeDegrees: 7)
    #expect(
      DouglasPeucker.simplifiedIndices(of: [], toleranceMeters: 3, keeping: { _ in true }).isEmpty)
    #expect(
      DouglasPeucker.simplifiedIndices(of: [p, p], toleranceMeters: 3, keeping: { _ in false }) == [
        0, 1,
      ])
    #expect(
      DouglasPeucker.simplifiedIndices(
        of: [p, bad, p, p, p], toleranceMeters: .infinity, maximumRemovedLengthFraction: .nan)
        == [0, 1, 2, 4])
  }
}
