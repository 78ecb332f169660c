import Foundation
import Testing

@testable import TrackSift

private typealias F = GateFixtures

/// A gate configuration and fixes whose last fix must be refused for a given reason.
private func scenario(
  for reason: RejectionReason
) -> (configuration: FixGateConfiguration, fixes: [Fix]) {
  switch reason {
  case .invalidCoordinates:
    return (.defaults(for: .running), [F.fix(latitude: .nan, longitude: 0)])
  case .nullIsland:
    return (.defaults(for: .running), [F.fix(latitude: 0, longitude: 0)])
  case .missingTimestamp:
    return (FixGateConfiguration(acceptsMissingTimestamp: false), [F.fix(nil)])
  case .invalidAccuracy:
    return (.defaults(for: .running), [F.fix(0, accuracy: -1)])
  case .accuracyAboveCeiling:
    return (.defaults(for: .running), [F.fix(0, accuracy: 80)])
  case .warmUp:
    return (FixGateConfiguration(warmUpSeconds: 2), [F.fix(0)])
  case .stale:
    return (.defaults(for: .running), [F.fix(0, arrival: 60)])
  case .networkSource:
    return (.defaults(for: .running), [F.fix(0, source: .network)])
  case .duplicateTimestamp:
    return (.defaults(for: .running), [F.fix(0), F.fix(0, north: 1)])
  case .outOfOrder:
    return (.defaults(for: .running), [F.fix(10), F.fix(5)])
  case .impliedSpeed:
    return (.defaults(for: .walking), F.walk(from: 0, count: 12) + [F.fix(12, east: 300)])
  case .impliedAcceleration:
    return (
      .defaults(for: .driving),
      [
        F.fix(0, accuracy: 3, speed: 20, speedAccuracy: 0.5, course: 90),
        F.fix(1, east: 20, north: 40, accuracy: 3),
      ]
    )
  case .startupSpeed:
    return (
      FixGateConfiguration(startupMaximumSpeedMetersPerSecond: 10, startupSpeedWindowSeconds: 10),
      [F.fix(0, speed: 15)]
    )
  case .tooFewSatellites:
    var fix = F.fix(0)
    fix.receiver = ReceiverStatus(fixType: .threeDimensional, satellitesUsed: 3)
    return (.defaults(for: .running), [fix])
  case .noThreeDimensionalFix:
    var fix = F.fix(0)
    fix.receiver = ReceiverStatus(fixType: .twoDimensional, satellitesUsed: 7)
    return (.defaults(for: .running), [fix])
  case .innovationOutlier, .recordingPaused, .timeJump:
    // The position filter's, the recorder's and the look-ahead's reasons; the gate never
    // gives them.
    return (.defaults(for: .running), [])
  }
}

@Suite struct FixGateTests {
  // MARK: Reason codes

