import Foundation
import Testing

@testable import TrackSift

@Suite struct CleanedPathTests {
  let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 52.2, longitudeDegrees: 21))

  /// What the figures count: the steps into the fixes flagged moving.
  func countedMeters(_ coordinates: [Coordinate], _ isMoving: [Bool]) -> Double {
    coordinates.indices.dropFirst().reduce(0) { total, k in
      isMoving[k]
        ? total + Geodesic.distanceMeters(from: coordinates[k - 1], to: coordinates[k]) : total
    }
  }

  func writtenMeters(_ path: CleanedPath) -> Double {
    path.pieces.reduce(0) { total, piece in
      zip(piece, piece.dropFirst()).reduce(total) {
        $0 + Geodesic.distanceMeters(from: $1.0.coordinate, to: $1.1.coordinate)
      }
    }
  }

  /// A walk east at `stepMeters` a second, a stop whose positions jitter by up to 2 m and end
  /// `driftMeters` north of where it began, then the walk on.
  func walkWithStop(stepMeters: Double, driftMeters: Double) -> ([Coordinate], [Bool]) {
    var coordinates: [Coordinate] = []
    var isMoving: [Bool] = []
    for k in 0..<20 {
      coordinates.append(plane.unproject(eastMeters: Double(k) * stepMeters, northMeters: 0))
      isMoving.append(true)
    }
    let stopEast = 19 * stepMeters
    for k in 0..<30 {
      let jitter = 2 * sin(Double(k))
      let north = driftMeters * Double(k + 1) / 30
      coordinates.append(plane.unproject(eastMeters: stopEast + jitter, northMeters: north))
      isMoving.append(false)
    }
    for k in 1...20 {
      coordinates.append(
        plane.unproject(eastMeters: stopEast + Double(k) * stepMeters, northMeters: driftMeters))
      isMoving.append(true)
    }
    return (coordinates, isMoving)
  }

  @Test(arguments: [(1.4, 0.0), (1.4, 1.0), (3.0, 2.5), (0.8, -0.3)])
  func aStopIsOneHeldPositionAndTheLengthIsTheCountedDistance(
    stepMeters: Double, driftMeters: Double
  ) {
    let (coordinates, isMoving) = walkWithStop(stepMeters: stepMeters, driftMeters: driftMeters)
    let times = coordinates.indices.map { Double($0) as Double? }
    // The figures trusted the walking speed, but for one refused speed (none).
    var speeds = coordinates.indices.map { _ in stepMeters as Double? }
    speeds[60] = nil
    let path = CleanedPath(
      coordinates: coordinates, isMoving: isMoving, timesSeconds: times,
      speedsMetersPerSecond: speeds)
    #expect(path.pieces.count == 1)
    let piece = path.pieces[0]
    #expect(piece.map(\.position) == Array(coordinates.indices))
    let held = piece.filter(\.isHeld)
    #expect(held.count == 30)
    #expect(Set(held.map(\.coordinate)).count == 1)
    #expect(held.allSatisfy { $0.speedMetersPerSecond == 0 && $0.courseDegrees == nil })
    let counted = countedMeters(coordinates, isMoving)
    #expect(abs(writtenMeters(path) - counted) < 0.01, "\(writtenMeters(path)) vs \(counted)")
    // The moving fixes keep their positions (but the arrival, which the stop may move), carry
    // the speed the figures trusted and none where they trusted none, and head east.
    for point in piece.suffix(19) {
      #expect(point.coordinate == coordinates[point.position])
      #expect(point.speedMetersPerSecond == speeds[point.position])
      #expect(abs((point.courseDegrees ?? 0) - 90) < 0.01)
    }
  }

  /// The mean of positions a few meters apart, on the plane.
  func mean(_ coordinates: ArraySlice<Coordinate>) -> (east: Double, north: Double) {
    let points = coordinates.map { plane.project($0) }
    let count = Double(points.count)
    return (
      points.reduce(0) { $0 + $1.eastMeters } / count,
      points.reduce(0) { $0 + $1.northMeters } / count
    )
  }

  func distance(_ coordinate: Coordinate, _ point: (east: Double, north: Double)) -> Double {
    let (east, north) = plane.project(coordinate)
    return hypot(east - point.east, north - point.north)
  }

  @Test func aStopIsHeldNearestWhereThePersonStoodOfThePlacesThatKeepTheLength() {
    // The stop's positions sit north of the street on average (a receiver's offset while
    // standing); arriving and leaving, the walk is on the street.
    var (coordinates, isMoving) = walkWithStop(stepMeters: 1.4, driftMeters: 0)
    for k in 20..<50 {
      let (east, north) = plane.project(coordinates[k])
      coordinates[k] = plane.unproject(eastMeters: east, northMeters: north + 1.5)
    }
    let path = CleanedPath(
      coordinates: coordinates, isMoving: isMoving,
      timesSeconds: coordinates.indices.map { Double($0) },
      speedsMetersPerSecond: coordinates.map { _ in 1.4 })
    #expect(path.pieces.count == 1)
    let held = path.pieces[0][19]
    #expect(abs(writtenMeters(path) - countedMeters(coordinates, isMoving)) < 0.01)
    // Every place where the step into the stop and out of it keep their counted lengths lies
    // on an ellipse round the fix before the arrival and the departure: none is nearer the
    // stop's mean position than the one taken.
    let standing = mean(coordinates[20..<50])
    let (ax, ay) = plane.project(coordinates[18])
    let (bx, by) = plane.project(coordinates[50])
    let sum =
      Geodesic.distanceMeters(from: coordinates[18], to: coordinates[19])
      + Geodesic.distanceMeters(from: coordinates[49], to: coordinates[50])
    let (cx, cy, half) = ((ax + bx) / 2, (ay + by) / 2, hypot(bx - ax, by - ay) / 2)
    let minor = (sum * sum / 4 - half * half).squareRoot()
    let nearestOnEllipse = (0..<3600).map { k -> Double in
      let angle = Double(k) * .pi / 1800
      let east = cx + sum / 2 * cos(angle) * (bx - ax) / (2 * half)
      let north = cy + sum / 2 * cos(angle) * (by - ay) / (2 * half) + minor * sin(angle)
      return hypot(east - standing.east, north - standing.north)
    }.min()!
    #expect(distance(held.coordinate, standing) <= nearestOnEllipse + 0.01)
    #expect(distance(held.coordinate, standing) < distance(coordinates[19], standing) - 0.5)
  }

  @Test func aRecordingThatOpensOrClosesStandingWritesTheStopWhereThePersonStood() {
    // 30 s standing (positions scattered 2 m round a point 3 m north of the street), a walk
    // east, 30 s standing again.
    var coordinates: [Coordinate] = []
    var isMoving: [Bool] = []
    func stand(east: Double) {
      for k in 0..<30 {
        coordinates.append(
          plane.unproject(
            eastMeters: east + 2 * sin(Double(k)), northMeters: 3 + 2 * cos(Double(k))))
        isMoving.append(false)
      }
    }
    stand(east: 0)
    for k in 1...20 {
      coordinates.append(plane.unproject(eastMeters: Double(k) * 1.4, northMeters: 0))
      isMoving.append(true)
    }
    stand(east: 28)
    let path = CleanedPath(
      coordinates: coordinates, isMoving: isMoving,
      timesSeconds: coordinates.indices.map { Double($0) },
      speedsMetersPerSecond: coordinates.map { _ in 1.4 })
    #expect(path.pieces.map(\.count) == [29, 21, 30])
    #expect(path.pieces.flatMap { $0 }.map(\.position) == Array(coordinates.indices))
    #expect(abs(writtenMeters(path) - countedMeters(coordinates, isMoving)) < 0.01)
    // The opening stop at its mean position; its last fix, where the walk set off, opens the
    // walk; the closing stop at its mean position after the walk's last fix.
    let opening = mean(coordinates[1..<30])
    #expect(path.pieces[0].allSatisfy { distance($0.coordinate, opening) < 0.01 })
    #expect(path.pieces[1].first?.coordinate == coordinates[29])
    #expect(path.pieces[1].last?.coordinate == coordinates[49])
    let closing = mean(coordinates[50...])
    #expect(path.pieces[2].allSatisfy { $0.isHeld && distance($0.coordinate, closing) < 0.01 })
  }

  @Test func aDriftTheStepsCannotAbsorbStartsANewPiece() {
    // Walking at 1 m/s, the stop's positions drift 4 m: no held position fits.
    let (coordinates, isMoving) = walkWithStop(stepMeters: 1, driftMeters: 4)
    let path = CleanedPath(
      coordinates: coordinates, isMoving: isMoving,
      timesSeconds: coordinates.indices.map { Double($0) },
      speedsMetersPerSecond: coordinates.map { _ in 1 })
    #expect(path.pieces.count == 2)
    #expect(abs(writtenMeters(path) - countedMeters(coordinates, isMoving)) < 0.01)
    // The first piece ends at the arrival; the new one holds the whole stop at its last
    // refined position, where the walk resumed.
    #expect(path.pieces[0].last?.position == 19)
    let held = path.pieces[1].prefix(30)
    #expect(held.map(\.position) == Array(20..<50))
    #expect(held.allSatisfy { $0.isHeld && $0.coordinate == coordinates[49] })
    #expect(path.pieces.flatMap { $0 }.map(\.position) == Array(coordinates.indices))
  }

  @Test func anUnbridgedJumpIsNotWritten() {
    var coordinates = (0..<10).map { plane.unproject(eastMeters: Double($0) * 3, northMeters: 0) }
    coordinates += (0..<10).map {
      plane.unproject(eastMeters: 500 + Double($0) * 3, northMeters: 200)
    }
    var isMoving = Array(repeating: true, count: 20)
    isMoving[10] = false  // the re-anchored step across the gap
    let path = CleanedPath(
      coordinates: coordinates, isMoving: isMoving,
      timesSeconds: coordinates.indices.map { Double($0) },
      speedsMetersPerSecond: coordinates.map { _ in 1 })
    #expect(path.pieces.map(\.count) == [10, 10])
    #expect(abs(writtenMeters(path) - 54) < 0.01)
  }

  @Test func withoutTimesThereAreNoSpeeds() {
    let coordinates = (0..<5).map { plane.unproject(eastMeters: Double($0) * 3, northMeters: 0) }
    let path = CleanedPath(
      coordinates: coordinates, isMoving: Array(repeating: true, count: 5),
      timesSeconds: Array(repeating: nil, count: 5), speedsMetersPerSecond: [1, 1, 1, 1, 1])
    #expect(path.pieces[0].allSatisfy { $0.speedMetersPerSecond == nil })
    #expect(abs(writtenMeters(path) - 12) < 1e-6)
  }

  @Test func positionsThatCannotBeWrittenBreakThePath() {
    var coordinates = (0..<6).map { plane.unproject(eastMeters: Double($0) * 3, northMeters: 0) }
    coordinates[3] = Coordinate(latitudeDegrees: .nan, longitudeDegrees: 21)
    let path = CleanedPath(
      coordinates: coordinates, isMoving: Array(repeating: true, count: 6),
      timesSeconds: coordinates.indices.map { Double($0) },
      speedsMetersPerSecond: coordinates.map { _ in 1 })
    #expect(path.pieces.map { $0.map(\.position) } == [[0, 1, 2], [4, 5]])
  }
}
