import Foundation
import Testing

@testable import TrackSift

@Suite struct SimpleKalmanFilterTests {
  @Test func varianceGrowsByIntervalTimesProcessNoiseSquared() throws {
    var filter = SimpleKalmanFilter()
    let start = Date(timeIntervalSinceReferenceDate: 0)
    filter.update(
      Fix(timestamp: start, latitudeDegrees: 50, longitudeDegrees: 10, horizontalAccuracyMeters: 5))
    #expect(filter.varianceSquareMeters == 25)
    filter.update(
      Fix(
        timestamp: start + 10, latitudeDegrees: 50.001, longitudeDegrees: 10,
        horizontalAccuracyMeters: 5))
    // Predicted 25 + 10 * 3^2 = 115; gain 115 / 140.
    let gain = 115.0 / 140.0
    let variance = try #require(filter.varianceSquareMeters)
    let estimate = try #require(filter.estimate)
    #expect(abs(variance - (1 - gain) * 115) < 1e-9)
    #expect(abs(estimate.latitudeDegrees - (50 + gain * 0.001)) < 1e-12)
  }

  @Test func accuracyIsFlooredAtOneMeterAndUnknownIsAssumed() {
    var filter = SimpleKalmanFilter()
    filter.update(Fix(latitudeDegrees: 1, longitudeDegrees: 1, horizontalAccuracyMeters: 0.01))
    #expect(filter.varianceSquareMeters == 1)
    filter.reset()
    filter.update(Fix(latitudeDegrees: 1, longitudeDegrees: 1, horizontalAccuracyMeters: 0))
    #expect(filter.varianceSquareMeters == 25)
  }

  @Test func nonFinitePositionLeavesTheStateAlone() {
    var filter = SimpleKalmanFilter()
    filter.update(Fix(latitudeDegrees: 1, longitudeDegrees: 1, horizontalAccuracyMeters: 3))
    let before = filter
    filter.update(Fix(latitudeDegrees: .nan, longitudeDegrees: 1))
    filter.update(Fix(latitudeDegrees: 1, longitudeDegrees: .infinity))
    #expect(filter == before)
  }

  @Test func reducesNoiseOnAStraightRun() {
    let scenario = FilterScenario(
      legs: [(30, 600)], speedMetersPerSecond: 3, noiseMeters: 5, seed: 11)
    var filter = SimpleKalmanFilter(configuration: .defaults(for: .running))
    let filtered = scenario.fixes.compactMap { filter.update($0) }
    let raw = scenario.rmsMeters(scenario.fixes.map(\.coordinate))
    #expect(scenario.rmsMeters(filtered) < 0.8 * raw)
  }

  @Test func wrapsAcrossTheAntimeridian() throws {
    var filter = SimpleKalmanFilter()
    filter.update(
      Fix(latitudeDegrees: 0.5, longitudeDegrees: 179.99999, horizontalAccuracyMeters: 5))
    let update = filter.update(
      Fix(latitudeDegrees: 0.5, longitudeDegrees: -179.99999, horizontalAccuracyMeters: 5))
    let estimate = try #require(update)
    #expect(abs(estimate.longitudeDegrees) > 179.9999)
  }
}
