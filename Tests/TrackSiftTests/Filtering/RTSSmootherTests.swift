import Foundation
import Testing

@testable import TrackSift

@Suite struct RTSSmootherTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func smoothedTrackBeatsTheLiveOneOnAStraightRun(seed: UInt64) {
    let scenario = FilterScenario(
      legs: [(20, 900)], speedMetersPerSecond: 3, noiseMeters: 5, seed: seed)
    let (live, records, _) = scenario.runFilter()
    let smoothed = RTSSmoother.smoothedCoordinates(records)
    #expect(smoothed.count == scenario.fixes.count)
    #expect(scenario.rmsMeters(smoothed) < 0.8 * scenario.rmsMeters(live))
  }

  @Test func keepsACornerSharp() {
    let scenario = FilterScenario(
      legs: [(0, 100), (90, 100)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 21)
    let (live, records, _) = scenario.runFilter()
    let smoothed = RTSSmoother.smoothedCoordinates(records)
    let corner = 95..<110
    let worstSmoothed = corner.map { scenario.errorMeters(smoothed[$0], at: $0) }.max() ?? 0
    let worstLive = corner.map { scenario.errorMeters(live[$0], at: $0) }.max() ?? 0
    #expect(worstSmoothed < worstLive)
    #expect(worstSmoothed < 7)
  }

  @Test func doesNotEraseAHairpin() throws {
    // Out 300 m and back: the smoothed track must still reach the turnaround.
    let scenario = FilterScenario(
      legs: [(90, 100), (270, 100)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 4)
    let smoothed = RTSSmoother.smoothedCoordinates(scenario.runFilter().records)
    let farthest = try #require(smoothed.map { scenario.plane.project($0).eastMeters }.max())
    #expect(farthest > 297 - 5)
  }

  @Test func firstCoordinateOfAWindowIsTheWholeSmootherRunOverItWithinAMillimeter() throws {
    let scenario = FilterScenario(
      legs: [(0, 100), (90, 100)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 5)
    let records = scenario.runFilter().records
    for start in stride(from: 0, to: records.count - 7, by: 7) {
      let window = records[start..<(start + 7)]
      let first = try #require(RTSSmoother.smoothedFirstState(window)?.coordinate)
      // One plane for the window rather than one per record.
      let whole = RTSSmoother.smoothedCoordinates(window)[0]
      #expect(Geodesic.distanceMeters(from: first, to: whole) < 0.001)
      #expect(Geodesic.distanceMeters(from: first, to: records[start].coordinate) > 0)
    }
    #expect(RTSSmoother.smoothedFirstState(records[0..<0]) == nil)
  }

  @Test func neverJoinsRuns() {
    let scenario = FilterScenario(
      legs: [(0, 50)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 9)
    let records = scenario.runFilter().records
    var second = records[25...].map { $0 }
    second[0].startsRun = true
    let joined = RTSSmoother.smoothedCoordinates(records[..<25] + second)
    let firstAlone = RTSSmoother.smoothedCoordinates(records[..<25])
    let secondAlone = RTSSmoother.smoothedCoordinates(second)
    #expect(Array(joined[..<25]) == firstAlone)
    #expect(Array(joined[25...]) == secondAlone)
  }

  @Test func emptyAndSingleRecords() {
    #expect(RTSSmoother.smoothedCoordinates([KalmanRecord]()).isEmpty)
    let scenario = FilterScenario(
      legs: [(0, 1)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 9)
    let records = scenario.runFilter().records
    #expect(RTSSmoother.smoothedCoordinates(records) == [records[0].coordinate])
  }
}
