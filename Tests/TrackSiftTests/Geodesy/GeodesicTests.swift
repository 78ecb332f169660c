import Foundation
import Testing

@testable import TrackSift

/// Reference values from GeographicLib (Karney 2013, "Algorithms for geodesics"), accurate to
/// 15 nm: each line is a direct geodesic problem (start, azimuth, length) and its end point.
private let geodesicLines: [(Double, Double, Double, Double, Double, Double)] = [
  (0, 0, 6.394857899203225e-05, 6.352048290446957e-05, 10, 45),
  (52.13, 21.07, 52.13001167466637, 21.070010952281855, 1.5, 30),
  (52.13, 21.07, 52.12534940264868, 21.081633570646932, 950, 123),
  (45, 7, 44.99998239444303, 7.063414073288177, 5000, 90),
  (-33.9, 151.2, -33.984702993696644, 151.16298908503586, 9999, 200),
  (69.6, 18.9, 69.62648299608304, 18.91340252420874, 3000, 10),
  (89.5, 0, 89.50895304080031, 0.0, 1000, 0),
  (-60, -70, -59.9662899207072, -70.1162830347519, 7500, 300),
  (37.42, -122.08, 37.420279833593476, -122.07869055660886, 120, 75),
  (0.1, 179.999, 0.09999999969065729, -179.99650841678414, 500, 90),
  (89.5, 0, 89.4999198515579, 1.025845789461348, 1000, 90),
  (75, 20, 75.00153768959878, 20.033736667005513, 990, 80),
  (80, -40, 79.99967854246339, -40.464063518542275, 9000, 270),
  (-85, 10, -84.99619981922996, 10.043550439122246, 600, 45),
]

@Suite struct GeodesicTests {
  @Test(arguments: geodesicLines.indices)
  func stepLengthMatchesGeographicLib(index: Int) {
    let (lat1, lon1, lat2, lon2, length, _) = geodesicLines[index]
    let distance = Geodesic.distanceMeters(
      fromLatitude: lat1, fromLongitude: lon1, toLatitude: lat2, toLongitude: lon2)
    #expect(abs(distance - length) / length < 1e-6, "\(distance) vs \(length)")
  }

  @Test(arguments: geodesicLines.indices)
  func initialBearingMatchesGeographicLib(index: Int) {
    let (lat1, lon1, lat2, lon2, _, azimuth) = geodesicLines[index]
    let bearing = Geodesic.initialBearingDegrees(
      from: Coordinate(latitudeDegrees: lat1, longitudeDegrees: lon1),
      to: Coordinate(latitudeDegrees: lat2, longitudeDegrees: lon2))
    var difference = abs(bearing - (azimuth < 0 ? azimuth + 360 : azimuth))
    difference = min(difference, 360 - difference)
    #expect(difference < 0.01, "\(bearing) vs \(azimuth)")
  }

  /// Vincenty (1975), test line: Flinders Peak to Buninyong, 54 972.271 m.
  @Test func vincentysPublishedLine() {
    let flindersPeak = Coordinate(
      latitudeDegrees: -(37 + 57 / 60.0 + 3.72030 / 3600),
      longitudeDegrees: 144 + 25 / 60.0 + 29.52440 / 3600)
    let buninyong = Coordinate(
      latitudeDegrees: -(37 + 39 / 60.0 + 10.15610 / 3600),
      longitudeDegrees: 143 + 55 / 60.0 + 35.38390 / 3600)
    #expect(abs(Geodesic.distanceMeters(from: flindersPeak, to: buninyong) - 54_972.271) < 0.001)
    let bearing = Geodesic.initialBearingDegrees(from: flindersPeak, to: buninyong)
    #expect(abs(bearing - (360 - 53.13184079711936)) < 1e-6)
  }

  /// A 10 km wiggly run of 3 m steps; the reference sum of 3000 geodesics is GeographicLib's.
  @Test(arguments: [(0, 10_287.24427195736), (1, 9_711.869299443788)])
  func tenKilometerRunLength(path: Int, reference: Double) {
    func point(_ i: Int) -> (Double, Double) {
      let x = Double(i)
      if path == 0 { return (47.3769 + x * 3e-5, 8.5417 + 3e-4 * sin(x * 0.05)) }
      return (-33.9 + 2e-5 * cos(x * 0.01), 151.2 + x * 3.5e-5)
    }
    var total = 0.0
    for i in 0..<3000 {
      let (lat1, lon1) = point(i)
      let (lat2, lon2) = point(i + 1)
      total += Geodesic.distanceMeters(
        fromLatitude: lat1, fromLongitude: lon1, toLatitude: lat2, toLongitude: lon2)
    }
    #expect(abs(total - reference) / reference < 1e-4)
    #expect(abs(total - reference) < 0.05, "sum \(total) vs \(reference)")
  }

  @Test func antimeridianAndIdentity() {
    let a = Coordinate(latitudeDegrees: 10, longitudeDegrees: 179.9999)
    let b = Coordinate(latitudeDegrees: 10, longitudeDegrees: -179.9999)
    #expect(abs(Geodesic.distanceMeters(from: a, to: b) - 21.93) < 0.01)
    #expect(Geodesic.distanceMeters(from: a, to: a) == 0)
  }

  @Test func nearlyAntipodalPointsGiveAFiniteDistance() {
    let a = Coordinate(latitudeDegrees: 0, longitudeDegrees: 0)
    let b = Coordinate(latitudeDegrees: 0.5, longitudeDegrees: 179.7)
    let distance = Geodesic.distanceMeters(from: a, to: b)
    #expect(distance.isFinite && distance > 19_000_000)
  }
}

@Suite struct LocalTangentPlaneTests {
  @Test func roundTripIsExact() {
    let plane = LocalTangentPlane(
      origin: Coordinate(latitudeDegrees: 52.13, longitudeDegrees: 21.07))
    let point = Coordinate(latitudeDegrees: 52.1412345, longitudeDegrees: 21.0598765)
    let (east, north) = plane.project(point)
    let back = plane.unproject(eastMeters: east, northMeters: north)
    #expect(abs(back.latitudeDegrees - point.latitudeDegrees) < 1e-12)
    #expect(abs(back.longitudeDegrees - point.longitudeDegrees) < 1e-12)
  }

  @Test func offsetsMatchGeodesicNearTheOrigin() {
    let origin = Coordinate(latitudeDegrees: 45, longitudeDegrees: 7)
    let plane = LocalTangentPlane(origin: origin)
    let point = Coordinate(latitudeDegrees: 45.001, longitudeDegrees: 7.001)
    let (east, north) = plane.project(point)
    let planar = (east * east + north * north).squareRoot()
    #expect(abs(planar - Geodesic.distanceMeters(from: origin, to: point)) < 0.05)
  }
}
