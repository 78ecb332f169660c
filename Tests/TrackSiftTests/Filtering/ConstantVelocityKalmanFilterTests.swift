import Foundation
import Testing

@testable import TrackSift

@Suite struct ConstantVelocityKalmanFilterTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func liveEstimateBeatsRawFixesOnAStraightRun(seed: UInt64) {
    let scenario = FilterScenario(
      legs: [(75, 900)], speedMetersPerSecond: 3, noiseMeters: 5, seed: seed)
    let (live, _, steps) = scenario.runFilter()
    let raw = scenario.rmsMeters(scenario.fixes.map(\.coordinate))
    #expect(scenario.rmsMeters(live) < 0.75 * raw)
    #expect(steps.allSatisfy { $0.verdict.isAccepted })
    // The velocity settles on the truth (75 degrees at 3 m/s) on average.
    let settled = steps[300...]
    let east = settled.map(\.velocity.eastMetersPerSecond).reduce(0, +) / Double(settled.count)
    let north = settled.map(\.velocity.northMetersPerSecond).reduce(0, +) / Double(settled.count)
    #expect(abs(east - 3 * sin(75 * .pi / 180)) < 0.2)
    #expect(abs(north - 3 * cos(75 * .pi / 180)) < 0.2)
  }

  @Test func dopplerVelocityReducesTheLagAfterATurn() {
    let legs: [(headingDegrees: Double, seconds: Int)] = [(0, 120), (90, 120)]
    let withoutVelocity = FilterScenario(
      legs: legs, speedMetersPerSecond: 4, noiseMeters: 5, seed: 5)
    let withVelocity = FilterScenario(
      legs: legs, speedMetersPerSecond: 4, noiseMeters: 5, seed: 5, reportsVelocity: true)
    let turn = 120..<135
    func worstAfterTurn(_ scenario: FilterScenario) -> Double {
      let live = scenario.runFilter().live
      return turn.map { scenario.errorMeters(live[$0], at: $0) }.max() ?? 0
    }
    #expect(worstAfterTurn(withVelocity) < worstAfterTurn(withoutVelocity))
  }

  @Test func rejectsASpikeByItsInnovation() {
    var scenario = FilterScenario(
      legs: [(0, 300)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 8)
    let spiked = scenario.plane.unproject(
      eastMeters: scenario.truth[150].east + 120, northMeters: scenario.truth[150].north)
    scenario.fixes[150].latitudeDegrees = spiked.latitudeDegrees
    scenario.fixes[150].longitudeDegrees = spiked.longitudeDegrees
    let (live, _, steps) = scenario.runFilter()
    #expect(steps[150].verdict == .rejected(.innovationOutlier))
    #expect(steps.filter { !$0.verdict.isAccepted }.count == 1)
    #expect(scenario.errorMeters(live[151], at: 151) < 8)
  }

  @Test func reanchorsAfterALongGapInsteadOfLockingOut() {
    var filter = ConstantVelocityKalmanFilter()
    let plane = LocalTangentPlane(origin: FilterScenario.origin)
    for second in 0..<60 {
      let position = plane.unproject(eastMeters: Double(second) * 3, northMeters: 0)
      _ = filter.update(fix(position, time: Double(second)))
    }
    // Two minutes later, 2 km to the north (a train ride with the app off).
    let far = plane.unproject(eastMeters: 180, northMeters: 2_000)
    let step = filter.update(fix(far, time: 180))
    #expect(step.verdict.isAccepted)
    #expect(step.startedRun)
    #expect(Geodesic.distanceMeters(from: step.coordinate, to: far) < 0.001)
  }

  @Test func reanchorsAfterConsecutiveRejections() {
    var filter = ConstantVelocityKalmanFilter(
      configuration: .init(reanchorAfterConsecutiveRejections: 3))
    let plane = LocalTangentPlane(origin: FilterScenario.origin)
    for second in 0..<30 {
      _ = filter.update(fix(plane.unproject(eastMeters: 0, northMeters: 0), time: Double(second)))
    }
    // The person was really 500 m away (a wrong start); fixes keep saying so.
    let verdicts = (30..<36).map { second in
      filter.update(fix(plane.unproject(eastMeters: 500, northMeters: 0), time: Double(second)))
        .verdict
    }
    #expect(
      verdicts == [
        .rejected(.innovationOutlier), .rejected(.innovationOutlier),
        .rejected(.innovationOutlier), .accepted, .accepted, .accepted,
      ])
  }

  @Test func ignoresASpuriousZeroSpeedAtSpeed() {
    var filter = ConstantVelocityKalmanFilter(configuration: .defaults(for: .driving))
    let plane = LocalTangentPlane(origin: FilterScenario.origin)
    var step: KalmanStep?
    for second in 0..<40 {
      let position = plane.unproject(eastMeters: 0, northMeters: Double(second) * 30)
      var fix = fix(position, time: Double(second))
      fix.speedMetersPerSecond = second == 39 ? 0 : 30
      fix.courseDegrees = 0
      step = filter.update(fix)
    }
    #expect(step?.usedReportedVelocity == false)
    #expect(abs((step?.speedMetersPerSecond ?? 0) - 30) < 1)
  }

  @Test func followsALongDriveAcrossPlaneRecentring() {
    // 20 km north-east at 25 m/s: the plane re-centres several times.
    let scenario = FilterScenario(
      legs: [(45, 800)], speedMetersPerSecond: 25, noiseMeters: 3, seed: 3, reportsVelocity: true)
    let (live, _, steps) = scenario.runFilter(.defaults(for: .driving))
    #expect(steps.allSatisfy { $0.verdict.isAccepted })
    // The scenario's own plane distorts by up to ~1e-4 of 20 km; allow for it.
    #expect(scenario.rmsMeters(live) < 6)
  }

  @Test func badInputNeverCrashes() {
    var filter = ConstantVelocityKalmanFilter()
    let inputs = [
      Fix(latitudeDegrees: .nan, longitudeDegrees: 0),
      Fix(latitudeDegrees: 91, longitudeDegrees: 0),
      Fix(latitudeDegrees: 10, longitudeDegrees: 10),
      Fix(latitudeDegrees: 10.0001, longitudeDegrees: 10, horizontalAccuracyMeters: -1),
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: 5), latitudeDegrees: 10,
        longitudeDegrees: 10, speedMetersPerSecond: .infinity, courseDegrees: .nan),
      Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: 1), latitudeDegrees: 10.0002,
        longitudeDegrees: 10),
    ]
    let steps = inputs.map { filter.update($0) }
    #expect(steps[0].verdict == .rejected(.invalidCoordinates))
    #expect(steps[1].verdict == .rejected(.invalidCoordinates))
    #expect(steps[2...].allSatisfy { $0.coordinate.latitudeDegrees.isFinite })
  }

  private func fix(_ coordinate: Coordinate, time: Double) -> Fix {
    Fix(
      timestamp: Date(timeIntervalSinceReferenceDate: time),
      latitudeDegrees: coordinate.latitudeDegrees, longitudeDegrees: coordinate.longitudeDegrees,
      horizontalAccuracyMeters: 5)
  }

  /// A run east at 3 m/s, one fix every `intervalSeconds` for 60 s, then one fix
  /// `pauseSeconds` later lying 40 m north of the way (a receiver reconverging), then fixes on
  /// the way every second for 30 s: the records, and the error of the smoothed position at
  /// the displaced fix, with the reconvergence multiple given.
  private func afterAPause(
    intervalSeconds: Double, pauseSeconds: Double, multiple: Double
  ) -> (smoothedErrorMeters: Double, records: [KalmanRecord]) {
    var configuration = ConstantVelocityKalmanFilter.Configuration()
    configuration.reconvergenceAccuracyMultiple = multiple
    var filter = ConstantVelocityKalmanFilter(configuration: configuration)
    let plane = LocalTangentPlane(origin: FilterScenario.origin)
    let back = 60 + pauseSeconds
    let times =
      Array(stride(from: 0, through: 60, by: intervalSeconds))
      + Array(stride(from: back, through: back + 30, by: 1))
    let records = times.compactMap { time in
      filter.update(
        fix(
          plane.unproject(eastMeters: 3 * time, northMeters: time == back ? 40 : 0), time: time)
      ).record
    }
    let smoothed = RTSSmoother.smoothedCoordinates(records)[times.firstIndex(of: back) ?? 0]
    return (
      Geodesic.distanceMeters(
        from: smoothed, to: plane.unproject(eastMeters: 3 * back, northMeters: 0)), records
    )
  }

  @Test func aFixAfterASignalLossCountsLessWhileTheReceiverReconverges() {
    let trusting = afterAPause(intervalSeconds: 1, pauseSeconds: 15, multiple: 1)
    let wary = afterAPause(intervalSeconds: 1, pauseSeconds: 15, multiple: 3)
    // At its stated 5 m the displaced fix holds the smoothed track far off the way; at three
    // times it the fixes on either side carry it back.
    #expect(wary.smoothedErrorMeters < 0.6 * trusting.smoothedErrorMeters)
    // The second pass weighs the fixes as the first did.
    var refit = ConstantVelocityKalmanFilter()
    let plane = LocalTangentPlane(origin: FilterScenario.origin)
    let times =
      Array(stride(from: 0.0, through: 60, by: 1)) + Array(stride(from: 75.0, through: 105, by: 1))
    let refitted = times.compactMap { time in
      refit.refit(
        fix(
          plane.unproject(eastMeters: 3 * time, northMeters: time == 75 ? 40 : 0), time: time),
        startsRun: time == 0, stationaryVelocitySigmaMetersPerSecond: nil)
    }
    #expect(refitted == wary.records)
  }

  @Test func aSparseRecordingsPausesAreNoSignalLoss() {
    // A fix every 12 s, then one 15 s later: the pace of the recording, not a loss.
    let sparse = afterAPause(intervalSeconds: 12, pauseSeconds: 15, multiple: 3)
    #expect(
      sparse.records == afterAPause(intervalSeconds: 12, pauseSeconds: 15, multiple: 1).records)
    // A pause three times the pace and longer than 10 s is one.
    let lost = afterAPause(intervalSeconds: 12, pauseSeconds: 40, multiple: 3)
    #expect(lost.records != afterAPause(intervalSeconds: 12, pauseSeconds: 40, multiple: 1).records)
  }

  @Test func refitWithoutStandingRepeatsTheFirstPass() {
    let scenario = FilterScenario(
      legs: [(0, 120), (90, 120)], speedMetersPerSecond: 4, noiseMeters: 5, seed: 3,
      reportsVelocity: true)
    let records = scenario.runFilter().steps.compactMap(\.record)
    var filter = ConstantVelocityKalmanFilter()
    let refitted = zip(scenario.fixes, records).compactMap { fix, record in
      filter.refit(fix, startsRun: record.startsRun, stationaryVelocitySigmaMetersPerSecond: nil)
    }
    #expect(refitted == records)
  }

  @Test func refitHoldsStillWhereThePersonStood() {
    let scenario = FilterScenario(
      legs: [(0, 60)], speedMetersPerSecond: 3, noiseMeters: 5, seed: 4, reportsVelocity: true)
    var filter = ConstantVelocityKalmanFilter()
    var records: [KalmanRecord] = []
    for (index, fix) in scenario.fixes.enumerated() {
      // The last 20 fixes are known to be a stop (the Doppler still says 3 m/s).
      let standing = index >= 40 ? 0.05 : nil
      records += [
        filter.refit(fix, startsRun: index == 0, stationaryVelocitySigmaMetersPerSecond: standing)
      ].compactMap { $0 }
    }
    #expect(records.count == scenario.fixes.count)
    let last = records[records.count - 1]
    #expect(abs(last.northVelocityMetersPerSecond) < 0.2)
    #expect(abs(last.eastVelocityMetersPerSecond) < 0.2)
    #expect(records[20].northVelocityMetersPerSecond > 2)
  }

  @Test func refitRefusesNothingButInvalidCoordinates() {
    var filter = ConstantVelocityKalmanFilter()
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let near = Fix(timestamp: start, latitudeDegrees: 47, longitudeDegrees: 8)
    let far = Fix(
      timestamp: start.addingTimeInterval(1), latitudeDegrees: 47.01, longitudeDegrees: 8)
    let broken = Fix(
      timestamp: start.addingTimeInterval(2), latitudeDegrees: .nan, longitudeDegrees: 8)
    #expect(filter.refit(near, startsRun: true, stationaryVelocitySigmaMetersPerSecond: nil) != nil)
    #expect(filter.refit(far, startsRun: false, stationaryVelocitySigmaMetersPerSecond: nil) != nil)
    #expect(
      filter.refit(broken, startsRun: false, stationaryVelocitySigmaMetersPerSecond: 0.1) == nil)
  }
}
