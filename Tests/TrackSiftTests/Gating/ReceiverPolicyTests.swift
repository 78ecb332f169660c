import Foundation
import Testing

@testable import TrackSift

private typealias F = GateFixtures

/// A straight run north at 3 m/s, one fix a second, with what the receiver said and no stated
/// accuracy, as a GPX file with `hdop` and `sat` gives it.
private func run(count: Int, hdop: Double?, satellites: Int?, fixType: ReceiverStatus.FixType?)
  -> [Fix]
{
  (0..<count).map { index in
    var fix = F.fix(Double(index), north: 3 * Double(index), accuracy: nil, speed: 3, course: 0)
    fix.receiver = ReceiverStatus(
      fixType: fixType, satellitesUsed: satellites, horizontalDilution: hdop)
    return fix
  }
}

@Suite struct ReceiverPolicyTests {
  @Test func accuracyIsFiveMetersTimesTheHDOPWhereNoneIsStated() {
    var fix = F.fix(0, accuracy: nil)
    fix.receiver = ReceiverStatus(horizontalDilution: 1.6)
    #expect(fix.withAccuracyFromDilution.horizontalAccuracyMeters == 8)
    // A stated accuracy, even an invalid one, is the gate's to judge.
    var stated = fix
    stated.horizontalAccuracyMeters = -1
    #expect(stated.withAccuracyFromDilution.horizontalAccuracyMeters == -1)
    for dilution in [0.0, -2, .nan, .infinity] {
      fix.receiver = ReceiverStatus(horizontalDilution: dilution)
      #expect(fix.withAccuracyFromDilution.horizontalAccuracyMeters == nil)
    }
    #expect(ReceiverStatus.autonomousRangeErrorMeters == 5)
  }

  @Test func thePipelineDerivesTheAccuracyAtItsEntry() {
    // HDOP 12 gives 60 m, above running's 50 m ceiling: every fix is refused for its accuracy.
    let poor = TrackAnalysis(
      track: Track(segments: [Segment(fixes: run(count: 20, hdop: 12, satellites: 9, fixType: nil))]
      ))
    #expect(poor.verdictCounts[.accuracyAboveCeiling] == 20)
    let good = TrackAnalysis(
      track: Track(segments: [
        Segment(fixes: run(count: 20, hdop: 1.2, satellites: 9, fixType: nil))
      ]))
    #expect(good.verdictCounts.acceptedCount == 20)
  }

  @Test(arguments: [
    (3, ReceiverStatus.FixType?.some(.threeDimensional), RejectionReason.tooFewSatellites),
    (0, ReceiverStatus.FixType?.none, .tooFewSatellites),
    (8, .twoDimensional, .noThreeDimensionalFix),
    (8, ReceiverStatus.FixType?.some(.none), .noThreeDimensionalFix),
  ])
  func fewSatellitesOrNoThreeDimensionalFixAreRefused(
    satellites: Int, fixType: ReceiverStatus.FixType?, reason: RejectionReason
  ) {
    let analysis = TrackAnalysis(
      track: Track(
        segments: [
          Segment(fixes: run(count: 10, hdop: 1, satellites: satellites, fixType: fixType))
        ]
      ))
    #expect(analysis.verdictCounts[reason] == 10)
    #expect(analysis.verdicts[0].allSatisfy { $0 == .rejected(reason) })
  }

  @Test func fourSatellitesAndAThreeDimensionalFixPass() {
    let analysis = TrackAnalysis(
      track: Track(
        segments: [
          Segment(fixes: run(count: 10, hdop: 1, satellites: 4, fixType: .threeDimensional))
        ]))
    #expect(analysis.verdictCounts.acceptedCount == 10)
    // Four satellites give a position but not a trusted speed (five are needed).
    #expect(analysis.speedVerdictCounts[.tooFewSatellites] == 10)
    #expect(analysis.liveMetrics.maximumSpeedMetersPerSecond ?? 0 < 3.5)
  }

  @Test func speedVerdictsRunParallelToTheVerdicts() {
    // 5 Hz at 4 m/s, a 4 s loss, then 22 m/s held for 2.8 s before 4 m/s again: the held spike
    // is not trusted, and the maximum stays with the sailing.
    var fixes: [Fix] = []
    var north = 0.0
    var time = 0.0
    func add(_ speed: Double, seconds: Double) {
      for _ in 0..<Int(seconds * 5) {
        fixes.append(F.fix(time, north: north, accuracy: nil, speed: speed, course: 0))
        time += 0.2
        north += speed * 0.2
      }
    }
    add(4, seconds: 60)
    time += 4
    add(22, seconds: 2.8)
    add(4, seconds: 60)
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    #expect(analysis.speedVerdicts.map(\.count) == analysis.verdicts.map(\.count))
    let spike = fixes.indices.filter { fixes[$0].speedMetersPerSecond == 22 }
    #expect(spike.allSatisfy { !analysis.speedVerdicts[0][$0].isTrusted })
    let maximum = analysis.refinedMetrics.maximumSpeedMetersPerSecond ?? 0
    #expect(maximum < 5, "maximum \(maximum) m/s")
  }
}
