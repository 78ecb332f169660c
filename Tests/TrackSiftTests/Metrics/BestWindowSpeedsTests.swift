import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct BestWindowSpeedsTests {
  /// The best window by brute force: every window that starts or ends at an interval's
  /// boundary, its integral summed interval by interval.
  private func bruteForce(_ intervals: [(speed: Double, seconds: Double)], window: Double)
    -> Double?
  {
    var boundaries = [0.0]
    for interval in intervals { boundaries.append(boundaries.last! + interval.seconds) }
    let total = boundaries.last!
    func meters(from start: Double, to end: Double) -> Double {
      zip(intervals, boundaries).reduce(0) { sum, pair in
        let (interval, begin) = pair
        let overlap = min(end, begin + interval.seconds) - max(start, begin)
        return sum + max(overlap, 0) * interval.speed
      }
    }
    var best: Double?
    for boundary in boundaries {
      for start in [boundary, boundary - window] where start >= 0 && start + window <= total {
        let speed = meters(from: start, to: start + window) / window
        best = max(best ?? speed, speed)
      }
    }
    return best
  }

  @Test func irregularIntervalsAreWeightedByTheirTime() {
    // 1 s at 10 m/s, then five 0.2 s fixes at 20 m/s, then 1 s at 10 m/s: the best 2 s holds
    // the whole second at 20 m/s and half a second of 10 m/s on each side.
    var best = BestWindowSpeeds(shorterSeconds: 2, longerSeconds: 3)
    best.add(metersPerSecond: 10, seconds: 1)
    for _ in 0..<5 { best.add(metersPerSecond: 20, seconds: 0.2) }
    best.add(metersPerSecond: 10, seconds: 1)
    #expect(abs((best.shorter.highestMetersPerSecond ?? 0) - 15) < 1e-9)
    // Three seconds hold them all: (10 + 20 + 10) / 3.
    #expect(abs((best.longer.highestMetersPerSecond ?? 0) - 40.0 / 3) < 1e-9)
  }

  @Test func aRunShorterThanTheWindowGivesNone() {
    var best = BestWindowSpeeds()
    for _ in 0..<9 { best.add(metersPerSecond: 5, seconds: 1) }
    best.breakRun()
    for _ in 0..<9 { best.add(metersPerSecond: 5, seconds: 1) }
    #expect(best.longer.highestMetersPerSecond == nil)
    #expect(best.shorter.highestMetersPerSecond == 5)
    best.add(metersPerSecond: 7, seconds: 1)
    #expect(abs((best.longer.highestMetersPerSecond ?? 0) - 5.2) < 1e-9)
  }

  @Test func aWindowNeverSpansABreak() {
    // A 40 m/s second on each side of a break: no 2 s window holds both.
    var best = BestWindowSpeeds()
    best.add(metersPerSecond: 5, seconds: 1)
    best.add(metersPerSecond: 40, seconds: 1)
    best.breakRun()
    best.add(metersPerSecond: 40, seconds: 1)
    best.add(metersPerSecond: 5, seconds: 1)
    #expect(best.shorter.highestMetersPerSecond == 22.5)
  }

  @Test(arguments: [1 as UInt64, 2, 3, 4, 5])
  func matchesBruteForceOnRandomRuns(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let intervals = (0..<300).map { _ in
      (
        speed: Double.random(in: 0...30, using: &random),
        seconds: [0.2, 1, 1, 3.2, 0.5].randomElement(using: &random)!
      )
    }
    var best = BestWindowSpeeds(shorterSeconds: 2, longerSeconds: 10)
    for interval in intervals {
      best.add(metersPerSecond: interval.speed, seconds: interval.seconds)
    }
    for window in [best.shorter, best.longer] {
      let expected = bruteForce(intervals, window: window.seconds)
      #expect(
        abs((window.highestMetersPerSecond ?? -1) - (expected ?? -1)) < 1e-9,
        "window \(window.seconds)")
    }
  }

  @Test func memoryStaysBoundedAtAnyRate() {
    // A 1 kHz burst for 100 s: intervals under 20 ms are merged, so the best stays the
    // steady speed and the memory that of 500 intervals.
    var best = BestWindowSpeeds()
    for index in 0..<100_000 { best.add(metersPerSecond: index % 2 == 0 ? 8 : 12, seconds: 0.001) }
    #expect(abs((best.longer.highestMetersPerSecond ?? 0) - 10) < 0.01)
    #expect(abs((best.shorter.highestMetersPerSecond ?? 0) - 10) < 0.01)
  }

  @Test func theAccumulatorBreaksRunsAtStopsGapsAndUntrustedSpeeds() {
    func point(_ north: Double) -> Coordinate {
      Coordinate(latitudeDegrees: 45 + north / 111_132.95, longitudeDegrees: 7)
    }
    var metrics = MetricsAccumulator()
    // 1 Hz at 10 m/s for 20 s, with a 30 m/s speed nobody trusted at 10 s and one after a
    // 6 s gap at 30 s: neither may reach the best windows.
    var north = 0.0
    for t in 0...20 {
      north += 10
      let speed: Double? = t == 10 ? nil : 10
      metrics.add(
        MetricsSample(
          timeSeconds: Double(t), coordinate: point(north), speedForMaximumMetersPerSecond: speed))
    }
    metrics.add(
      MetricsSample(
        timeSeconds: 26, coordinate: point(north + 60), speedForMaximumMetersPerSecond: 30))
    let result = metrics.metrics
    #expect(result.bestTwoSecondSpeedMetersPerSecond == 10)
    #expect(result.bestTenSecondSpeedMetersPerSecond == 10)
    #expect(result.maximumSpeedMetersPerSecond == 30)
  }
}
