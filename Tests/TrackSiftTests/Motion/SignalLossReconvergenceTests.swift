import Foundation
import Testing

@testable import TrackSift

@Suite struct SignalLossReconvergenceTests {
  @Test func theSecondsAfterAPauseOfMoreThanTenSecondsReconverge() {
    var tracker = SignalLossReconvergence()
    let times: [Double] = [0, 1, 2, 12, 13, 24.5, 25, 26, 29.4, 29.5, 30, .nan, 31]
    let flags = times.map { tracker.isReconverging(atTimeSeconds: $0) }
    // 2 to 12 is not more than 10 s; 13 to 24.5 is, and 24.5 + 5 s reconverge.
    #expect(
      flags == [
        false, false, false, false, false, true, true, true, true, false, false, false, false,
      ])
  }

  /// A board sailing east at 3 m/s, 17 s without fixes, then a Doppler spike decaying over
  /// three fixes while the positions go on at 3 m/s (as a GT-31's after a signal loss).
  @Test func theLiveDisplayDoesNotShowTheSpike() {
    let plane = LocalTangentPlane(
      origin: Coordinate(latitudeDegrees: 50.58, longitudeDegrees: -2.46))
    let spike: [Int: Double] = [77: 24.65, 78: 21.09, 79: 11.91]
    var display = DisplaySpeed(configuration: RecorderConfiguration(profile: .cycling))
    var shown: [Double] = []
    for second in Array(0..<60) + Array(77..<90) {
      let position = plane.unproject(eastMeters: 3 * Double(second), northMeters: 0)
      _ = display.update(
        with: Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(second)),
          latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
          horizontalAccuracyMeters: 3, speedMetersPerSecond: spike[second] ?? 3,
          courseDegrees: 90))
      shown.append(display.reading(afterSeconds: 0).speedMetersPerSecond)
    }
    let highest = shown.max() ?? 0
    #expect(highest < 3.5, "the display showed \(highest) m/s")
  }
}