  @Test func reasonCodesAreStable() {
    let codes = RejectionReason.allCases.map(\.code)
    #expect(
      codes == [
        "invalid-coordinates", "null-island", "missing-timestamp", "invalid-accuracy",
        "accuracy-above-ceiling", "warm-up", "stale", "network-source", "duplicate-timestamp",
        "out-of-order", "time-jump", "implied-speed", "implied-acceleration", "startup-speed",
        "innovation-outlier", "recording-paused", "too-few-satellites", "no-3d-fix",
      ])
    #expect(Verdict.accepted.code == "accepted")
    for reason in RejectionReason.allCases {
      #expect(RejectionReason(code: reason.code) == reason)
      #expect(Verdict.rejected(reason).code == reason.code)
    }
  }

  @Test(
    arguments: RejectionReason.allCases.filter {
      ![.innovationOutlier, .recordingPaused, .timeJump].contains($0)
    })
  func everyReasonIsProducedByAFixMadeForIt(reason: RejectionReason) throws {
    let (configuration, fixes) = scenario(for: reason)
    var gate = FixGate(configuration: configuration)
    let verdicts = gate.evaluate(fixes)
    let last = try #require(verdicts.last)
    #expect(last == .rejected(reason))
    // Every earlier fix of the scenario is accepted: the reason comes from the last fix alone.
    #expect(verdicts.dropLast().allSatisfy { $0.isAccepted })
    #expect(gate.counts[reason] == 1)
  }

  // MARK: Coordinates

  @Test(arguments: [
    (Double.nan, 0.0), (0.0, Double.nan), (Double.infinity, 0.0), (0.0, -Double.infinity),
    (90.000_1, 0.0), (-91.0, 10.0), (10.0, 180.5), (10.0, -181.0),
  ])
  func invalidCoordinatesAreRefusedEvenByAPermissiveGate(latitude: Double, longitude: Double) {
    var gate = FixGate(configuration: FixGateConfiguration())
    let verdict = gate.evaluate(F.fix(latitude: latitude, longitude: longitude))
    #expect(verdict == .rejected(.invalidCoordinates))
    #expect(gate.lastAcceptedFix == nil)
  }

  @Test(arguments: [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.000_001)])
  func coordinatesOnTheBoundaryAreAccepted(latitude: Double, longitude: Double) {
    var gate = FixGate(activity: .running)
    #expect(gate.evaluate(F.fix(latitude: latitude, longitude: longitude)) == .accepted)
  }

  @Test func nullIslandIsAKnob() {
    var strict = FixGate(activity: .running)
    #expect(strict.evaluate(F.fix(latitude: 0, longitude: 0)) == .rejected(.nullIsland))
    var lenient = FixGate(configuration: FixGateConfiguration(rejectsNullIsland: false))
    #expect(lenient.evaluate(F.fix(latitude: 0, longitude: 0)) == .accepted)
  }

  // MARK: Time

  @Test func missingTimestampIsAKnob() {
    var live = FixGate(configuration: FixGateConfiguration(acceptsMissingTimestamp: false))
    #expect(live.evaluate(F.fix(nil)) == .rejected(.missingTimestamp))
    var file = FixGate(configuration: FixGateConfiguration(acceptsMissingTimestamp: true))
    #expect(file.evaluate(F.fix(nil)) == .accepted)
  }

  @Test func nonFiniteTimeCountsAsMissing() {
    var fix = F.fix(0)
    fix.timestamp = Date(timeIntervalSinceReferenceDate: .infinity)
    var live = FixGate(configuration: FixGateConfiguration(acceptsMissingTimestamp: false))
    #expect(live.evaluate(fix) == .rejected(.missingTimestamp))
    var file = FixGate(activity: .running)
    #expect(file.evaluate(fix) == .accepted)
    #expect(file.sessionStart == nil)
  }

  @Test(arguments: [(16.0, false), (15.0, true), (14.0, true), (-3.0, true)])
  func staleFixesAreJudgedByArrivalTime(arrival: Double, accepted: Bool) {
    var gate = FixGate(configuration: FixGateConfiguration(maximumFixAgeSeconds: 15))
    let verdict = gate.evaluate(F.fix(0, arrival: arrival))
    #expect(verdict == (accepted ? .accepted : .rejected(.stale)))
  }

  @Test func stalenessIsSkippedWithoutArrivalTime() {
    var gate = FixGate(configuration: FixGateConfiguration(maximumFixAgeSeconds: 15))
    #expect(gate.evaluate(F.fix(0)) == .accepted)
  }

  @Test func aCachedFixAtStartIsRefusedAndDoesNotStartTheSession() {
    var gate = FixGate(activity: .running)
    // The platform hands over a two-minute-old fix from far away first.
    let cached = F.fix(-120, east: 2_000, arrival: 0)
    #expect(gate.evaluate(cached) == .rejected(.stale))
    #expect(gate.sessionStart == nil)
    let fresh = F.walk(from: 1, count: 5).map { fix -> Fix in
      var fix = fix
      fix.arrivalTime = fix.timestamp.map { $0.addingTimeInterval(0.3) }
      return fix
    }
    #expect(gate.evaluate(fresh).allSatisfy { $0.isAccepted })
    #expect(gate.sessionStart == F.startDate.addingTimeInterval(1))
  }

  @Test func duplicateTimestampsAreRefused() {
    var gate = FixGate(activity: .running)
    #expect(gate.evaluate(F.fix(0)) == .accepted)
    #expect(gate.evaluate(F.fix(0)) == .rejected(.duplicateTimestamp))
    #expect(gate.evaluate(F.fix(0, north: 2)) == .rejected(.duplicateTimestamp))
    #expect(gate.evaluate(F.fix(1, north: 2)) == .accepted)
  }

  @Test func aShortStepBackIsRefusedUntilTimesCatchUp() {
    var gate = FixGate(activity: .running)
    #expect(gate.evaluate(F.walk(from: 0, count: 11, speed: 3)).allSatisfy { $0.isAccepted })
    // A redelivered batch: times 5 to 10 again, then new fixes.
    let replay = F.walk(from: 5, count: 8, speed: 3, northStart: 15)
    let verdicts = gate.evaluate(replay)
    #expect(verdicts.prefix(5).allSatisfy { $0 == .rejected(.outOfOrder) })
    #expect(verdicts[5] == .rejected(.duplicateTimestamp))
    #expect(verdicts[6] == .accepted && verdicts[7] == .accepted)
    #expect(gate.reanchorCount == 0)
  }

  @Test func aClockThatJumpsTwentyDaysBackIsFollowedAfterAgreeingFixes() {
    var configuration = FixGateConfiguration.defaults(for: .running)
    configuration.warmUpSeconds = 2
    var gate = FixGate(configuration: configuration)
    let before = gate.evaluate(F.walk(from: 0, count: 11, speed: 3))
    #expect(before.map(\.isAccepted) == [false, false] + Array(repeating: true, count: 9))
    let twentyDays = 20 * 86_400.0
    let after = F.walk(from: 11 - twentyDays, count: 10, speed: 3, northStart: 33)
    let verdicts = gate.evaluate(after)
    #expect(verdicts.prefix(5).allSatisfy { $0 == .rejected(.outOfOrder) })
    // The sixth agreeing fix re-anchors; session time runs on, so no new warm-up.
    #expect(verdicts[5] == .accepted)
    #expect(verdicts.dropFirst(6).allSatisfy { $0.isAccepted })
    #expect(gate.reanchorCount == 1)
    #expect(gate.lastAcceptedFix?.timestamp == after.last?.timestamp)
  }

  @Test func aTwentyDayJumpForwardReanchorsWithoutLockingTheGate() {
    var gate = FixGate(activity: .running)
    #expect(gate.evaluate(F.walk(from: 0, count: 5, speed: 3)).allSatisfy { $0.isAccepted })
    let twentyDays = 20 * 86_400.0
    let later = F.walk(from: twentyDays, count: 5, speed: 3, northStart: 15)
    #expect(gate.evaluate(later[0]) == .accepted)
    #expect(gate.lastAcceptanceReanchored)
    #expect(gate.evaluate(Array(later.dropFirst())).allSatisfy { $0.isAccepted })
    #expect(!gate.lastAcceptanceReanchored)
    #expect(gate.reanchorCount == 1)
  }

  @Test func ordersByFixTimeNotByArrivalTime() {
    // Arrival times run backwards (the device clock jumped); fix times are in order.
    var gate = FixGate(activity: .running)
    let fixes = (0..<5).map { index in
      F.fix(Double(index), north: 3 * Double(index), arrival: 100 - Double(index) * 30)
    }
    var configuration = FixGateConfiguration.defaults(for: .running)
    configuration.maximumFixAgeSeconds = nil
    gate.configuration = configuration
    #expect(gate.evaluate(fixes).allSatisfy { $0.isAccepted })
  }

  // MARK: Warm-up

  @Test(arguments: [(0.5, false), (1.99, false), (2.0, true), (5.0, true)])
  func warmUpCountsFromTheFirstFix(seconds: Double, accepted: Bool) {
    var gate = FixGate(configuration: FixGateConfiguration(warmUpSeconds: 2))
    #expect(gate.evaluate(F.fix(0)) == .rejected(.warmUp))
    #expect(gate.sessionStart == F.startDate)
    let verdict = gate.evaluate(F.fix(seconds))
    #expect(verdict == (accepted ? .accepted : .rejected(.warmUp)))
  }

  @Test func warmUpCountsFromAnExplicitSessionStart() {
    var gate = FixGate(configuration: FixGateConfiguration(warmUpSeconds: 2))
    gate.startSession(at: F.startDate.addingTimeInterval(-5))
    #expect(gate.evaluate(F.fix(0)) == .accepted)
    gate.startSession(at: F.startDate)
    #expect(gate.evaluate(F.fix(1)) == .rejected(.warmUp))
    #expect(gate.counts.totalCount == 1)
  }

  // MARK: Source

  @Test(arguments: FixSource.allCases)
  func onlyNetworkPositionsAreRefused(source: FixSource) {
    var gate = FixGate(activity: .walking)
    let verdict = gate.evaluate(F.fix(0, source: source))
    #expect(verdict == (source == .network ? .rejected(.networkSource) : .accepted))
    var lenient = FixGate(configuration: FixGateConfiguration(rejectsNetworkSource: false))
    #expect(lenient.evaluate(F.fix(0, source: source)) == .accepted)
  }

  // MARK: Accuracy

  @Test(arguments: [-1.0, -0.001, -Double.infinity, Double.infinity])
  func negativeOrInfiniteAccuracyIsInvalid(accuracy: Double) {
    var gate = FixGate(configuration: FixGateConfiguration(rejectsInvalidAccuracy: true))
    #expect(gate.evaluate(F.fix(0, accuracy: accuracy)) == .rejected(.invalidAccuracy))
  }

  @Test(arguments: [nil, 0.0, Double.nan] as [Double?])
  func zeroOrMissingAccuracyIsUnknownNeverPerfect(accuracy: Double?) {
    var strict = FixGate(configuration: FixGateConfiguration(acceptsUnknownAccuracy: false))
    #expect(strict.evaluate(F.fix(0, accuracy: accuracy)) == .rejected(.invalidAccuracy))
    var lenient = FixGate(
      configuration: FixGateConfiguration(
        acceptsUnknownAccuracy: true, maximumHorizontalAccuracyMeters: 10))
    #expect(lenient.evaluate(F.fix(0, accuracy: accuracy)) == .accepted)
  }

  @Test func unknownAccuracyGetsTheAssumedAllowanceNotAPerfectOne() {
    // With zero read as perfect, the allowance would be the margin alone and 25 m in 1 s at
    // walking speed would be refused; with 10 m assumed for each fix it is allowed.
    var gate = FixGate(activity: .walking)
    #expect(gate.evaluate(F.walk(from: 0, count: 12, accuracy: 0)).allSatisfy { $0.isAccepted })
    #expect(gate.evaluate(F.fix(12, east: 25, north: 16.8, accuracy: 0)) == .accepted)
  }

  @Test(arguments: [
    (0.0, 150.0, true), (14.0, 199.0, true), (14.0, 201.0, false), (15.0, 150.0, false),
    (15.0, 100.0, true), (60.0, 100.5, false),
  ])
  func accuracyCeilingIsLooserAtStartUp(seconds: Double, accuracy: Double, accepted: Bool) {
    var gate = FixGate(
      configuration: FixGateConfiguration(
        maximumHorizontalAccuracyMeters: 100, startupMaximumHorizontalAccuracyMeters: 200,
        startupAccuracyWindowSeconds: 15))
    gate.startSession(at: F.startDate)
    let verdict = gate.evaluate(F.fix(seconds, accuracy: accuracy))
    #expect(verdict == (accepted ? .accepted : .rejected(.accuracyAboveCeiling)))
  }

  @Test func aFixWithoutTimeMeetsTheSteadyCeiling() {
    var gate = FixGate(
      configuration: FixGateConfiguration(
        maximumHorizontalAccuracyMeters: 100, startupMaximumHorizontalAccuracyMeters: 200,
        startupAccuracyWindowSeconds: 15))
    #expect(gate.evaluate(F.fix(nil, accuracy: 150)) == .rejected(.accuracyAboveCeiling))
  }

  // MARK: Start-up speed

  @Test(arguments: [(0.0, 15.0, false), (9.0, 10.5, false), (9.0, 10.0, true), (10.0, 15.0, true)])
  func reportedSpeedIsClampedAtStartUp(seconds: Double, speed: Double, accepted: Bool) {
    var gate = FixGate(
      configuration: FixGateConfiguration(
        startupMaximumSpeedMetersPerSecond: 10, startupSpeedWindowSeconds: 10))
    gate.startSession(at: F.startDate)
    let verdict = gate.evaluate(F.fix(seconds, speed: speed))
    #expect(verdict == (accepted ? .accepted : .rejected(.startupSpeed)))
  }

  @Test func impliedSpeedIsClampedAtStartUp() {
    var gate = FixGate(
      configuration: FixGateConfiguration(
        startupMaximumSpeedMetersPerSecond: 10, startupSpeedWindowSeconds: 10))
    #expect(gate.evaluate(F.fix(0)) == .accepted)
    // 50 m in 1 s: 20 m/s beyond the 30 m allowance of two 5 m fixes.
    #expect(gate.evaluate(F.fix(1, north: 50)) == .rejected(.startupSpeed))
    #expect(gate.evaluate(F.fix(2, north: 8)) == .accepted)
    // After the window the clamp is off (this gate has no speed rule).
    #expect(gate.evaluate(F.fix(10, north: 500)) == .accepted)
  }

  // MARK: Jumps

  @Test func aSpikeBetweenGoodFixesIsRefusedAndTheNextGoodFixAccepted() {
    var gate = FixGate(activity: .walking)
    let walk = F.walk(from: 0, count: 20)
    #expect(gate.evaluate(walk).allSatisfy { $0.isAccepted })
    let spike = F.fix(20, east: 300, north: 28)
    #expect(gate.evaluate(spike) == .rejected(.impliedSpeed))
    #expect(gate.lastAcceptedFix == walk.last)
    #expect(gate.evaluate(F.fix(21, north: 29.4)) == .accepted)
    #expect(
      gate.evaluate(F.walk(from: 22, count: 5, northStart: 30.8)).allSatisfy { $0.isAccepted })
    #expect(gate.counts.acceptedCount == 26 && gate.counts.rejectedCount == 1)
  }

  @Test(arguments: ActivityKind.allCases)
  func scatteredSpikesNeverReanchor(activity: ActivityKind) {
    var gate = FixGate(activity: activity)
    #expect(gate.evaluate(F.walk(from: 0, count: 20, speed: 2)).allSatisfy { $0.isAccepted })
    // Twenty spikes, each 3 km from the last in alternating directions: they disagree.
    for index in 0..<20 {
      let east = index.isMultiple(of: 2) ? 3_000.0 : -3_000.0
      #expect(!gate.evaluate(F.fix(20 + Double(index), east: east)).isAccepted)
      #expect(gate.consecutiveJumpRejections <= 1)
    }
    #expect(gate.reanchorCount == 0)
    #expect(gate.evaluate(F.fix(40, north: 40)) == .accepted)
  }

  @Test func accelerationIsJudgedAgainstThePredictedPosition() {
    var gate = FixGate(activity: .driving)
    let moving = F.fix(0, accuracy: 3, speed: 20, speedAccuracy: 0.5, course: 90)
    #expect(gate.evaluate(moving) == .accepted)
    // Straight on at 20 m/s: exactly where predicted, though 20 m from the last fix.
    var ahead = gate
    #expect(ahead.evaluate(F.fix(1, east: 20, accuracy: 3)) == .accepted)
    // Swerving 15 m sideways in 1 s is within the allowance; 40 m is not.
    var swerve = gate
    #expect(swerve.evaluate(F.fix(1, east: 20, north: 15, accuracy: 3)) == .accepted)
    #expect(
      gate.evaluate(F.fix(1, east: 20, north: 40, accuracy: 3)) == .rejected(.impliedAcceleration))
    // Going 20 m back within 2 s at 20 m/s misses the prediction by 60 m: refused, though the
    // step itself is slow. A hard stop (standing still at the start: a 40 m miss) passes.
    var reversed = gate
    #expect(reversed.evaluate(F.fix(2, east: -20, accuracy: 3)) == .rejected(.impliedAcceleration))
    var stopped = gate
    #expect(stopped.evaluate(F.fix(2, accuracy: 3)) == .accepted)
  }

  @Test func aReportedSpeedSpikeDoesNotSteerThePrediction() {
    var gate = FixGate(activity: .walking)
    #expect(gate.evaluate(F.walk(from: 0, count: 12)).allSatisfy { $0.isAccepted })
    // The position is fine; only the Doppler speed is absurd (the speed layer judges it).
    #expect(gate.evaluate(F.fix(12, north: 16.8, speed: 300, course: 90)) == .accepted)
    #expect(
      gate.evaluate(F.walk(from: 13, count: 5, northStart: 18.2)).allSatisfy { $0.isAccepted })
  }

  @Test func aLongGapAfterADriveDoesNotLockTheGate() {
    var gate = FixGate(activity: .walking)
    #expect(gate.evaluate(F.walk(from: 0, count: 20)).allSatisfy { $0.isAccepted })
    // Ten minutes later the person got out of a car 5 km away and walks on.
    let after = F.walk(from: 620, count: 10, northStart: 5_000)
    let verdicts = gate.evaluate(after)
    #expect(verdicts.allSatisfy { $0.isAccepted })
    #expect(gate.reanchorCount == 1)
  }

  @Test func withoutTheGapKnobAgreeingFixesReanchorAfterTheStreak() {
    var configuration = FixGateConfiguration.defaults(for: .walking)
    configuration.reanchorGapSeconds = nil
    var gate = FixGate(configuration: configuration)
    #expect(gate.evaluate(F.walk(from: 0, count: 20)).allSatisfy { $0.isAccepted })
    let after = F.walk(from: 620, count: 10, northStart: 5_000)
    let verdicts = gate.evaluate(after)
    #expect(verdicts.prefix(5).allSatisfy { $0 == .rejected(.impliedSpeed) })
    #expect(verdicts.dropFirst(5).allSatisfy { $0.isAccepted })
    #expect(gate.reanchorCount == 1)
  }

  @Test func aGapWithinTheReachableDistanceNeedsNoReanchor() {
    var configuration = FixGateConfiguration.defaults(for: .walking)
    configuration.reanchorGapSeconds = nil
    var gate = FixGate(configuration: configuration)
    #expect(gate.evaluate(F.walk(from: 0, count: 20)).allSatisfy { $0.isAccepted })
    // 600 m in 5 minutes (2 m/s): far from the last fix but well inside 6 m/s * 300 s.
    #expect(gate.evaluate(F.fix(320, east: 600)) == .accepted)
    #expect(gate.reanchorCount == 0)
  }

  @Test func aNewSegmentIsNotCheckedForAJump() {
    var gate = FixGate(activity: .walking)
    #expect(gate.evaluate(F.walk(from: 0, count: 12)).allSatisfy { $0.isAccepted })
    var bridged = gate
    #expect(bridged.evaluate(F.fix(13, east: 1_000)) == .rejected(.impliedSpeed))
    gate.beginNewSegment()
    #expect(gate.evaluate(F.fix(13, east: 1_000)) == .accepted)
    #expect(!gate.lastAcceptanceReanchored)
    #expect(gate.evaluate(F.fix(14, east: 1_000, north: 1.4)) == .accepted)
    // Ordering still applies across the boundary.
    gate.beginNewSegment()
    #expect(gate.evaluate(F.fix(3)) == .rejected(.outOfOrder))
  }

  // MARK: State

  @Test func rejectedFixesChangeOnlyCounters() {
    var gate = FixGate(activity: .walking)
    _ = gate.evaluate(F.walk(from: 0, count: 15))
    let before = gate.lastAcceptedFix
    let rejected = [
      F.fix(15, accuracy: -1), F.fix(15, accuracy: 90), F.fix(3), F.fix(14),
      F.fix(15, source: .network), F.fix(15, east: 900), F.fix(15, arrival: 200),
    ]
    for fix in rejected { #expect(!gate.evaluate(fix).isAccepted) }
    #expect(gate.lastAcceptedFix == before)
    #expect(gate.acceptedFixCount == 15)
    #expect(gate.counts.rejectedCount == rejected.count)
    // The next good fix is judged exactly as if the rejected ones had never come.
    var fresh = FixGate(activity: .walking)
    _ = fresh.evaluate(F.walk(from: 0, count: 15))
    let next = F.fix(15, north: 21)
    #expect(gate.evaluate(next) == fresh.evaluate(next))
  }

  @Test func resetForgetsEverythingButTheConfiguration() {
    var gate = FixGate(activity: .cycling)
    _ = gate.evaluate(F.walk(from: 0, count: 5, speed: 8))
    _ = gate.evaluate(F.fix(1))
    gate.reset()
    #expect(gate.counts == VerdictCounts())
    #expect(gate.acceptedFixCount == 0 && gate.lastAcceptedFix == nil && gate.sessionStart == nil)
    #expect(gate.configuration == .defaults(for: .cycling))
    // An earlier time is no longer out of order.
    #expect(gate.evaluate(F.fix(1)) == .accepted)
  }

  @Test func speedIsAvailableAfterTheConfiguredNumberOfAcceptedFixes() {
    var gate = FixGate(configuration: .speedometer)
    gate.startSession(at: F.startDate.addingTimeInterval(-10))
    #expect(!gate.isSpeedAvailable)
    _ = gate.evaluate(F.fix(0))
    #expect(!gate.isSpeedAvailable)
    _ = gate.evaluate(F.fix(1, north: 1))
    #expect(gate.isSpeedAvailable)
  }

  // MARK: Files

  @Test(arguments: ActivityKind.allCases)
  func fixesWithoutTimesOrAccuracyPassTheDefaultGate(activity: ActivityKind) {
    var gate = FixGate(activity: activity)
    let fixes = (0..<200).map { F.fix(nil, east: 3 * Double($0), accuracy: nil) }
    #expect(gate.evaluate(fixes).allSatisfy { $0.isAccepted })
  }

  @Test(arguments: ActivityKind.allCases)
  func timedFixesWithoutAccuracyPassTheDefaultGate(activity: ActivityKind) {
    let speed: [ActivityKind: Double] = [.walking: 1.4, .running: 3.5, .cycling: 9, .driving: 30]
    var gate = FixGate(activity: activity)
    // A gentle curve with 2 m of alternating noise, as a file might hold.
    let fixes = (0..<300).map { index -> Fix in
      let t = Double(index)
      let noise = index.isMultiple(of: 2) ? 2.0 : -2.0
      return F.fix(
        t, east: (speed[activity] ?? 1) * t, north: 0.002 * t * t + noise, accuracy: nil)
    }
    #expect(gate.evaluate(fixes).allSatisfy { $0.isAccepted })
  }
}

