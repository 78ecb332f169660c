import Foundation
import Testing

@testable import TrackSift

private typealias F = GateFixtures

/// Fixes that every rule but the one under test would accept, each judged by a fresh gate after
/// one good fix at time 100.
private func verdictAfterAGoodFix(_ configuration: FixGateConfiguration, _ fix: Fix) -> Verdict {
  var gate = FixGate(configuration: configuration)
  gate.startSession(at: F.startDate)
  _ = gate.evaluate(F.fix(100))
  return gate.evaluate(fix)
}

@Suite struct FixGateConfigurationTests {
  // MARK: runningApp

  @Test(
    arguments: [
      (49.0, nil), (50.0, nil), (51.0, .accuracyAboveCeiling), (0.0, .invalidAccuracy),
      (-1.0, .invalidAccuracy), (nil, .invalidAccuracy), (.infinity, .invalidAccuracy),
    ] as [(Double?, RejectionReason?)])
  func runningAppGatesOnAccuracy(accuracy: Double?, reason: RejectionReason?) {
    var gate = FixGate(configuration: .runningApp)
    let verdict = gate.evaluate(F.fix(0, accuracy: accuracy))
    #expect(verdict == (reason.map { .rejected($0) } ?? .accepted))
  }

  @Test func runningAppChecksNothingElse() {
    let others = [
      F.fix(101, source: .network), F.fix(50), F.fix(100), F.fix(101, east: 50_000),
      F.fix(101, arrival: 10_000), F.fix(nil), F.fix(latitude: 0, longitude: 0),
      F.fix(101, speed: 80),
    ]
    for fix in others { #expect(verdictAfterAGoodFix(.runningApp, fix) == .accepted) }
    #expect(FixGateConfiguration.runningApp.minimumAcceptedFixesBeforeSpeed == 0)
  }

  // MARK: walkingApp

  @Test(
    arguments: [
      (20.0, true), (20.5, false), (5.0, true), (-1.0, true), (nil, true), (0.0, true),
    ] as [(Double?, Bool)])
  func walkingAppRecordsAccuracyUpToTwentyMeters(accuracy: Double?, accepted: Bool) {
    var gate = FixGate(configuration: .walkingApp)
    let verdict = gate.evaluate(F.fix(0, accuracy: accuracy))
    #expect(verdict == (accepted ? .accepted : .rejected(.accuracyAboveCeiling)))
  }

  @Test(arguments: [(29.0, true), (30.0, true), (31.0, false)])
  func walkingAppRefusesFixesOlderThanThirtySeconds(age: Double, accepted: Bool) {
    var gate = FixGate(configuration: .walkingApp)
    let verdict = gate.evaluate(F.fix(0, arrival: age))
    #expect(verdict == (accepted ? .accepted : .rejected(.stale)))
  }

  @Test func walkingAppChecksNothingElse() {
    let others = [
      F.fix(101, source: .network), F.fix(50), F.fix(100), F.fix(101, east: 50_000),
      F.fix(nil),
    ]
    for fix in others { #expect(verdictAfterAGoodFix(.walkingApp, fix) == .accepted) }
  }

  // MARK: speedometer

  @Test(arguments: [(0.0, false), (1.0, false), (1.9, false), (2.0, true), (3.0, true)])
  func speedometerWarmsUpForTwoSeconds(seconds: Double, accepted: Bool) {
    var gate = FixGate(configuration: .speedometer)
    if seconds > 0 { #expect(gate.evaluate(F.fix(0)) == .rejected(.warmUp)) }
    let verdict = gate.evaluate(F.fix(seconds))
    #expect(verdict == (accepted ? .accepted : .rejected(.warmUp)))
  }

  @Test(arguments: [(14.0, true), (15.0, true), (15.5, false)])
  func speedometerRefusesFixesOlderThanFifteenSeconds(age: Double, accepted: Bool) {
    let verdict = verdictAfterAGoodFix(.speedometer, F.fix(101, arrival: 101 + age))
    #expect(verdict == (accepted ? .accepted : .rejected(.stale)))
  }

  @Test(arguments: [
    (3.0, 199.0, true), (14.9, 200.0, true), (5.0, 201.0, false), (15.0, 150.0, false),
    (15.0, 100.0, true), (300.0, 101.0, false),
  ])
  func speedometerCeilingIsTwoHundredMetersForFifteenSecondsThenOneHundred(
    seconds: Double, accuracy: Double, accepted: Bool
  ) {
    var gate = FixGate(configuration: .speedometer)
    gate.startSession(at: F.startDate)
    let verdict = gate.evaluate(F.fix(seconds, accuracy: accuracy))
    #expect(verdict == (accepted ? .accepted : .rejected(.accuracyAboveCeiling)))
  }

  @Test(arguments: [(3.0, 10.0, true), (9.9, 10.5, false), (10.0, 40.0, true)])
  func speedometerRefusesMoreThanTenMetersPerSecondInTheFirstTenSeconds(
    seconds: Double, speed: Double, accepted: Bool
  ) {
    var gate = FixGate(configuration: .speedometer)
    gate.startSession(at: F.startDate)
    let verdict = gate.evaluate(F.fix(seconds, speed: speed))
    #expect(verdict == (accepted ? .accepted : .rejected(.startupSpeed)))
  }

  @Test func speedometerShowsNoSpeedBeforeTwoAcceptedFixes() {
    #expect(FixGateConfiguration.speedometer.minimumAcceptedFixesBeforeSpeed == 2)
    var gate = FixGate(configuration: .speedometer)
    gate.startSession(at: F.startDate)
    _ = gate.evaluate(F.fix(3))
    #expect(!gate.isSpeedAvailable)
    _ = gate.evaluate(F.fix(4, north: 3))
    #expect(gate.isSpeedAvailable)
  }

  @Test func speedometerChecksNothingElse() {
    let others = [
      F.fix(101, source: .network), F.fix(50), F.fix(100), F.fix(101, east: 50_000),
      F.fix(101, accuracy: -1), F.fix(nil),
    ]
    for fix in others { #expect(verdictAfterAGoodFix(.speedometer, fix) == .accepted) }
  }

  // MARK: fitnessTracker

  @Test func fitnessTrackerRefusesNetworkOutOfOrderAndNegativeAccuracy() {
    let tracker = FixGateConfiguration.fitnessTracker
    #expect(
      verdictAfterAGoodFix(tracker, F.fix(101, source: .network)) == .rejected(.networkSource))
    #expect(verdictAfterAGoodFix(tracker, F.fix(99)) == .rejected(.outOfOrder))
    #expect(verdictAfterAGoodFix(tracker, F.fix(101, accuracy: -5)) == .rejected(.invalidAccuracy))
    // Nothing else: duplicates, staleness, accuracy ceilings, unknown accuracy, speed.
    let others = [
      F.fix(100), F.fix(101, arrival: 10_000), F.fix(101, accuracy: 900),
      F.fix(101, accuracy: nil), F.fix(101, east: 50_000),
      F.fix(latitude: 0, longitude: 0, seconds: 101),
    ]
    for fix in others { #expect(verdictAfterAGoodFix(tracker, fix) == .accepted) }
  }

  @Test(arguments: [(8.0, true), (9.9, true), (10.5, false), (12.0, false)])
  func fitnessTrackerRefusesImpliedAccelerationAboveTenMetersPerSecondSquared(
    missMeters: Double, accepted: Bool
  ) {
    var gate = FixGate(configuration: .fitnessTracker)
    // 5 m/s east; Doppler is ignored, as the tracker computes from positions.
    let east = (0..<5).map { F.fix(Double($0), east: 5 * Double($0), speed: 0, course: 0) }
    #expect(gate.evaluate(east).allSatisfy { $0.isAccepted })
    // A velocity half a step old, 1 s ahead: a miss of m meters is m m/s^2.
    let verdict = gate.evaluate(F.fix(5, east: 25, north: missMeters))
    #expect(verdict == (accepted ? .accepted : .rejected(.impliedAcceleration)))
  }

  // MARK: TrackSift defaults

  @Test(arguments: ActivityKind.allCases)
  func defaultsPinTheirThresholds(activity: ActivityKind) {
    let expected: [ActivityKind: (Double, Double?, Double, Double, Double?)] = [
      .walking: (30, nil, 6, 4, 6),
      .running: (50, nil, 12, 8, 12),
      .cycling: (50, nil, 30, 8, 30),
      .driving: (100, 200, 70, 12, nil),
    ]
    let configuration = FixGateConfiguration.defaults(for: activity)
    let values = expected[activity]
    #expect(configuration.maximumHorizontalAccuracyMeters == values?.0)
    #expect(configuration.startupMaximumHorizontalAccuracyMeters == values?.1)
    #expect(configuration.maximumSpeedMetersPerSecond == values?.2)
    #expect(configuration.maximumAccelerationMetersPerSecondSquared == values?.3)
    #expect(configuration.startupMaximumSpeedMetersPerSecond == values?.4)
    // Every rule is on ...
    #expect(configuration.rejectsNullIsland && configuration.rejectsNetworkSource)
    #expect(configuration.rejectsInvalidAccuracy)
    #expect(configuration.rejectsDuplicateTimestamps && configuration.rejectsOutOfOrderTimestamps)
    #expect(configuration.maximumFixAgeSeconds == 30)
    #expect(configuration.reanchorGapSeconds == 60)
    #expect(configuration.reanchorAfterConsecutiveRejections == 5)
    #expect(configuration.minimumAcceptedFixesBeforeSpeed == 2)
    // ... but none that would refuse good file data.
    #expect(configuration.acceptsMissingTimestamp && configuration.acceptsUnknownAccuracy)
    #expect(configuration.warmUpSeconds == nil)
  }

  @Test func theMemberwiseDefaultsTurnEveryOptionalRuleOff() {
    var gate = FixGate(configuration: FixGateConfiguration())
    let anything = [
      F.fix(0, accuracy: -1), F.fix(0), F.fix(-50, east: 90_000, source: .network),
      F.fix(nil, accuracy: 5_000), F.fix(1, speed: 300, arrival: 9_999),
      F.fix(latitude: 0, longitude: 0),
    ]
    #expect(gate.evaluate(anything).allSatisfy { $0.isAccepted })
  }

  @Test(arguments: [
    FixGateConfiguration.runningApp, .walkingApp, .speedometer, .fitnessTracker,
    .defaults(for: .walking), .defaults(for: .driving),
  ])
  func configurationsRoundTripThroughJSON(configuration: FixGateConfiguration) throws {
    let data = try JSONEncoder().encode(configuration)
    #expect(try JSONDecoder().decode(FixGateConfiguration.self, from: data) == configuration)
  }
}
