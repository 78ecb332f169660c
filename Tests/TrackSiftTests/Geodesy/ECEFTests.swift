import Foundation
import Testing

@testable import TrackSift

/// Geodetic latitude, longitude, height and their ECEF coordinates, from PROJ 9 (pyproj,
/// EPSG:4979 to EPSG:4978): Mountain View, Warsaw, Sydney, near the North Pole, the
/// antimeridian below the ellipsoid, and a GPS satellite's height over Antarctica.
private let referencePoints: [(Double, Double, Double, Double, Double, Double)] = [
  (37.395817, -122.102916, -4.488, -2696233.2148868144, -4297678.1332927905, 3852381.5447733765),
  (52.13, 21.07, 110.0, 3661293.655377232, 1410573.6011361764, 5011782.733002604),
  (-33.9, 151.2, 35.0, -4643971.484503184, 2553044.9282561927, -3537264.86898407),
  (89.99, 45.0, 2000.0, 790.0425263777493, 790.0425263777491, 6358752.216743333),
  (0.0, 180.0, -50.0, -6378087.0, 7.810903829233344e-10, 0.0),
  (-89.5, -70.0, 20200000.0, 79390.49673555252, -218123.59710021637, -26555739.48331942),
]

@Suite struct ECEFTests {
  @Test func geodeticToECEFMatchesPROJ() {
    for (latitude, longitude, height, x, y, z) in referencePoints {
      let position = WGS84.ecef(
        latitudeDegrees: latitude, longitudeDegrees: longitude, ellipsoidHeightMeters: height)
      #expect(abs(position.xMeters - x) < 1e-6, "\(latitude), \(longitude)")
      #expect(abs(position.yMeters - y) < 1e-6, "\(latitude), \(longitude)")
      #expect(abs(position.zMeters - z) < 1e-6, "\(latitude), \(longitude)")
    }
  }

  @Test func ecefToGeodeticMatchesPROJWithinAMillimeter() throws {
    for (latitude, longitude, height, x, y, z) in referencePoints {
      let geodetic = try #require(
        WGS84.geodetic(WGS84.ECEFPosition(xMeters: x, yMeters: y, zMeters: z)))
      let metersPerDegree = 111_000.0
      #expect(abs(geodetic.latitudeDegrees - latitude) * metersPerDegree < 1e-3, "\(latitude)")
      let east = abs(geodetic.longitudeDegrees - longitude).truncatingRemainder(dividingBy: 360)
      #expect(
        min(east, 360 - east) * metersPerDegree * cos(latitude * .pi / 180) < 1e-3, "\(longitude)")
      #expect(abs(geodetic.ellipsoidHeightMeters - height) < 1e-3, "\(height)")
    }
  }

  @Test func positionsWithoutAPlaceGiveNone() {
    #expect(WGS84.geodetic(WGS84.ECEFPosition(xMeters: 0, yMeters: 0, zMeters: 0)) == nil)
    #expect(WGS84.geodetic(WGS84.ECEFPosition(xMeters: .nan, yMeters: 1, zMeters: 1)) == nil)
    #expect(WGS84.geodetic(WGS84.ECEFPosition(xMeters: 1e6, yMeters: .infinity, zMeters: 0)) == nil)
  }
}