@Suite struct FixGateOverruleTests {
  @Test func overruledAcceptanceIsForgottenByTheJumpRules() {
    var gate = FixGate(activity: .running)
    let start = Date(timeIntervalSinceReferenceDate: 0)
    func fix(_ second: Double, northMeters: Double) -> Fix {
      Fix(
        timestamp: start + second, latitudeDegrees: 46 + northMeters / 111_000,
        longitudeDegrees: 14, horizontalAccuracyMeters: 5)
    }
    for second in 0..<10 { #expect(gate.evaluate(fix(Double(second), northMeters: 0)).isAccepted) }
    // A 25 m sideways step that the gate lets through but the filter refuses.
    #expect(gate.evaluate(fix(10, northMeters: 25)).isAccepted)
    gate.overruleLastAcceptance(as: .innovationOutlier)
    #expect(gate.lastAcceptedFix?.latitudeDegrees == 46)
    #expect(gate.counts[.innovationOutlier] == 1)
    #expect(gate.counts.acceptedCount == 10)
    #expect(gate.acceptedFixCount == 10)
    // Overruling twice does nothing more.
    gate.overruleLastAcceptance(as: .innovationOutlier)
    #expect(gate.counts.acceptedCount == 10)
    #expect(gate.evaluate(fix(11, northMeters: 0)).isAccepted)
  }
}
