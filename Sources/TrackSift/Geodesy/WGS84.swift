import Foundation

/// The WGS84 ellipsoid: the one Earth model of TrackSift.
///
/// Every distance, bearing and projection in the package uses these constants; no other Earth
/// radius appears anywhere.
public enum WGS84 {
  /// Semi-major axis in meters.
  public static let semiMajorAxisMeters = 6_378_137.0
  /// Flattening.
  public static let flattening = 1 / 298.257_223_563
  /// Semi-minor axis in meters.
  public static let semiMinorAxisMeters = semiMajorAxisMeters * (1 - flattening)
  /// First eccentricity squared.
  public static let eccentricitySquared = flattening * (2 - flattening)

  /// Meridional radius of curvature (north-south) in meters at a latitude.
  @inlinable
  public static func meridionalRadiusMeters(latitudeDegrees: Double) -> Double {
    meridionalRadiusMeters(sineOfLatitude: sin(latitudeDegrees * .pi / 180))
  }

  /// The meridional radius for a latitude given by its sine.
  @inlinable
  static func meridionalRadiusMeters(sineOfLatitude s: Double) -> Double {
    let w2 = 1 - eccentricitySquared * s * s
    return semiMajorAxisMeters * (1 - eccentricitySquared) / (w2 * w2.squareRoot())
  }

  /// Prime-vertical radius of curvature (east-west) in meters at a latitude.
  @inlinable
  public static func primeVerticalRadiusMeters(latitudeDegrees: Double) -> Double {
    primeVerticalRadiusMeters(sineOfLatitude: sin(latitudeDegrees * .pi / 180))
  }

  /// The prime-vertical radius for a latitude given by its sine (the ECEF conversions
  /// work in radians and have the sine at hand).
  @inlinable
  static func primeVerticalRadiusMeters(sineOfLatitude s: Double) -> Double {
    semiMajorAxisMeters / (1 - eccentricitySquared * s * s).squareRoot()
  }
}
