import Foundation
import Testing

@testable import TrackSift

private typealias F = GateFixtures

/// A fix `seconds` into the fixtures' session with a reported speed and what the receiver said.
private func fix(
  _ seconds: Double, north: Double = 0, speed: Double?, speedAccuracy: Double? = nil,
  satellites: Int? = nil, hdop: Double? = nil
) -> Fix {
  var fix = F.fix(seconds, north: north, speed: speed, speedAccuracy: speedAccuracy, course: 0)
  fix.receiver = ReceiverStatus(satellitesUsed: satellites, horizontalDilution: hdop)
  return fix
}

/// A judge for cycling (4 m/s², ceiling 45 m/s) that has seen `history`, each fix's reported
/// speed judged without look-ahead and recorded with its verdict.
private func judge(after history: [Fix]) -> SpeedCorroboration {
  var judge = SpeedCorroboration(profile: .cycling)
  for fix in history {
    let speed = SpeedCorroboration.reportedSpeed(of: fix)
    let verdict = judge.verdict(
      for: fix, speedMetersPerSecond: speed, isReported: true, upcoming: [])
    judge.record(fix, speedMetersPerSecond: speed, verdict: verdict)
  }
  return judge
}

/// A steady run north at `speed` m/s, one fix a second, positions and speeds agreeing, the
/// speeds with the few centimeters a second of noise a measured speed has (one repeated to the
/// last digit over equal steps is dead reckoning: see `aVelocityRepeatedOverEqualStepsIsExtrapolated`).
private func run(from start: Double, count: Int, speed: Double, north: Double = 0) -> [Fix] {
  (0..<count).map { index in
    fix(
      start + Double(index), north: north + speed * Double(index),
      speed: speed + measuredNoise(index))
  }
}

/// A measured speed's noise at fix `index`, in m/s: a few centimeters a second.
private func measuredNoise(_ index: Int) -> Double { 0.03 * sin(Double(index) + 0.5) }

/// The verdict on `next` after `history`, with `upcoming` as the look-ahead.
private func verdict(on next: Fix, after history: [Fix], upcoming: [Fix] = []) -> SpeedVerdict {
  judge(after: history).verdict(
    for: next, speedMetersPerSecond: SpeedCorroboration.reportedSpeed(of: next),
    isReported: true, upcoming: upcoming)
}

