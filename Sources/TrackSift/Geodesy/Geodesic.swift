import Foundation

/// Distances and bearings on the WGS84 ellipsoid.
///
/// Short steps (under ``Geodesic/shortStepLimitMeters``, below ``Geodesic/polarLimitDegrees``)
/// use the local radii of curvature at the mid-latitude, whose relative error is about
/// `(d * tan(latitude) / R)^2`, under 2e-7 there, for one `sin` and one `cos`; longer lines use Vincenty's inverse formula (Vincenty 1975, "Direct and inverse
/// solutions of geodesics on the ellipsoid with application of nested equations").
public enum Geodesic {
  /// Steps shorter than this many meters (judged by a cheap estimate) use the local-radii form.
  public static let shortStepLimitMeters = 1_000.0
  /// Beyond this latitude the meridians converge too fast for the local-radii form
  /// (its error grows with tan(latitude)), so Vincenty's formula is used for every step.
  public static let polarLimitDegrees = 70.0

  /// Distance in meters along the ellipsoid between two positions.
  ///
  /// - Complexity: O(1); a few nanoseconds for short steps.
  @inlinable
  public static func distanceMeters(from a: Coordinate, to b: Coordinate) -> Double {
    distanceMeters(
      fromLatitude: a.latitudeDegrees, fromLongitude: a.longitudeDegrees,
      toLatitude: b.latitudeDegrees, toLongitude: b.longitudeDegrees)
  }

  /// Distance in meters along the ellipsoid between two positions given in degrees.
  @inlinable
  public static func distanceMeters(
    fromLatitude lat1: Double, fromLongitude lon1: Double,
    toLatitude lat2: Double, toLongitude lon2: Double
  ) -> Double {
    let short = localRadiiDistanceMeters(lat1, lon1, lat2, lon2)
    if short < shortStepLimitMeters, abs(lat1) < polarLimitDegrees { return short }
    return vincentyInverse(lat1, lon1, lat2, lon2)?.distanceMeters ?? short
  }

  /// Initial bearing in degrees clockwise from true north (0..<360) from `a` towards `b`.
  public static func initialBearingDegrees(from a: Coordinate, to b: Coordinate) -> Double {
    let lat1 = a.latitudeDegrees
    let lon1 = a.longitudeDegrees
    let lat2 = b.latitudeDegrees
    let lon2 = b.longitudeDegrees
    let bearing: Double
    if localRadiiDistanceMeters(lat1, lon1, lat2, lon2) < shortStepLimitMeters,
      abs(lat1) < polarLimitDegrees
    {
      let (north, east) = localOffsets(lat1, lon1, lat2, lon2)
      bearing = atan2(east, north) * 180 / .pi
    } else if let solution = vincentyInverse(lat1, lon1, lat2, lon2) {
      bearing = solution.initialBearingDegrees
    } else {
      let (north, east) = localOffsets(lat1, lon1, lat2, lon2)
      bearing = atan2(east, north) * 180 / .pi
    }
    let wrapped = bearing.truncatingRemainder(dividingBy: 360)
    return wrapped < 0 ? wrapped + 360 : wrapped
  }

  @usableFromInline
  static func localOffsets(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double
  ) -> (north: Double, east: Double) {
    let midLatitude = (lat1 + lat2) / 2
    let phi = midLatitude * .pi / 180
    let s = sin(phi)
    let w2 = 1 - WGS84.eccentricitySquared * s * s
    let w = w2.squareRoot()
    let primeVertical = WGS84.semiMajorAxisMeters / w
    let meridional = WGS84.semiMajorAxisMeters * (1 - WGS84.eccentricitySquared) / (w2 * w)
    var deltaLongitude = lon2 - lon1
    if deltaLongitude > 180 {
      deltaLongitude -= 360
    } else if deltaLongitude < -180 {
      deltaLongitude += 360
    }
    let north = (lat2 - lat1) * .pi / 180 * meridional
    let east = deltaLongitude * .pi / 180 * primeVertical * cos(phi)
    return (north, east)
  }

  @usableFromInline
  static func localRadiiDistanceMeters(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double
  ) -> Double {
    let (north, east) = localOffsets(lat1, lon1, lat2, lon2)
    return (north * north + east * east).squareRoot()
  }

  @usableFromInline
  struct InverseSolution {
    @usableFromInline var distanceMeters: Double
    @usableFromInline var initialBearingDegrees: Double
  }

  /// Vincenty's inverse formula; `nil` when it does not converge (nearly antipodal points).
  @usableFromInline
  static func vincentyInverse(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double
  ) -> InverseSolution? {
    let a = WGS84.semiMajorAxisMeters
    let b = WGS84.semiMinorAxisMeters
    let f = WGS84.flattening
    let toRadians = Double.pi / 180
    let l = (lon2 - lon1) * toRadians
    let u1 = atan((1 - f) * tan(lat1 * toRadians))
    let u2 = atan((1 - f) * tan(lat2 * toRadians))
    let sinU1 = sin(u1)
    let cosU1 = cos(u1)
    let sinU2 = sin(u2)
    let cosU2 = cos(u2)
    var lambda = l
    var sinSigma = 0.0
    var cosSigma = 0.0
    var sigma = 0.0
    var cosSquaredAlpha = 0.0
    var cos2SigmaM = 0.0
    var sinLambda = 0.0
    var cosLambda = 0.0
    for _ in 0..<200 {
      sinLambda = sin(lambda)
      cosLambda = cos(lambda)
      let t1 = cosU2 * sinLambda
      let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
      sinSigma = (t1 * t1 + t2 * t2).squareRoot()
      if sinSigma == 0 { return InverseSolution(distanceMeters: 0, initialBearingDegrees: 0) }
      cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
      sigma = atan2(sinSigma, cosSigma)
      let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
      cosSquaredAlpha = 1 - sinAlpha * sinAlpha
      cos2SigmaM = cosSquaredAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSquaredAlpha : 0
      let c = f / 16 * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
      let previous = lambda
      lambda =
        l + (1 - c) * f * sinAlpha
        * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
      if abs(lambda - previous) < 1e-12 {
        let uSquared = cosSquaredAlpha * (a * a - b * b) / (b * b)
        let bigA =
          1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
        let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
        let deltaSigma =
          bigB * sinSigma
          * (cos2SigmaM + bigB / 4
            * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM
              * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        let distance = b * bigA * (sigma - deltaSigma)
        let bearing = atan2(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
        return InverseSolution(distanceMeters: distance, initialBearingDegrees: bearing / toRadians)
      }
    }
    return nil
  }
}
