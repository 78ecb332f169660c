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
    #expect(card.stoppedMinutes == 5.0 / 60)
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

  /// The ground climbs 0.25 m a second (3.75 m in all) and the altitudes jitter 1 m above
  /// and below it, fix by fix.
  static func climbingRecording() -> (Track, EvaluationTruth) {
    var (track, truth) = recording()
    for index in track.segments[0].fixes.indices {
      track.segments[0].fixes[index].altitudeMeters =
        Double(index) * 0.25 + (index.isMultiple(of: 2) ? 1 : -1)
    }
    truth.elevationGainMeters = 3.75
    return (track, truth)
  }

  @Test func theClimbIsScoredAgainstTheTrueClimb() throws {
    let (track, truth) = Self.climbingRecording()
    func error(_ pipeline: EvaluatedPipeline) throws -> Double {
      let output = PipelineRunner.run(pipeline, on: track, activity: .running)
      let card = Scorer.score(output, track: track, truth: truth)
      return try #require(card.elevationGainErrorPercent)
    }
    let raw = try error(.raw)
    let averaged = try error(.movingAverage)
    let refined = try error(.trackSiftRefined)
    // Every other step rises 0.25 + 2 m: seven of them, summed without a dead band.
    #expect(abs(raw - (7 * 2.25 / 3.75 - 1) * 100) < 1e-9)
    // Averaging three fixes leaves a third of the jitter.
    #expect(averaged > 0 && averaged < raw / 2)
    // TrackSift's 2 m band keeps the jitter out, and some of the climb with it.
    #expect(abs(refined) < abs(raw))
  }

  @Test func theClimbIsNotScoredWithoutATrueClimb() {
    var (track, truth) = Self.climbingRecording()
    let output = PipelineRunner.run(.raw, on: track, activity: .running)
    truth.elevationGainMeters = nil
    #expect(Scorer.score(output, track: track, truth: truth).elevationGainErrorPercent == nil)
    truth.elevationGainMeters = 0.5  // too little for a percentage to mean anything
    #expect(Scorer.score(output, track: track, truth: truth).elevationGainErrorPercent == nil)
    // Nor where the fixes have no altitude.
    (track, truth) = Self.recording()
    truth.elevationGainMeters = 3.75
    let flat = PipelineRunner.run(.raw, on: track, activity: .running)
    #expect(Scorer.score(flat, track: track, truth: truth).elevationGainErrorPercent == nil)
  }

  /// 2 m/s for 10 s, then 4 m/s for 30 s; the display shows the new speed 3 s late. With the
  /// reference points only every `referenceEverySeconds` after the change.
  static func paceLag(referenceEverySeconds: Int) -> Double? {
    var fixes: [Fix] = []
    var path: [TruthPoint] = []
    var east = 0.0
    for second in 0...40 {
      let speed = second < 10 ? 2.0 : 4.0
      let time = start + Double(second)
      fixes.append(
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: time),
          latitudeDegrees: at(east).latitudeDegrees, longitudeDegrees: at(east).longitudeDegrees))
      if second <= 10 || second % referenceEverySeconds == 0 {
        path.append(
          TruthPoint(
            timeSeconds: time, coordinate: at(east), speedMetersPerSecond: speed,
            distanceMeters: east))
      }
      east += speed
    }
    let truth = EvaluationTruth(
      fixes: fixes.map { _ in nil }, path: path, distanceMeters: east, movingTimeSeconds: 40,
      stops: [], startTimeSeconds: start)
    let track = Track(segments: [Segment(fixes: fixes)])
    var output = PipelineRunner.run(.raw, on: track, activity: .running)
    output.displayedSpeeds = (0...40).map { $0 < 13 ? 2 : 4 }
    return Scorer.score(output, track: track, truth: truth).paceLagSeconds
  }

  @Test func paceLagNeedsAReferenceThatCoversTheSettling() {
    #expect(Self.paceLag(referenceEverySeconds: 1) == 3)
    // One reference point in the 20 s after the change cannot say the speed settled.
    #expect(Self.paceLag(referenceEverySeconds: 25) == nil)
  }

  @Test func percentilesInterpolate() {
    #expect(Scorer.percentile([1, 2, 3, 4], 0.5) == 2.5)
    #expect(Scorer.percentile([1, 2, 3, 4, 5], 0.95) == 4.8)
  }
}

/// The distance is scored from the receiver's first fix; what was travelled before it is
/// reported apart, as not seen.
@Suite struct ScorerUnseenDistanceTests {
  @Test func distanceBeforeTheFirstFixIsNotSeen() throws {
    let (track, truth) = ScorerTests.recording()
    // The person set off 5 s before the first fix, at 2 m/s: 10 m not seen.
    var earlier = truth
    earlier.path = truth.path.map { point in
      var point = point
      point.distanceMeters += 10
      return point
    }
    earlier.path.insert(
      TruthPoint(
        timeSeconds: ScorerTests.start - 5, coordinate: ScorerTests.at(-10),
        speedMetersPerSecond: 2, distanceMeters: 0), at: 0)
    earlier.distanceMeters = 30
    let output = PipelineRunner.run(.trackSiftRefined, on: track, activity: .running)
    let card = Scorer.score(output, track: track, truth: earlier)
    let seen = Scorer.score(output, track: track, truth: truth)
    #expect(abs((card.unseenDistancePercent ?? -1) - 10.0 / 30 * 100) < 1e-9)
    #expect(abs((card.distanceErrorPercent ?? 0) - (seen.distanceErrorPercent ?? 1)) < 1e-9)
    #expect(seen.unseenDistancePercent == 0)
  }

  @Test func aCachedOrNetworkFixIsNotTheReceiversFirst() {
    let (track, truth) = ScorerTests.recording()
    var fixes = track.segments[0].fixes
    var samples = truth.fixes
    // A network fix 30 s before, and the spike at t = 3 (known bad) moved first.
    var network = fixes[0]
    network.timestamp = Date(timeIntervalSinceReferenceDate: ScorerTests.start - 30)
    network.source = .network
    fixes.insert(network, at: 0)
    samples.insert(nil, at: 0)
    let time = Scorer.firstFixTimeSeconds(
      fixes,
      EvaluationTruth(
        fixes: samples, path: truth.path, distanceMeters: truth.distanceMeters))
    #expect(time == ScorerTests.start)
  }
}