@Suite struct SpeedCorroborationTests {
  @Test func codesAreStable() {
    #expect(
      SpeedRejectionReason.allCases.map(\.code) == [
        "speed-above-ceiling", "speed-after-signal-loss", "speed-too-few-satellites",
        "speed-high-dilution", "speed-poor-accuracy", "speed-extrapolated",
        "speed-jittery-positions", "speed-acceleration",
        "speed-displacement", "speed-after-position-outlier", "speed-after-displacement",
      ])
    for reason in SpeedRejectionReason.allCases {
      #expect(SpeedVerdict(code: reason.code) == .rejected(reason))
    }
    #expect(SpeedVerdict(code: "trusted") == .trusted)
    #expect(SpeedVerdict(code: "unjudged") == .unjudged)
    #expect(SpeedVerdict(code: "accepted") == nil)
  }

  @Test func aSteadyRunIsTrusted() {
    let history = run(from: 0, count: 10, speed: 5)
    #expect(verdict(on: fix(10, north: 50, speed: 5.2), after: history) == .trusted)
  }

  @Test func noSpeedIsUnjudged() {
    let judge = judge(after: run(from: 0, count: 5, speed: 3))
    let verdict = judge.verdict(
      for: fix(5, speed: nil), speedMetersPerSecond: nil, isReported: true, upcoming: [])
    #expect(verdict == .unjudged)
    #expect(SpeedCorroboration.reportedSpeed(of: fix(5, speed: -1)) == nil)
  }

  @Test func aSpeedAtTheCeilingIsRefused() {
    let history = run(from: 0, count: 5, speed: 5)
    #expect(verdict(on: fix(5, north: 25, speed: 45), after: history) == .rejected(.aboveCeiling))
  }

  @Test func theFirstSecondsAfterASignalLossAreRefused() {
    let history = run(from: 0, count: 10, speed: 5)
    // 20 s without a fix, then five seconds of reconvergence.
    let back = fix(29, north: 145, speed: 5)
    #expect(verdict(on: back, after: history) == .rejected(.afterSignalLoss))
    let reconverging = (30...33).map {
      fix(Double($0), north: 5 * Double($0), speed: 5 + measuredNoise($0))
    }
    #expect(verdict(on: reconverging[3], after: history + [back]) == .rejected(.afterSignalLoss))
    let settled = history + [back] + reconverging
    #expect(verdict(on: fix(34, north: 170, speed: 5), after: settled) == .trusted)
    // A sparse recording's regular pauses are its pace, not a loss.
    let sparse = (0..<10).map {
      fix(Double($0) * 5, north: Double($0) * 25, speed: 5 + measuredNoise($0))
    }
    #expect(verdict(on: fix(50, north: 250, speed: 5), after: sparse) == .trusted)
  }

  @Test(arguments: [(4, false), (5, true), (12, true)])
  func satellitesBelowFiveAreRefused(satellites: Int, trusted: Bool) {
    let history = run(from: 0, count: 5, speed: 5)
    let next = fix(5, north: 25, speed: 5, satellites: satellites)
    #expect(
      verdict(on: next, after: history) == (trusted ? .trusted : .rejected(.tooFewSatellites)))
  }

  @Test(arguments: [(5.0, true), (5.1, false), (99.99, false)])
  func hdopAboveFiveIsRefused(hdop: Double, trusted: Bool) {
    let history = run(from: 0, count: 5, speed: 5)
    let next = fix(5, north: 25, speed: 5, hdop: hdop)
    #expect(verdict(on: next, after: history) == (trusted ? .trusted : .rejected(.highDilution)))
  }

  @Test(arguments: [(0.3, true), (2.06, true), (2.1, false), (328.0, false)])
  func poorSpeedAccuracyIsRefused(accuracy: Double, trusted: Bool) {
    let history = run(from: 0, count: 5, speed: 5)
    let next = fix(5, north: 25, speed: 5, speedAccuracy: accuracy)
    #expect(
      verdict(on: next, after: history) == (trusted ? .trusted : .rejected(.poorSpeedAccuracy)))
  }

  /// Running allows 4 m/s² plus twice the two speeds' combined accuracy (0.5 m/s each when
  /// unstated: 1.41 m/s): from 4.97 m/s, 10.35 m/s a second later is possible, 10.5 is not.
  @Test(arguments: [(10.35, true), (10.5, false), (0.0, true), (25.0, false)])
  func aSpeedBeyondTheAccelerationLimitIsRefused(speed: Double, trusted: Bool) {
    let history = run(from: 0, count: 5, speed: 5)
    let next = fix(5, north: 25, speed: speed)
    let expected: SpeedVerdict = trusted ? .trusted : .rejected(.acceleration)
    // The position moves with the speed, so only the acceleration can refuse it.
    var moved = next
    let plane = LocalTangentPlane(origin: history[4].coordinate)
    let coordinate = plane.unproject(eastMeters: 0, northMeters: max(speed, 1))
    moved.latitudeDegrees = coordinate.latitudeDegrees
    moved.longitudeDegrees = coordinate.longitudeDegrees
    #expect(verdict(on: moved, after: history) == expected)
  }

  @Test func aSpikesRampDownIsMeasuredFromTheLastTrustedSpeed() {
    // 5 m/s, then a spike to 24 m/s that decays by 3 and 2 m/s a second: a limit between
    // consecutive readings (4 m/s² plus the noise) would take 21 and 19 back; measured from
    // the last trusted 5 m/s, none of them passes.
    var judge = judge(after: run(from: 0, count: 5, speed: 5))
    var verdicts: [SpeedVerdict] = []
    for (offset, speed) in [24.0, 21, 19].enumerated() {
      let next = fix(5 + Double(offset), north: 25 + 20 * Double(offset), speed: speed)
      let verdict = judge.verdict(
        for: next, speedMetersPerSecond: speed, isReported: true, upcoming: [])
      judge.record(next, speedMetersPerSecond: speed, verdict: verdict)
      verdicts.append(verdict)
    }
    #expect(verdicts == Array(repeating: .rejected(.acceleration), count: 3))
  }

  @Test func aRefusedRunThatAgreesWithItselfReanchors() {
    // A trusted 25 m/s that was wrong, then a steady 4 m/s: 21 m/s apart is more than 4 m/s²
    // covers for 4.9 s, but the run agrees with itself and is trusted after 3 s.
    var judge = judge(after: run(from: 0, count: 3, speed: 25))
    var verdicts: [SpeedVerdict] = []
    for index in 0..<8 {
      let speed = 4 + measuredNoise(index)
      let next = fix(3 + Double(index) * 0.5, north: 50 + 2 * Double(index), speed: speed)
      let verdict = judge.verdict(
        for: next, speedMetersPerSecond: speed, isReported: true, upcoming: [])
      judge.record(next, speedMetersPerSecond: speed, verdict: verdict)
      verdicts.append(verdict)
    }
    #expect(verdicts.prefix(6).allSatisfy { $0 == .rejected(.acceleration) })
    #expect(verdicts.suffix(2).allSatisfy { $0 == .trusted })
  }

  @Test func withoutAReferenceTheLookAheadMustAgree() {
    // The first fix after a loss is past: no trusted speed for 10 s. A 23 m/s held for two
    // seconds that drops to 3 m/s is refused; a 3 m/s that stays is trusted.
    let history = [fix(0, speed: 3), fix(30, north: 10, speed: 23)]
    let upcoming = (1...10).map { fix(36 + Double($0) * 0.2, north: 10, speed: $0 < 8 ? 23 : 3) }
    let spike = fix(36, north: 10, speed: 23)
    #expect(verdict(on: spike, after: history, upcoming: upcoming) == .rejected(.acceleration))
    let steady = (1...10).map { fix(36 + Double($0) * 0.2, north: 10, speed: 3) }
    #expect(verdict(on: fix(36, north: 10, speed: 3), after: history, upcoming: steady) == .trusted)
  }

  @Test func aSpeedThePositionsDoNotShowIsRefused() {
    // Standing still (positions fixed) with speeds 0, then a 12 m/s reading with the positions
    // still where they were a second before and after.
    let history = (0..<10).map { fix(Double($0) * 0.2, speed: 0.2) }
    let after = (1...10).map { fix(2 + Double($0) * 0.2, speed: 0.2) }
    var judge = SpeedCorroboration(
      configuration: SpeedCorroboration.Configuration(
        maximumSpeedChangeMetersPerSecondSquared: 100),
      reportedSpeedCeilingMetersPerSecond: 45)
    for fix in history {
      judge.record(fix, speedMetersPerSecond: 0.2, verdict: .trusted)
    }
    let next = fix(2, speed: 12)
    let verdict = judge.verdict(
      for: next, speedMetersPerSecond: 12, isReported: true, upcoming: after)
    #expect(verdict == .rejected(.displacement))
    // Within 3 m/s of the displacement speed (0) a speed passes.
    let slow = judge.verdict(
      for: fix(2, speed: 2.9), speedMetersPerSecond: 2.9, isReported: true, upcoming: after)
    #expect(slow == .trusted)
  }

  @Test func positionsThatOutrunTheSpeedDoNotRefuseIt() {
    // A 5 Hz log whose positions run north at 30 m/s while the speed says 5: in a city it is
    // the positions that jump (multipath) while the Doppler speed holds, so the speed stays.
    var judge = SpeedCorroboration(
      configuration: SpeedCorroboration.Configuration(
        maximumSpeedChangeMetersPerSecondSquared: 100),
      reportedSpeedCeilingMetersPerSecond: 45)
    for k in 0..<10 {
      let seconds = Double(k) * 0.2
      let speed = 5 + measuredNoise(k)
      judge.record(
        fix(seconds, north: 30 * seconds, speed: speed), speedMetersPerSecond: speed,
        verdict: .trusted)
    }
    let after = (1...10).map {
      fix(2 + Double($0) * 0.2, north: 60 + 6 * Double($0), speed: 5 + measuredNoise($0))
    }
    let next = fix(2, north: 60, speed: 5)
    #expect(
      judge.verdict(for: next, speedMetersPerSecond: 5, isReported: true, upcoming: after)
        == .trusted)
  }

  @Test func afterASignalLossPositionsThatOutrunTheSpeedRefuseIt() {
    // 5 m/s, 20 s without a fix, then a receiver still reconverging: its positions run north
    // at 30 m/s while its speed says 5. Within 10 s of the loss both come from the same
    // unconverged solution, so the speed is refused; later the positions are the suspects.
    let history = run(from: 0, count: 10, speed: 5)
    var judge = judge(after: history)
    for k in 0..<30 {
      let seconds = 29 + Double(k) * 0.2
      let speed = 5 + measuredNoise(k)
      let fix = fix(seconds, north: 45 + 30 * (seconds - 29), speed: speed)
      let verdict = judge.verdict(
        for: fix, speedMetersPerSecond: speed, isReported: true, upcoming: [])
      judge.record(fix, speedMetersPerSecond: speed, verdict: verdict)
    }
    let next = fix(35, north: 225, speed: 5)
    let after = (1...10).map {
      fix(35 + Double($0) * 0.2, north: 225 + 6 * Double($0), speed: 5 + measuredNoise($0))
    }
    #expect(
      judge.verdict(for: next, speedMetersPerSecond: 5, isReported: true, upcoming: after)
        == .rejected(.displacement))
  }

  /// `count` fixes at 5 Hz from `start` s, stepping `stepMeters` north each, with `speeds`.
  private func fiveHertz(
    from start: Double, north: Double, count: Int, stepMeters: Double, speeds: (Int) -> Double
  ) -> [Fix] {
    (0..<count).map { k in
      fix(start + Double(k) * 0.2, north: north + stepMeters * Double(k), speed: speeds(k))
    }
  }

  @Test func aVelocityRepeatedOverEqualStepsIsExtrapolated() {
    // Steady at 7 m/s with the noise of a measured speed, then the receiver repeats 7.123 m/s
    // and the same 1.4246 m step for 2 s (dead reckoning).
    let measured = fiveHertz(
      from: 0, north: 0, count: 20, stepMeters: 1.4,
      speeds: {
        7 + 0.05 * sin(Double($0))
      })
    let frozen = fiveHertz(
      from: 4, north: 28, count: 10, stepMeters: 1.4246, speeds: { _ in 7.123 })
    // Its first fix, judged with the repeats ahead of it, and one in the middle.
    #expect(
      verdict(on: frozen[0], after: measured, upcoming: Array(frozen.dropFirst()))
        == .rejected(.extrapolated))
    #expect(
      verdict(on: frozen[5], after: measured + frozen.prefix(5), upcoming: Array(frozen.suffix(4)))
        == .rejected(.extrapolated))
    // The same speed repeated over steps that differ, as measured positions do, is trusted; so
    // is a repeat of under a second.
    let wandering = (0..<10).map { k in
      fix(4 + Double(k) * 0.2, north: 28 + 1.4246 * Double(k) + 0.2 * sin(Double(k)), speed: 7.123)
    }
    #expect(
      verdict(on: wandering[0], after: measured, upcoming: Array(wandering.dropFirst()))
        == .trusted)
    #expect(
      verdict(on: frozen[0], after: measured, upcoming: Array(frozen[1...3])) == .trusted)
    // Standing still, a receiver repeats speed 0 at one position: not an extrapolation.
    let parked = (0..<10).map { fix(Double($0) * 0.2, speed: 0) }
    #expect(verdict(on: parked[0], after: [], upcoming: Array(parked.dropFirst())) == .trusted)
  }

  @Test func speedsJustAfterAPositionOutlierAreRefused() {
    var judge = judge(after: run(from: 0, count: 10, speed: 5))
    // The outlier at 10 s (its position is not recorded: it was refused).
    judge.recordRefusal(fix(10, north: 500, speed: 5), reason: .innovationOutlier)
    for (seconds, expected) in [
      (10.4, SpeedVerdict.rejected(.afterPositionOutlier)), (11, .rejected(.afterPositionOutlier)),
      (11.2, .trusted),
    ] {
      let next = fix(seconds, north: 5 * seconds, speed: 5)
      #expect(
        judge.verdict(for: next, speedMetersPerSecond: 5, isReported: true, upcoming: [])
          == expected, "\(seconds) s")
    }
    // A time that says nothing changes nothing, nor does a refusal for another reason.
    var untimed = fix(11.1, north: 500, speed: 5)
    untimed.timestamp = nil
    judge.recordRefusal(untimed, reason: .impliedSpeed)
    untimed.timestamp = Date(timeIntervalSinceReferenceDate: .infinity)
    judge.recordRefusal(untimed, reason: .impliedSpeed)
    judge.recordRefusal(fix(11.1, north: 500, speed: 5), reason: .networkSource)
    let later = fix(11.2, north: 56, speed: 5)
    #expect(
      judge.verdict(for: later, speedMetersPerSecond: 5, isReported: true, upcoming: [])
        == .trusted)
  }

  @Test func reportedSpeedsJustAfterOneRefusedForItsDisplacementAreRefused() {
    var judge = judge(after: run(from: 0, count: 10, speed: 5))
    // At 10 s the receiver's speed disagreed with its positions.
    judge.record(
      fix(10, north: 50, speed: 14), speedMetersPerSecond: 14, verdict: .rejected(.displacement))
    func verdict(_ seconds: Double, isReported: Bool = true) -> SpeedVerdict {
      judge.verdict(
        for: fix(seconds, north: 5 * seconds, speed: 5), speedMetersPerSecond: 5,
        isReported: isReported, upcoming: [])
    }
    #expect(verdict(10.4) == .rejected(.afterDisplacement))
    #expect(verdict(11) == .rejected(.afterDisplacement))
    #expect(verdict(10.4, isReported: false) == .trusted)
    // A speed held back only for following one does not hold the next back in turn.
    judge.record(
      fix(10.6, north: 53, speed: 5), speedMetersPerSecond: 5,
      verdict: .rejected(.afterDisplacement))
    #expect(verdict(11.2) == .trusted)
  }

  @Test func aDerivedSpeedIsHeldToTheSamePhysics() {
    let judge = judge(after: run(from: 0, count: 5, speed: 3))
    let jump = judge.verdict(
      for: fix(5, speed: nil), speedMetersPerSecond: 20, isReported: false, upcoming: [])
    #expect(jump == .rejected(.acceleration))
    let walk = judge.verdict(
      for: fix(5, speed: nil), speedMetersPerSecond: 3.5, isReported: false, upcoming: [])
    #expect(walk == .trusted)
  }

  @Test func countsAreKeptByReason() throws {
    var counts = SpeedVerdictCounts()
    for verdict: SpeedVerdict in [.trusted, .trusted, .rejected(.acceleration), .unjudged] {
      counts.record(verdict)
    }
    #expect(counts.trustedCount == 2)
    #expect(counts.rejectedCount == 1)
    #expect(counts[.acceleration] == 1)
    let data = try JSONEncoder().encode(counts)
    #expect(try JSONDecoder().decode(SpeedVerdictCounts.self, from: data) == counts)
  }
}
