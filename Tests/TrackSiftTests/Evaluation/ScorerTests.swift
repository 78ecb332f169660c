import Foundation
import Testing
import TrackSift

@testable import TrackSiftSimulation

@Suite struct ScorerTests {
  static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 46, longitudeDegrees: 14))
  static let start = 800_000_000.0

  static func at(_ eastMeters: Double, _ northMeters: Double = 0) -> Coordinate {
    plane.unproject(eastMeters: eastMeters, northMeters: northMeters)
  }

  /// Ten seconds east at 2 m/s, five seconds standing, the fix at t = 3 a 50 m spike.
  static func recording() -> (Track, EvaluationTruth) {
    var fixes: [Fix] = []
    var samples: [EvaluationTruth.FixSample?] = []
    var path: [TruthPoint] = []
    for second in 0...15 {
      let trueEast = Double(min(second, 10)) * 2
      let moving = second <= 10
      let reportedNorth = second == 3 ? 50.0 : (second > 10 ? (second % 2 == 0 ? 1.0 : -1.0) : 0)
      fixes.append(
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: start + Double(second)),
          latitudeDegrees: at(trueEast, reportedNorth).latitudeDegrees,
          longitudeDegrees: at(trueEast, reportedNorth).longitudeDegrees))
      samples.append(
        .init(
          coordinate: at(trueEast), speedMetersPerSecond: moving ? 2 : 0,
          isMoving: second < 11, isBad: second == 3))
      path.append(
        TruthPoint(
          timeSeconds: start + Double(second), coordinate: at(trueEast),
          speedMetersPerSecond: moving ? 2 : 0, distanceMeters: trueEast))
    }
    let truth = EvaluationTruth(
      fixes: samples, path: path, distanceMeters: 20, movingTimeSeconds: 10,
      stops: [(start + 10)...(start + 15)], startTimeSeconds: start)
    return (Track(segments: [Segment(fixes: fixes)]), truth)
  }

  @Test func rawFixesScoreTheirSpikeAndJitter() throws {
    let (track, truth) = Self.recording()
    let card = Scorer.score(
      PipelineRunner.run(.raw, on: track, activity: .running), track: track, truth: truth)
    // The spike adds about 2 x 50 m; the stop's ±1 m jitter adds 2 m a second for 4 s + 1 m.
    let distance = try #require(card.distanceErrorPercent)
    #expect(abs(distance - ((20 + 2 * 50.04 - 4 + 9) / 20 - 1) * 100) < 2)
    #expect(card.spikeCount == 1)
    #expect(card.spikeRecallPercent == 0)
    #expect(card.goodFixesRejectedPercent == 0)
    #expect(card.stopF1 == 0)  // never shown stopped
    let stopped = try #require(card.stoppedDistanceMetersPerMinute)
    #expect(abs(stopped - 8 / (5.0 / 60)) < 0.01)  // four 2 m steps between stopped fixes
    #expect(abs((card.horizontalErrorP50Meters ?? -1) - 0) < 0.01)
  }

  @Test func aPipelineThatRefusesTheSpikeCatchesIt() throws {
    let (track, truth) = Self.recording()
    var output = PipelineRunner.run(.raw, on: track, activity: .running)
    output.positions[3] = nil
    output.positions[4] = nil  // a good fix refused too
    for index in 11...15 { output.isMoving[index] = false }
    let card = Scorer.score(output, track: track, truth: truth)
    #expect(card.spikeRecallPercent == 100)
    #expect(abs((card.goodFixesRejectedPercent ?? 0) - 100.0 / 15) < 1e-9)
    #expect(card.stopF1 == 1)
    #expect(card.stopLatencySeconds == 1)  // stop begins at 10, first shown at 11
  }

  @Test func aShownStopCountsAsFalseOnlyWithoutATrulyStoppedFix() throws {
    let (track, truth) = Self.recording()
    var output = PipelineRunner.run(.raw, on: track, activity: .running)
    #expect(Scorer.score(output, track: track, truth: truth).falseStopCount == 0)
    // A stop shown at 5-6, on the move, is false; one shown at 9-12, a true stop's start shown
    // early, is not.
    for index in [5, 6, 9, 10, 11, 12] { output.isMoving[index] = false }
    let card = Scorer.score(output, track: track, truth: truth)
    #expect(card.falseStopCount == 1)
    #expect(card.stopLatencySeconds == 0)  // shown from the stop's first fix
  }

  @Test func percentilesInterpolate() {
    #expect(Scorer.percentile([1, 2, 3, 4], 0.5) == 2.5)
    #expect(Scorer.percentile([1, 2, 3, 4, 5], 0.95) == 4.8)
  }
}
