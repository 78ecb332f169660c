import Foundation
import Testing

@testable import TrackSift

/// A clock set back for good within a segment: the figures run on from where it stood.
@Suite struct SetBackClockTests {
  private func point(_ northMeters: Double) -> Coordinate {
    Coordinate(latitudeDegrees: 45 + northMeters / 111_132.95, longitudeDegrees: 7)
  }

  /// Ten minutes at 3 m/s, the clock set back an hour, then seventy more minutes.
  private func samples() -> [MetricsSample] {
    (0..<4_800).map { second in
      let time = Double(second) - (second >= 600 ? 3_600 : 0)
      return MetricsSample(
        timeSeconds: time, coordinate: point(3 * Double(second)),
        speedForMaximumMetersPerSecond: 3)
    }
  }

  @Test func theFiguresRunOnFromWhereTheClockStood() {
    var metrics = MetricsAccumulator()
    metrics.followsClockSetBacks = true
    for sample in samples() { metrics.add(sample) }
    let figures = metrics.metrics
    // 4,799 intervals of a second, but the one across the set back, which has no duration.
    #expect(figures.movingTimeSeconds == 4_798)
    #expect(figures.timerTimeSeconds == 4_798)
    #expect(figures.elapsedTimeSeconds == 4_798)
    #expect(abs(figures.distanceMeters - 14_397) < 1)
    let splits = figures.kilometerSplits
    #expect(abs(splits.reduce(0) { $0 + $1.durationSeconds } - 4_798) < 1e-6)
  }

  @Test func withoutItTheSecondsAreCountedOnce() {
    // The raw figures: a naive reader's, whose seconds after the set back were counted.
    var metrics = MetricsAccumulator()
    for sample in samples() { metrics.add(sample) }
    #expect(metrics.metrics.movingTimeSeconds == 1_199)
  }

  @Test func aFixRefusedAfterTheSetBackRunsTheClockOnToo() {
    var metrics = MetricsAccumulator()
    metrics.followsClockSetBacks = true
    metrics.add(MetricsSample(timeSeconds: 3_600, coordinate: point(0)))
    metrics.add(MetricsSample(timeSeconds: 3_610, coordinate: point(30)))
    metrics.add(MetricsSample(timeSeconds: 10, coordinate: point(33)))
    metrics.advanceClock(toSeconds: 70)
    #expect(metrics.metrics.timerTimeSeconds == 70)
  }

  @Test func theAnalysisOfARunWhoseClockIsSetBackKeepsItsPace() {
    // What a local-time log across the end of summer time looks like, fix by fix.
    let fixes = (0..<4_800).map { second in
      Fix(
        timestamp: Date(
          timeIntervalSinceReferenceDate: 700_000_000 + Double(second)
            - (second >= 600 ? 3_600 : 0)),
        latitudeDegrees: 45 + 3 * Double(second) / 111_132.95, longitudeDegrees: 7,
        horizontalAccuracyMeters: 4)
    }
    let analysis = TrackAnalysis(
      track: Track(segments: [Segment(fixes: fixes)]), profile: .running)
    for figures in [analysis.liveMetrics, analysis.refinedMetrics] {
      #expect(figures.movingTimeSeconds! > 4_700)
      #expect(abs(figures.distanceMeters - 14_400) < 150)
      #expect(figures.maximumSpeedMetersPerSecond! < 5)
    }
  }
}
