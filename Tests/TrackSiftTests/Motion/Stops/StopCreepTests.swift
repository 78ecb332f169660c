import Foundation
import Testing

@testable import TrackSift

@Suite struct StopCreepTests {
  let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 37.4, longitudeDegrees: -122.1))

  /// Ten fixes driving east 10 m apart, a 30-fix stop whose positions creep `creepMeters`
  /// further east with `wobbleMeters` of noise across, then ten more fixes driving on.
  func drive(creepMeters: Double, wobbleMeters: Double = 0.1) -> ([Coordinate], [Bool]) {
    var coordinates: [Coordinate] = []
    var isMoving: [Bool] = []
    for k in 0..<10 {
      coordinates.append(plane.unproject(eastMeters: Double(k) * 10, northMeters: 0))
      isMoving.append(true)
    }
    for k in 1...30 {
      let east = 90 + creepMeters * Double(k) / 30 + wobbleMeters * sin(Double(k))
      coordinates.append(
        plane.unproject(eastMeters: east, northMeters: wobbleMeters * cos(Double(k))))
      isMoving.append(false)
    }
    for k in 1...10 {
      coordinates.append(
        plane.unproject(eastMeters: 90 + creepMeters + Double(k) * 10, northMeters: 0))
      isMoving.append(true)
    }
    return (coordinates, isMoving)
  }

  func apply(
    _ coordinates: inout [Coordinate], _ isMoving: [Bool], accuracyMeters: Double?,
    crossesGap: [Bool]? = nil, countsEveryStop: Bool = false
  ) -> [Bool] {
    StopCreep.apply(
      to: &coordinates, isMoving: isMoving,
      crossesGap: crossesGap ?? isMoving.map { _ in false }, countsEveryStop: countsEveryStop
    ) { _ in accuracyMeters }
  }

  /// The length of the steps from the arrival (fix 9) through the stop to the departure.
  func stepsThroughTheStopMeters(_ coordinates: [Coordinate]) -> Double {
    (10...40).reduce(0.0) {
      $0 + Geodesic.distanceMeters(from: coordinates[$1 - 1], to: coordinates[$1])
    }
  }

  @Test func aStopThatCreepsFurtherThanItsAccuracyIsCountedAlongItsLine() {
    // An RTK-grade receiver (0.4 m) whose car rolls 2.5 m up to the line.
    var (coordinates, isMoving) = drive(creepMeters: 2.5)
    let isCreeping = apply(&coordinates, isMoving, accuracyMeters: 0.4)
    #expect(isCreeping == isMoving.map { !$0 })
    // On the line from the arrival to the departure, in order, each near where it was.
    var previousEast = 90.0
    for index in 10..<40 {
      let (east, north) = plane.project(coordinates[index])
      #expect(abs(north) < 1e-6)
      #expect(east >= previousEast - 1e-9)
      #expect(abs(east - (90 + 2.5 * Double(index - 9) / 30)) < 0.2)
      previousEast = east
    }
    // The steps through the stop add up to the net creep and the departure step.
    #expect(abs(stepsThroughTheStopMeters(coordinates) - 12.5) < 0.01)
  }

  @Test func everyStopCountsItsNetMovementWhereTheProfileSaysSo() {
    // A walker who stood 30 s and set off 6 m further on, with 1.5 m of wander across, from a
    // watch that states no accuracy: the 6 m count, the wander does not.
    var (coordinates, isMoving) = drive(creepMeters: 6, wobbleMeters: 1.5)
    let isCreeping = apply(&coordinates, isMoving, accuracyMeters: nil, countsEveryStop: true)
    #expect(isCreeping == isMoving.map { !$0 })
    #expect(abs(stepsThroughTheStopMeters(coordinates) - 16) < 0.01)
    // A stop at a segment's end still has no departure to count to.
    var cut = Array(coordinates.prefix(40))
    #expect(
      !apply(&cut, Array(isMoving.prefix(40)), accuracyMeters: nil, countsEveryStop: true)
        .contains(true))
  }

  @Test func aStopWithinItsAccuracyIsLeftAlone() {
    // A phone (5 m) whose positions drift 2.5 m while it stands: not a creep.
    var (coordinates, isMoving) = drive(creepMeters: 2.5)
    let before = coordinates
    #expect(!apply(&coordinates, isMoving, accuracyMeters: 5).contains(true))
    #expect(coordinates == before)
    // Nor is a stop whose fixes state no accuracy.
    #expect(!apply(&coordinates, isMoving, accuracyMeters: nil).contains(true))
  }

  @Test func aStopAcrossAGapOrAtTheEndIsLeftAlone() {
    var (coordinates, isMoving) = drive(creepMeters: 2.5)
    var gap = isMoving.map { _ in false }
    gap[25] = true
    #expect(!apply(&coordinates, isMoving, accuracyMeters: 0.4, crossesGap: gap).contains(true))
    // Cut after the stop: no departure, no line to creep along.
    coordinates = Array(coordinates.prefix(40))
    #expect(!apply(&coordinates, Array(isMoving.prefix(40)), accuracyMeters: 0.4).contains(true))
  }
}
