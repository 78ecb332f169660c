import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

/// Recordings with long gaps between fixes: paused and resumed in one place, or logged once a
/// minute while moving slowly.
@Suite struct PausedRecordingTests {
  static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
  static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 50.6, longitudeDegrees: -2.5))

  /// A fix with a position and a time only, as a plain GPX export gives it.
  static func fix(second: Double, eastMeters: Double, northMeters: Double = 0) -> Fix {
    let position = plane.unproject(eastMeters: eastMeters, northMeters: northMeters)
    return Fix(
      timestamp: start + second, latitudeDegrees: position.latitudeDegrees,
      longitudeDegrees: position.longitudeDegrees)
  }

  @Test func aPauseInOnePlaceIsNoMovingTimeAfterAnEarlierStop() {
    // A walk at 1.3 m/s with a 3-minute stop, then the recording paused for 30 minutes at a
    // cafe (the fixes either side 4 m apart), then walking on: 9 minutes of walking in all.
    // The stop's departure, long before the pause, must not make the pause moving.
    var random = SplitMix64(seed: 11)
    func noise() -> Double { 1.5 * random.nextGaussian() }
    var fixes: [Fix] = []
    var east = 0.0
    for second in 0..<600 {
      let walking = second < 180 || second >= 360
      if walking { east += 1.3 }
      fixes.append(
        Self.fix(second: Double(second), eastMeters: east + noise(), northMeters: noise()))
    }
    for second in 2_400..<2_580 {
      east += 1.3
      fixes.append(
        Self.fix(second: Double(second), eastMeters: east + 4 + noise(), northMeters: noise()))
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]), profile: .walking)
    for metrics in [analysis.liveMetrics, analysis.refinedMetrics] {
      let moving = metrics.movingTimeSeconds ?? 0
      // The stop is found from the positions alone, some seconds late; the pause is 1,820 s.
      #expect(moving > 480 && moving < 660, "moving \(moving) s, walked 540 s")
    }
  }

  @Test func aSlowSwimLoggedOnceAMinuteIsMoving() {
    // A swim at 0.7 m/s with one fix every 65 s (a watch's open-water logging): below the
    // running resume speed, above its stop speed.
    let fixes = (0..<20).map { Self.fix(second: 65 * Double($0), eastMeters: 45.5 * Double($0)) }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]), profile: .running)
    let moving = analysis.refinedMetrics.movingTimeSeconds ?? 0
    #expect(moving >= 19 * 65 - 65, "moving \(moving) s of \(19 * 65)")
    #expect(analysis.refinedMetrics.distanceMeters > 0.95 * 19 * 45.5)
  }
}
