import Foundation
import TrackSift

extension GPSDTPVReport {
  /// The radius, in per-axis standard deviations, that holds 95 % of the positions of a
  /// circular two-dimensional Gaussian: √(−2 ln 0.05) ≈ 2.4477. gpsd's `CEP95_SIGMA`
  /// (2.45), the confidence it reports `eph` at, rounds it.
  public static let circular95RadiusInSigmas = (-2 * log(0.05)).squareRoot()

  /// The two-sided 95 % bound of a one-dimensional Gaussian in standard deviations: 1.96.
  public static let linear95BoundInSigmas = 1.959_963_984_540_054

  /// The horizontal accuracy in the convention of ``TrackSift/Fix``: a one-sigma-like radius,
  /// the 2-D RMS error (DRMS), in meters; `nil` when gpsd sent no horizontal error.
  ///
  /// gpsd's errors are 95 % figures; `Fix`, like iOS and Android, wants the radius that holds
  /// about 63-68 % of fixes. For a circular Gaussian with per-axis deviation σ, the 95 %
  /// radius is √(−2 ln 0.05) σ ≈ 2.4477 σ and the DRMS is √2 σ ≈ 1.4142 σ, which holds
  /// 1 − e⁻¹ ≈ 63.2 % of fixes. So:
  ///
  /// - With `eph` (a 95 % radius): `eph × √2 / 2.4477 = eph × 0.5778` (`eph / 1.7308`).
  /// - Else with `epx` and `epy` (95 % bounds along each axis, 1.96 σ each):
  ///   `√((epx / 1.96)² + (epy / 1.96)²) = √(epx² + epy²) / 1.96`.
  ///
  /// The two agree on a circular Gaussian: with `epx = epy = 1.96 σ`, `eph` is 2.4477 σ and
  /// both give √2 σ. DRMS is also what `NMEAReader` in TrackSiftFormats makes of a GST
  /// sentence's σlat and σlon, so fixes from gpsd and from an NMEA log of the same receiver
  /// mean the same thing. gpsd computes `eph` itself from HDOP when the receiver does not
  /// report one, with its own conservative range error (`eph` ≈ HDOP × 15-19 m): that
  /// estimate is converted like any other. A negative error stays negative (invalid); the
  /// gate judges it.
  public var horizontalAccuracyMeters: Double? {
    if let eph = horizontalErrorMeters {
      return eph * 2.0.squareRoot() / Self.circular95RadiusInSigmas
    }
    if let epx = longitudeErrorMeters, let epy = latitudeErrorMeters {
      return (epx * epx + epy * epy).squareRoot() / Self.linear95BoundInSigmas
    }
    return nil
  }

  /// The vertical accuracy (one sigma) in meters: `epv / 1.96`, a one-dimensional 95 % bound
  /// to a standard deviation.
  public var verticalAccuracyMeters: Double? {
    verticalErrorMeters.map { $0 / Self.linear95BoundInSigmas }
  }

  /// The speed accuracy (one sigma) in meters per second: `eps / 1.96`.
  ///
  /// When the receiver reports no speed error, gpsd derives `eps` from the position errors of
  /// two consecutive fixes, which is far larger than the error of a Doppler speed (10.75 m/s
  /// for an RTK receiver in a car), and a report does not say which it is. So ``fix(sky:arrivalTime:)``
  /// leaves the fix's speed accuracy unknown, as an NMEA log of the same receiver does: taken
  /// as the Doppler's, such a figure makes the stop detector read every speed below 20 m/s as
  /// noise (a recorded drive came out 23 % short).
  public var speedAccuracyMetersPerSecond: Double? {
    speedErrorMetersPerSecond.map { $0 / Self.linear95BoundInSigmas }
  }

  /// The course accuracy (one sigma) in degrees: `epd / 1.96`.
  public var courseAccuracyDegrees: Double? {
    courseErrorDegrees.map { $0 / Self.linear95BoundInSigmas }
  }

  /// The fix this report describes, or `nil` when it has none: no time, a mode other than 2
  /// or 3, or no latitude or longitude.
  ///
  /// - Position as reported; altitude above mean sea level (`altMSL`, else the legacy `alt`),
  ///   as NMEA GGA gives it and `NMEAReader` keeps it, and only for a 3-D fix (a 2-D fix has
  ///   no altitude of its own). The ellipsoidal `altHAE` is not used: mixing the two would
  ///   put steps of the geoid separation (tens of meters) into a track.
  /// - Accuracies converted from gpsd's 95 % figures to one sigma
  ///   (``horizontalAccuracyMeters``, ``verticalAccuracyMeters``,
  ///   ``speedAccuracyMetersPerSecond``, ``courseAccuracyDegrees``).
  /// - Speed (`speed`) and course (`track`) as reported.
  /// - Receiver status: fix type from `status` (DGPS and RTK are
  ///   ``TrackSift/ReceiverStatus/FixType/differential``, P(Y) is
  ///   ``TrackSift/ReceiverStatus/FixType/precise``), else from the mode (2-D, 3-D);
  ///   satellites used and HDOP, VDOP, PDOP from `sky` when it is from the same device (or
  ///   either does not name one).
  /// - Source: ``TrackSift/FixSource/satellite``, except for dead reckoning and surveyed-in
  ///   positions (status 5 and 7: ``TrackSift/FixSource/unknown``) and simulation (status 8:
  ///   ``TrackSift/FixSource/simulated``), as `NMEAReader` treats GGA qualities 6 to 8.
  ///
  /// - Parameters:
  ///   - sky: the latest SKY report, or `nil`.
  ///   - arrivalTime: when the report was read, for ``TrackSift/Fix/arrivalTime``.
  public func fix(sky: GPSDSkyReport? = nil, arrivalTime: Date? = nil) -> Fix? {
    guard hasFix, let time, let latitudeDegrees, let longitudeDegrees else { return nil }
    let sky = sky.flatMap { sky in
      sky.device == nil || device == nil || sky.device == device ? sky : nil
    }
    return Fix(
      timestamp: time,
      arrivalTime: arrivalTime,
      latitudeDegrees: latitudeDegrees,
      longitudeDegrees: longitudeDegrees,
      altitudeMeters: mode == 3 ? meanSeaLevelAltitudeMeters : nil,
      horizontalAccuracyMeters: horizontalAccuracyMeters,
      verticalAccuracyMeters: mode == 3 ? verticalAccuracyMeters : nil,
      speedMetersPerSecond: speedMetersPerSecond,
      // Not `speedAccuracyMetersPerSecond`: see its documentation.
      courseDegrees: courseDegrees,
      courseAccuracyDegrees: courseAccuracyDegrees,
      source: source,
      receiver: ReceiverStatus(
        fixType: fixType,
        satellitesUsed: sky?.satellitesUsed,
        horizontalDilution: sky?.horizontalDilution,
        verticalDilution: sky?.verticalDilution,
        positionDilution: sky?.positionDilution))
  }

  private var fixType: ReceiverStatus.FixType? {
    switch (status, mode) {
    case (2, _), (3, _), (4, _): .differential
    case (9, _): .precise
    case (_, 2): .twoDimensional
    case (_, 3): .threeDimensional
    default: nil
    }
  }

  private var source: FixSource {
    switch status {
    case 5, 7: .unknown
    case 8: .simulated
    default: .satellite
    }
  }
}
