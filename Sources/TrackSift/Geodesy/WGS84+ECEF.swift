import Foundation

extension WGS84 {
  /// A position in Earth-centred, Earth-fixed (ECEF) coordinates, in meters: what a
  /// least-squares GNSS solution gives before it is turned into latitude and longitude.
  public struct ECEFPosition: Sendable, Hashable {
    /// Towards the equator at the prime meridian.
    public var xMeters: Double
    /// Towards the equator at 90° east.
    public var yMeters: Double
    /// Towards the North Pole.
    public var zMeters: Double

    /// Creates a position.
    public init(xMeters: Double, yMeters: Double, zMeters: Double) {
      self.xMeters = xMeters
      self.yMeters = yMeters
      self.zMeters = zMeters
    }
  }

  /// The ECEF position of a geodetic latitude, longitude and height above the ellipsoid.
  public static func ecef(
    latitudeDegrees: Double, longitudeDegrees: Double, ellipsoidHeightMeters: Double
  ) -> ECEFPosition {
    let latitude = latitudeDegrees * .pi / 180
    let longitude = longitudeDegrees * .pi / 180
    let primeVertical = primeVerticalRadiusMeters(latitudeDegrees: latitudeDegrees)
    let horizontal = (primeVertical + ellipsoidHeightMeters) * cos(latitude)
    return ECEFPosition(
      xMeters: horizontal * cos(longitude), yMeters: horizontal * sin(longitude),
      zMeters: (primeVertical * (1 - eccentricitySquared) + ellipsoidHeightMeters)
        * sin(latitude))
  }

  /// The geodetic latitude, longitude (degrees) and height above the ellipsoid (meters) of an
  /// ECEF position, or `nil` for a non-finite one or one within 1 km of the Earth's centre.
  ///
  /// Iterates the latitude from the spherical guess; five rounds leave under a millimeter
  /// anywhere from the ground to orbit. The height, `p cos φ + z sin φ − a²/N`, stays
  /// accurate at the poles, where `p / cos φ` does not.
  public static func geodetic(
    _ position: ECEFPosition
  ) -> (latitudeDegrees: Double, longitudeDegrees: Double, ellipsoidHeightMeters: Double)? {
    let (x, y, z) = (position.xMeters, position.yMeters, position.zMeters)
    guard x.isFinite, y.isFinite, z.isFinite else { return nil }
    let p = (x * x + y * y).squareRoot()
    guard (p * p + z * z).squareRoot() > 1_000 else { return nil }
    var latitude = atan2(z, p * (1 - eccentricitySquared))
    for _ in 0..<5 {
      let s = sin(latitude)
      latitude = atan2(
        z + eccentricitySquared * primeVerticalRadiusMeters(sineOfLatitude: s) * s, p)
    }
    let s = sin(latitude)
    let height =
      p * cos(latitude) + z * s
      - semiMajorAxisMeters * semiMajorAxisMeters / primeVerticalRadiusMeters(sineOfLatitude: s)
    return (latitude * 180 / .pi, atan2(y, x) * 180 / .pi, height)
  }
}
