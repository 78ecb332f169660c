import Foundation
import Testing

@testable import TrackSift

/// The definitions of ``ActivityMetrics``: a second counted once, moving <= timer <= elapsed,
/// average <= maximum.
@Suite struct FigureDefinitionTests {
  static let origin = Coordinate(latitudeDegrees: 52.52, longitudeDegrees: 13.405)
  static let plane = LocalTangentPlane(origin: origin)

  static func sample(_ seconds: Double, north: Double, speed: Double? = nil) -> MetricsSample {
    MetricsSample(
      timeSeconds: seconds, coordinate: plane.unproject(eastMeters: 0, northMeters: north),
      speedForMaximumMetersPerSecond: speed)
  }

  /// Times that go back and forth: each second is counted once.
  @Test func timesThatGoBackAreCountedOnce() {
    var metrics = MetricsAccumulator()
    for (seconds, north) in [(0.0, 0.0), (10, 30), (5, 15), (15, 45)] {
      metrics.add(Self.sample(seconds, north: north))
    }
    let figures = metrics.metrics
    #expect(figures.elapsedTimeSeconds == 15)
    #expect(figures.timerTimeSeconds == 15)
    #expect(figures.movingTimeSeconds == 15)
  }

  /// Two segments that overlap in time: the overlap is counted once.
  @Test func overlappingSegmentsAreCountedOnce() {
    var metrics = MetricsAccumulator()
    metrics.add(Self.sample(0, north: 0))
    metrics.add(Self.sample(100, north: 300))
    metrics.startSegment()
    metrics.add(Self.sample(50, north: 0))
    metrics.add(Self.sample(120, north: 210))
    let figures = metrics.metrics
    #expect(figures.elapsedTimeSeconds == 120)
    #expect(figures.timerTimeSeconds == 120)
    #expect(figures.movingTimeSeconds == 120)
  }

  /// A refused fix whose time is trusted runs the clock: elapsed and timer include it, the
  /// moving time does not.
  @Test func aRefusedFixRunsTheClock() {
    var metrics = MetricsAccumulator()
    metrics.advanceClock(toSeconds: 0)
    metrics.add(Self.sample(10, north: 0))
    metrics.add(Self.sample(20, north: 30))
    metrics.advanceClock(toSeconds: 25)
    let figures = metrics.metrics
    #expect(figures.elapsedTimeSeconds == 25)
    #expect(figures.timerTimeSeconds == 25)
    #expect(figures.movingTimeSeconds == 10)
  }

  /// The splits add up to the totals: a clock run on by refused fixes after the last sample
  /// runs the partial split on, and distance taken back by a recount leaves it.
  @Test func theSplitsAddUpToTheTotals() {
    var metrics = MetricsAccumulator(isRecountable: true)
    for second in 0...100 {
      metrics.add(Self.sample(Double(second), north: 12 * Double(second)))
    }
    metrics.advanceClock(toSeconds: 160)
    var figures = metrics.metrics
    #expect(figures.kilometerSplits.map(\.isPartial) == [false, true])
    #expect(
      abs(figures.kilometerSplits.map(\.distanceMeters).reduce(0, +) - figures.distanceMeters)
        < 1e-9)
    #expect(figures.kilometerSplits.map(\.durationSeconds).reduce(0, +) == 160)
    #expect(figures.kilometerSplits.last?.endTimerSeconds == 160)
    // The last ten seconds were a stop after all: their 120 m go from the partial split.
    metrics.recount(after: 90, asMoving: false)
    figures = metrics.metrics
    #expect(abs(figures.distanceMeters - 1_080) < 0.01)
    for splits in [figures.kilometerSplits, figures.mileSplits] {
      #expect(abs(splits.map(\.distanceMeters).reduce(0, +) - figures.distanceMeters) < 1e-9)
      #expect(splits.map(\.durationSeconds).reduce(0, +) == 160)
    }
    let moving = figures.kilometerSplits.compactMap(\.movingSeconds).reduce(0, +)
    #expect(abs(moving - (figures.movingTimeSeconds ?? 0)) < 1e-9)
  }

  /// A reported maximum below what the fixes covered is raised to the highest speed held over
  /// 30 seconds: 60 s at 2 m/s then 60 s at 10 m/s, reported speeds of 1 m/s.
  @Test func theMaximumIsAtLeastTheSustainedSpeed() {
    var metrics = MetricsAccumulator()
    var north = 0.0
    for second in 0...120 {
      if second > 0 { north += second <= 60 ? 2 : 10 }
      metrics.add(Self.sample(Double(second), north: north, speed: 1))
    }
    let figures = metrics.metrics
    #expect(figures.averageSpeedMetersPerSecond.map { abs($0 - 6) < 0.01 } == true)
    let maximum = figures.maximumSpeedMetersPerSecond ?? 0
    #expect(abs(maximum - 10) < 0.01)
  }
}
