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
    let east = settled.map(\.eastVelocityMetersPerSecond).reduce(0, +) / Double(settled.count)
    let north = settled.map(\.northVelocityMetersPerSecond).reduce(0, +) / Double(settled.count)
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
