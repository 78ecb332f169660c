import Foundation
import Testing

@testable import TrackSift

/// ``MetricsAccumulator/countsStopMovement``: the live figures count a stop's net movement as
/// the person leaves it, as the refined figures do for a walker.
@Suite struct StopMovementCountingTests {
  private func point(_ northMeters: Double) -> Coordinate {
    Coordinate(latitudeDegrees: 45 + northMeters / 111_132.95, longitudeDegrees: 7)
  }

  /// 10 s moving 30 m north (standing instead where `opensWithStop`), then a stop of
  /// `seconds` whose positions drift `driftMeters` further north; `gapAt` marks the stop's
  /// step at that second as crossing a gap.
  private func arriveAndStand(
    countsStopMovement: Bool = true, isRecountable: Bool = false, seconds: Int = 60,
    driftMeters: Double = 12, gapAt: Int? = nil, opensWithStop: Bool = false
  ) -> MetricsAccumulator {
    var metrics = MetricsAccumulator(
      isRecountable: isRecountable, countsStopMovement: countsStopMovement)
    metrics.add(MetricsSample(timeSeconds: 0, coordinate: point(0), isMoving: false))
    metrics.add(
      MetricsSample(
        timeSeconds: 10, coordinate: point(opensWithStop ? 0 : 30), isMoving: !opensWithStop))
    let stopStart = opensWithStop ? 0.0 : 30
    for t in 1...seconds {
      metrics.add(
        MetricsSample(
          timeSeconds: 10 + Double(t),
          coordinate: point(stopStart + driftMeters * Double(t) / Double(seconds)),
          isMoving: false, crossesGap: t == gapAt))
    }
    return metrics
  }

  /// ``arriveAndStand(countsStopMovement:isRecountable:seconds:driftMeters:gapAt:opensWithStop:)``
  /// for 60 s, then a first step of 1 m and 10 s moving 30 m more.
  private func walk(
    countsStopMovement: Bool, driftMeters: Double = 12, gapAt: Int? = nil,
    opensWithStop: Bool = false
  ) -> ActivityMetrics {
    var metrics = arriveAndStand(
      countsStopMovement: countsStopMovement, driftMeters: driftMeters, gapAt: gapAt,
      opensWithStop: opensWithStop)
    let stopEnd = (opensWithStop ? 0 : 30) + driftMeters
    metrics.add(MetricsSample(timeSeconds: 71, coordinate: point(stopEnd + 1)))
    metrics.add(MetricsSample(timeSeconds: 81, coordinate: point(stopEnd + 31)))
    return metrics.metrics
  }

  @Test func theNetMovementCountsAsDistanceNotMovingTime() {
    let counted = walk(countsStopMovement: true)
    let uncounted = walk(countsStopMovement: false)
    #expect(abs(uncounted.distanceMeters - 61) < 0.05)
    // From where the stop began to where the walker set off: 12 m more.
    #expect(abs(counted.distanceMeters - 73) < 0.05)
    #expect(counted.movingTimeSeconds == 21)
    #expect(counted.movingTimeSeconds == uncounted.movingTimeSeconds)
  }

  @Test func aStopThatMovedNowhereAddsNothing() {
    let counted = walk(countsStopMovement: true, driftMeters: 0)
    #expect(abs(counted.distanceMeters - 61) < 0.05)
  }

  /// 5 m east of `point(42)`.
  private var sideways: Coordinate {
    Coordinate(
      latitudeDegrees: point(42).latitudeDegrees,
      longitudeDegrees: 7 + 5 / (111_319.49 * cos(45 * Double.pi / 180)))
  }

  @Test func theFirstStepsLengthIsNotCountedTwice() {
    // Set off sideways, 5 m east of where the stop ended: the line from the stop's start is
    // sqrt(12² + 5²) = 13 m, of which the 5 m step counts already.
    var metrics = arriveAndStand()
    metrics.add(MetricsSample(timeSeconds: 71, coordinate: sideways))
    #expect(abs(metrics.metrics.distanceMeters - 43) < 0.05)
  }

  @Test func aStopAcrossAGapOrAtTheStartCountsNone() {
    #expect(abs(walk(countsStopMovement: true, gapAt: 30).distanceMeters - 61) < 0.05)
    // Standing at the start: 31 m moving after the stop, no stop movement.
    #expect(abs(walk(countsStopMovement: true, opensWithStop: true).distanceMeters - 31) < 0.05)
  }

  @Test func aDepartureFoundLateCountsOnceAndARecountTakesItBack() {
    // The detector names the departure three seconds late: the recount counts the stop's
    // movement with the departure, once.
    var metrics = arriveAndStand(isRecountable: true)
    for t in 1...3 {
      metrics.add(
        MetricsSample(
          timeSeconds: 70 + Double(t), coordinate: point(42 + 3 * Double(t)), isMoving: false))
    }
    metrics.recount(after: 70, asMoving: true)
    metrics.add(MetricsSample(timeSeconds: 74, coordinate: point(54)))
    #expect(abs(metrics.metrics.distanceMeters - 54) < 0.05)
    #expect(metrics.metrics.movingTimeSeconds == 14)
    // The departure was a false one after all: its meters and the stop's movement go back.
    metrics.recount(after: 70, asMoving: false)
    #expect(abs(metrics.metrics.distanceMeters - 30) < 0.05)
  }

  @Test func aStopLongerThanTheIntervalsKeptStillCounts() {
    // Three hours standing at 1 Hz, longer than the last two hours of intervals kept for a
    // recount, drifting 12 m: its movement counts as for a short stop.
    let seconds = 3 * 3_600
    var metrics = arriveAndStand(isRecountable: true, seconds: seconds)
    metrics.add(MetricsSample(timeSeconds: Double(seconds + 11), coordinate: point(43)))
    #expect(abs(metrics.metrics.distanceMeters - 43) < 0.05)
  }

  /// The movement the analysis lists per departure (for the cleaned live track) is the one
  /// the figures count, found again on the flags.
  @Test func theListedMovementIsTheCountedOne() {
    let coordinates =
      [point(0), point(30)] + (1...60).map { point(30 + 0.2 * Double($0)) } + [sideways]
    let isMoving = [true, true] + [Bool](repeating: false, count: 60) + [true]
    let noGaps = [Bool](repeating: false, count: coordinates.count)
    let movements = StopCreep.liveMovements(
      coordinates: coordinates, isMoving: isMoving, crossesGap: noGaps)
    #expect(movements.count == 1)
    #expect(abs((movements[62] ?? 0) - 8) < 0.05)
    // A stop from the second fix on opened the segment: none, as the figures count none.
    let opening = [true] + [Bool](repeating: false, count: 61) + [true]
    #expect(
      StopCreep.liveMovements(coordinates: coordinates, isMoving: opening, crossesGap: noGaps)
        .isEmpty)
  }
}
