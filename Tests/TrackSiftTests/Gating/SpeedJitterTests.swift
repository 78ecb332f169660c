import Foundation
import Testing

@testable import TrackSift

private typealias F = GateFixtures

/// A fix `seconds` into the session, `north` and `east` meters from the origin, reporting `speed`
/// and nothing of its quality (no accuracy, satellites or HDOP), as a file of positions and
/// speeds gives it.
private func fix(_ seconds: Double, north: Double, east: Double = 0, speed: Double) -> Fix {
  F.fix(seconds, east: east, north: north, accuracy: nil, speed: speed, course: 0)
}

/// A run north at `speed` m/s, `rate` fixes a second from `start` for `seconds`, each position
/// `jitter(index)` meters east of the line; the reported speeds carry a measured speed's noise.
private func run(
  from start: Double, seconds: Double, rate: Double, speed: Double,
  jitter: (Int) -> Double = { _ in 0 }
) -> [Fix] {
  (0..<Int(seconds * rate)).map { index in
    let time = start + Double(index) / rate
    return fix(
      time, north: speed * time, east: jitter(index), speed: speed + 0.03 * sin(Double(index)))
  }
}

/// The judge (cycling) after `history`, every speed judged with the rest of the history as its
/// look-ahead and recorded with its verdict.
private func judge(after history: [Fix]) -> SpeedCorroboration {
  var judge = SpeedCorroboration(profile: .cycling)
  for (index, fix) in history.enumerated() {
    let speed = SpeedCorroboration.reportedSpeed(of: fix)
    let verdict = judge.verdict(
      for: fix, speedMetersPerSecond: speed, isReported: true,
      upcoming: history[(index + 1)...])
    judge.record(fix, speedMetersPerSecond: speed, verdict: verdict)
  }
  return judge
}

private func verdict(on next: Fix, after history: [Fix], upcoming: [Fix]) -> SpeedVerdict {
  judge(after: history).verdict(
    for: next, speedMetersPerSecond: SpeedCorroboration.reportedSpeed(of: next),
    isReported: true, upcoming: upcoming)
}

