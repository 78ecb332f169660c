import Foundation
import Testing

@testable import TrackSift

@Suite struct HoldCurveTests {
  @Test(arguments: [(3.0, 1.0), (-4.0, 2.5), (0.5, -0.2), (10.0, 10.0)])
  func theNearestPointOfAnEllipseIsOnItAndNearerThanAnyOther(x: Double, y: Double) {
    // Foci 6 m apart, lengths summing to 10 m: semi-axes 5 and 4 m.
    let curve = HoldCurve(focus: (-3, 0), focus: (3, 0), sumMeters: 10)
    let nearest = curve.nearestPoint(to: (x, y))
    #expect(abs(curve.excessMeters(at: nearest)) < 1e-6)
    let distance = hypot(nearest.x - x, nearest.y - y)
    let sampled = (0..<36_000).map { k -> Double in
      let angle = Double(k) * .pi / 18_000
      return hypot(5 * cos(angle) - x, 4 * sin(angle) - y)
    }
    #expect(distance <= sampled.min()! + 1e-6)
  }

  @Test func aCircleRoundOneFocus() {
    let curve = HoldCurve(focus: (1, 1), focus: (1, 1), sumMeters: 4)
    let nearest = curve.nearestPoint(to: (5, 1))
    #expect(abs(nearest.x - 3) < 1e-6 && abs(nearest.y - 1) < 1e-6)
  }

  @Test func aLengthShorterThanTheFociGivesTheSegmentBetweenThem() {
    let curve = HoldCurve(focus: (0, 0), focus: (8, 0), sumMeters: 6)
    let nearest = curve.nearestPoint(to: (4, 3))
    #expect(abs(nearest.y) < 1e-9 && nearest.x > 1 - 1e-9 && nearest.x < 7 + 1e-9)
    #expect(abs(curve.excessMeters(at: nearest) - 2) < 1e-9)
  }
}
