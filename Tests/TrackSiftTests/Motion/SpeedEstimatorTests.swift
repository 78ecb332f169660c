import Foundation
import Testing

@testable import TrackSift

@Suite struct SpeedEstimatorTests {
  /// The defaults without the launch hold, so that derivation shows from the second fix.
  static let noHold = noHold(.running)

  static func noHold(_ activity: ActivityKind) -> SpeedEstimator.Configuration {
    var configuration = SpeedEstimator.Configuration.defaults(for: activity)
    configuration.derivedSpeedHoldSeconds = 0
    return configuration
  }

  @Test func derivesNothingDuringTheLaunchHold() {
    var estimator = SpeedEstimator()
    let here = Coordinate(latitudeDegrees: 46, longitudeDegrees: 14)
    let plane = LocalTangentPlane(origin: here)
    var derived: [Double?] = []
    for second in 0...20 {
      let position = plane.unproject(eastMeters: 3 * Double(second), northMeters: 0)
      derived.append(
        estimator.update(
          timeSeconds: Double(second), coordinate: position, reportedSpeedMetersPerSecond: nil)?
          .metersPerSecond)
    }
    #expect(derived[0..<15].allSatisfy { $0 == nil })
    #expect(derived[15...].allSatisfy { $0.map { abs($0 - 3) < 0.01 } == true })
    // A reported speed is used at once.
    var reporting = SpeedEstimator()
    #expect(
      reporting.update(timeSeconds: 0, coordinate: here, reportedSpeedMetersPerSecond: 2.5)?
        .metersPerSecond == 2.5)
  }

  static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 47.37, longitudeDegrees: 8.54))

  func point(east: Double, north: Double = 0) -> Coordinate {
    Self.plane.unproject(eastMeters: east, northMeters: north)
  }

  @Test func usesAValidReportedSpeed() {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    let estimate = estimator.update(
      timeSeconds: 0, coordinate: point(east: 0), reportedSpeedMetersPerSecond: 3.2)
    #expect(estimate == SpeedEstimate(metersPerSecond: 3.2, source: .reported))
    let zero = estimator.update(
      timeSeconds: 1, coordinate: point(east: 0), reportedSpeedMetersPerSecond: 0)
    #expect(zero == SpeedEstimate(metersPerSecond: 0, source: .reported))
  }

  @Test(arguments: [-1, 45, 100, Double.nan, .infinity])
  func derivesWhenTheReportedSpeedIsUnusable(reported: Double) throws {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    _ = estimator.update(
      timeSeconds: 0, coordinate: point(east: 0), reportedSpeedMetersPerSecond: nil)
    let estimateValue = estimator.update(
      timeSeconds: 2, coordinate: point(east: 7), reportedSpeedMetersPerSecond: reported)
    let estimate = try #require(estimateValue)
    #expect(estimate.source == .derived)
    #expect(abs(estimate.metersPerSecond - 3.5) < 0.01)
  }

  @Test func noSpeedForTheFirstFixWithoutAReportedSpeed() {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    #expect(
      estimator.update(
        timeSeconds: 0, coordinate: point(east: 0), reportedSpeedMetersPerSecond: nil)
        == nil)
  }

  @Test func noDerivedSpeedOutsideTheIntervalWindowThenResumes() throws {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    _ = estimator.update(
      timeSeconds: 0, coordinate: point(east: 0), reportedSpeedMetersPerSecond: nil)
    // 0.3 s is too short: noise over a tiny interval.
    #expect(
      estimator.update(
        timeSeconds: 0.3, coordinate: point(east: 1), reportedSpeedMetersPerSecond: nil) == nil)
    // A 30 s gap is too long: nil once ...
    #expect(
      estimator.update(
        timeSeconds: 30.3, coordinate: point(east: 100), reportedSpeedMetersPerSecond: nil) == nil)
    // ... then derivation resumes from the fix after the gap.
    let resumedValue = estimator.update(
      timeSeconds: 31.3, coordinate: point(east: 103), reportedSpeedMetersPerSecond: nil)
    let resumed = try #require(resumedValue)
    #expect(abs(resumed.metersPerSecond - 3) < 0.01)
    #expect(resumed.source == .derived)
  }

  @Test func dropsAnImplausibleDerivedSpeed() {
    var estimator = SpeedEstimator(configuration: Self.noHold(.walking))
    _ = estimator.update(
      timeSeconds: 0, coordinate: point(east: 0), reportedSpeedMetersPerSecond: nil)
    // 8 m/s is not walking.
    #expect(
      estimator.update(
        timeSeconds: 1, coordinate: point(east: 8), reportedSpeedMetersPerSecond: nil)
        == nil)
    var driving = SpeedEstimator(configuration: Self.noHold(.driving))
    _ = driving.update(
      timeSeconds: 0, coordinate: point(east: 0), reportedSpeedMetersPerSecond: nil)
    #expect(
      driving.update(
        timeSeconds: 1, coordinate: point(east: 30), reportedSpeedMetersPerSecond: nil)?
        .source == .derived)
  }

  @Test func timeThatDoesNotIncreaseGivesNilAndKeepsTheReference() throws {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    _ = estimator.update(
      timeSeconds: 10, coordinate: point(east: 0), reportedSpeedMetersPerSecond: nil)
    #expect(
      estimator.update(timeSeconds: 10, coordinate: point(east: 5), reportedSpeedMetersPerSecond: 2)
        == nil)
    #expect(
      estimator.update(
        timeSeconds: 9, coordinate: point(east: 50), reportedSpeedMetersPerSecond: nil)
        == nil)
    // Derived from the fix at t = 10, east 0.
    let estimateValue = estimator.update(
      timeSeconds: 12, coordinate: point(east: 4), reportedSpeedMetersPerSecond: nil)
    let estimate = try #require(estimateValue)
    #expect(abs(estimate.metersPerSecond - 2) < 0.01)
  }

  @Test(arguments: [nil, Double.nan, .infinity] as [Double?])
  func noTimeGivesNil(time: Double?) {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    #expect(
      estimator.update(
        timeSeconds: time, coordinate: point(east: 0), reportedSpeedMetersPerSecond: 3)
        == nil)
  }

  @Test func aPositionOutOfRangeNeverBecomesTheReference() throws {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    _ = estimator.update(
      timeSeconds: 0, coordinate: point(east: 0), reportedSpeedMetersPerSecond: nil)
    let bad = Coordinate(latitudeDegrees: .nan, longitudeDegrees: 500)
    #expect(
      estimator.update(timeSeconds: 1, coordinate: bad, reportedSpeedMetersPerSecond: nil) == nil)
    #expect(
      estimator.update(timeSeconds: 1.5, coordinate: bad, reportedSpeedMetersPerSecond: 2)?
        .metersPerSecond == 2)
    let estimateValue = estimator.update(
      timeSeconds: 2, coordinate: point(east: 6), reportedSpeedMetersPerSecond: nil)
    let estimate = try #require(estimateValue)
    #expect(abs(estimate.metersPerSecond - 3) < 0.01)
  }

  @Test func updatesFromAFixAndResets() throws {
    var estimator = SpeedEstimator(configuration: Self.noHold)
    let start = point(east: 0)
    let next = point(east: 5)
    let first = Fix(
      timestamp: Date(timeIntervalSinceReferenceDate: 100), latitudeDegrees: start.latitudeDegrees,
      longitudeDegrees: start.longitudeDegrees, speedMetersPerSecond: -1)
    let second = Fix(
      timestamp: Date(timeIntervalSinceReferenceDate: 102), latitudeDegrees: next.latitudeDegrees,
      longitudeDegrees: next.longitudeDegrees, speedMetersPerSecond: -1)
    #expect(estimator.update(with: first) == nil)
    let estimateValue = estimator.update(with: second)
    let estimate = try #require(estimateValue)
    #expect(estimate.source == .derived)
    #expect(abs(estimate.metersPerSecond - 2.5) < 0.01)
    estimator.reset()
    #expect(estimator.update(with: second) == nil)
  }
}