@Suite struct SpeedJitterTests {
  /// 5 Hz positions a meter either side of the line, as TRU803JOE's after its signal loss:
  /// their second differences imply 100 m/s², so the speed of the same solution is refused,
  /// reported or derived.
  @Test func aSpeedAmidJitteringPositionsIsRefused() {
    // Steady for 8 s, then each position a meter either side of the line.
    let fixes = run(from: 0, seconds: 12, rate: 5, speed: 15) {
      $0 >= 40 && $0.isMultiple(of: 2) ? 1 : -1
    }
    let history = Array(fixes[..<40])
    let upcoming = Array(fixes[41...])
    #expect(
      verdict(on: fixes[40], after: history, upcoming: upcoming) == .rejected(.jitteryPositions))
    let derived = judge(after: history).verdict(
      for: fixes[40], speedMetersPerSecond: 15, isReported: false, upcoming: upcoming)
    #expect(derived == .rejected(.jitteryPositions))
    // The same speed with the steady positions after it is trusted.
    let steady = run(from: 0, seconds: 12, rate: 5, speed: 15) { _ in -1 }
    #expect(verdict(on: steady[40], after: history, upcoming: Array(steady[41...])) == .trusted)
  }

  /// Where a fix states its receiver's quality, rule 3 judges it and jittering positions do
  /// not refuse its speed: in a city a re-acquisition's jump follows a drift the Doppler speed
  /// did not share.
  @Test func aFixThatStatesItsQualityIsJudgedByIt() {
    let fixes = run(from: 0, seconds: 12, rate: 5, speed: 15) {
      $0 >= 40 && $0.isMultiple(of: 2) ? 1 : -1
    }
    func stating(_ fix: Fix, _ state: (inout Fix) -> Void) -> Fix {
      var fix = fix
      state(&fix)
      return fix
    }
    let history = Array(fixes[..<40])
    let upcoming = Array(fixes[41...])
    for state: (inout Fix) -> Void in [
      { $0.horizontalAccuracyMeters = 4 }, { $0.receiver.satellitesUsed = 9 },
      { $0.receiver.horizontalDilution = 1.1 }, { $0.speedAccuracyMetersPerSecond = 0.3 },
    ] {
      #expect(
        verdict(on: stating(fixes[40], state), after: history, upcoming: upcoming) == .trusted)
    }
  }

  /// A smooth 5 Hz run, with a few centimeters of noise, and a 1 Hz rider turning a right
  /// angle at 8 m/s (11.3 m/s² at the corner, but one second difference of three) keep their
  /// speeds.
  @Test func smoothPositionsAndASharpTurnKeepTheirSpeeds() {
    let smooth = run(from: 0, seconds: 12, rate: 5, speed: 15) { 0.02 * sin(Double($0)) }
    #expect(
      verdict(on: smooth[50], after: Array(smooth[..<50]), upcoming: Array(smooth[51...]))
        == .trusted)
    // North for 6 s, then east: the corner at 6 s.
    let turn = (0...12).map { second -> Fix in
      let time = Double(second)
      return second <= 6
        ? fix(time, north: 8 * time, speed: 8 + 0.03 * sin(time))
        : fix(time, north: 48, east: 8 * (time - 6), speed: 8 + 0.03 * sin(time))
    }
    #expect(verdict(on: turn[6], after: Array(turn[..<6]), upcoming: Array(turn[7...])) == .trusted)
  }

  /// A refusal holds the speeds of the next second back, and a speed held back does not hold
  /// the next back in turn: the hold ends a second after the last fix whose own positions
  /// jittered.
  @Test func theHoldLastsASecondFromTheLastJitteringFix() {
    var judge = judge(after: run(from: 0, seconds: 10, rate: 5, speed: 15))
    judge.record(
      fix(10, north: 150, speed: 15), speedMetersPerSecond: 15,
      verdict: .rejected(.jitteryPositions))
    func verdict(_ seconds: Double) -> SpeedVerdict {
      judge.verdict(
        for: fix(seconds, north: 15 * seconds, speed: 15 + seconds / 100),
        speedMetersPerSecond: 15 + seconds / 100,
        isReported: true, upcoming: [])
    }
    #expect(verdict(10.6) == .rejected(.jitteryPositions))
    #expect(verdict(11) == .rejected(.jitteryPositions))
    judge.record(
      fix(10.6, north: 159, speed: 15), speedMetersPerSecond: 15,
      verdict: .rejected(.jitteryPositions))
    #expect(verdict(11.2) == .trusted)
  }

  /// A clean 25 Hz logger's positions, written to 1e-7 degree with a centimeter of noise, keep
  /// their speeds: its second differences are taken over a fifth of a second or so, where a
  /// centimeter reads well under one g (over 0.04 s it would read 15-25 m/s²).
  @Test func aCleanHighRateLogKeepsItsSpeeds() {
    let fixes = run(from: 0, seconds: 4, rate: 25, speed: 20) { 0.01 * sin(2.7 * Double($0)) }
      .map { fix -> Fix in
        var rounded = fix
        rounded.latitudeDegrees = (fix.latitudeDegrees * 1e7).rounded() / 1e7
        rounded.longitudeDegrees = (fix.longitudeDegrees * 1e7).rounded() / 1e7
        return rounded
      }
    #expect(
      verdict(on: fixes[50], after: Array(fixes[..<50]), upcoming: Array(fixes[51...]))
        == .trusted)
  }

  /// A steady 1 Hz ride east across the antimeridian is no jitter: longitudes are taken the
  /// short way round (the wrong way, two of the three second differences around the crossing
  /// would read 40,000 km).
  @Test func aRideAcrossTheAntimeridianKeepsItsSpeeds() {
    let fixes = (0..<10).map { second -> Fix in
      // 15 m/s east at the equator, crossing between the fifth and sixth fix.
      var longitude = 179.9994 + 1.3475e-4 * Double(second)
      if longitude > 180 { longitude -= 360 }
      var fix = F.fix(latitude: 0, longitude: longitude, seconds: Double(second))
      fix.horizontalAccuracyMeters = nil
      fix.speedMetersPerSecond = 15 + 0.03 * sin(Double(second))
      return fix
    }
    #expect(fixes[4].longitudeDegrees > 0 && fixes[5].longitudeDegrees < 0)
    #expect(
      verdict(on: fixes[5], after: Array(fixes[..<5]), upcoming: Array(fixes[6...]))
        == .trusted)
  }

  /// With fewer than three second differences in reach (a sparse log, the first fixes) the
  /// rule says nothing.
  @Test func tooFewPositionsSayNothing() {
    let sparse = (0..<6).map {
      fix(Double($0) * 5, north: Double($0) * 25 + ($0.isMultiple(of: 2) ? 3 : -3), speed: 5)
    }
    #expect(
      verdict(on: sparse[3], after: Array(sparse[..<3]), upcoming: Array(sparse[4...])) == .trusted)
  }
}
