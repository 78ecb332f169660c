import Foundation

/// A local east-north plane in meters around an origin, for filtering in meters.
///
/// The mapping scales latitude and longitude differences by the WGS84 radii of curvature at the
/// origin (a local equirectangular chart of the ellipsoid). It is exactly invertible, and its
/// scale error is about `tan(latitude) * northOffset / R`: 1.6e-4 at 1 km from the origin at
/// 45 degrees. Filters keep their origin near the current position (see ``recentered(near:)``)
/// so the distortion stays negligible; distances are always measured with ``Geodesic``.
public struct LocalTangentPlane: Sendable, Hashable {
  /// The origin.
  public let origin: Coordinate
  /// Meters per degree of latitude at the origin.
  public let metersPerDegreeLatitude: Double
  /// Meters per degree of longitude at the origin.
  public let metersPerDegreeLongitude: Double

  /// Creates a plane touching the ellipsoid at `origin`.
  public init(origin: Coordinate) {
    self.origin = origin
    let toRadians = Double.pi / 180
    // One sine for both radii: the smoothers make a plane for every record they step through.
    let sine = sin(origin.latitudeDegrees * .pi / 180)
    metersPerDegreeLatitude = WGS84.meridionalRadiusMeters(sineOfLatitude: sine) * toRadians
    metersPerDegreeLongitude =
      WGS84.primeVerticalRadiusMeters(sineOfLatitude: sine) * toRadians
      * cos(origin.latitudeDegrees * toRadians)
  }

  /// East and north offsets in meters of a position from the origin.
  @inlinable
  public func project(_ coordinate: Coordinate) -> (eastMeters: Double, northMeters: Double) {
    var deltaLongitude = coordinate.longitudeDegrees - origin.longitudeDegrees
    if deltaLongitude > 180 {
      deltaLongitude -= 360
    } else if deltaLongitude < -180 {
      deltaLongitude += 360
    }
    return (
      deltaLongitude * metersPerDegreeLongitude,
      (coordinate.latitudeDegrees - origin.latitudeDegrees) * metersPerDegreeLatitude
    )
  }

  /// The position at east and north offsets in meters from the origin.
  @inlinable
  public func unproject(eastMeters: Double, northMeters: Double) -> Coordinate {
    var longitude = origin.longitudeDegrees + eastMeters / metersPerDegreeLongitude
    if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
    return Coordinate(
      latitudeDegrees: origin.latitudeDegrees + northMeters / metersPerDegreeLatitude,
      longitudeDegrees: longitude)
  }

  /// A plane with its origin moved to `coordinate`.
  public func recentered(near coordinate: Coordinate) -> LocalTangentPlane {
    LocalTangentPlane(origin: coordinate)
  }
}
