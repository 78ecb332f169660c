import Foundation
import TrackSift

extension GPSDTPVReport {
  /// The radius, in per-axis standard deviations, that holds 95 % of the positions of a
  /// circular two-dimensional Gaussian: √(−2 ln 0.05) ≈ 2.4477. gpsd's `CEP95_SIGMA`
  /// (2.45), the confidence it reports `eph` at, rounds it.
  public static let circular95RadiusInSigmas = (-2 * log(0.05)).squareRoot()

  /// The two-sided 95 % bound of a one-dimensional Gaussian in standard deviations: 1.96.
  public static let linear95BoundInSigmas = 1.959_963_984_540_054

  /// The horizontal accuracy in the convention of `Fix`, a one-sigma-like radius
  /// (the 2-D RMS error, DRMS) in meters, made from gpsd's 95 % error figures alone; `nil`
  /// when gpsd sent no horizontal error. ``fix(sky:arrivalTime:)`` prefers
  /// ``horizontalAccuracyMeters(horizontalDilution:)`` when the receiver reported an HDOP.
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
  /// both give √2 σ. A negative error stays negative (invalid); the gate judges it.
  public var horizontalAccuracyMeters: Double? {
    if let eph = horizontalErrorMeters {
      return eph * 2.0.squareRoot() / Self.circular95RadiusInSigmas
    }
    if let epx = longitudeErrorMeters, let epy = latitudeErrorMeters {
      return (epx * epx + epy * epy).squareRoot() / Self.linear95BoundInSigmas
    }
    return nil
  }

  /// The one-sigma user-equivalent range error (UERE) in meters that turns the receiver's
  /// HDOP into a horizontal accuracy for this report's fix status; `nil` when HDOP says
  /// nothing about the position (dead reckoning, surveyed-in, simulated: status 5, 7, 8).
  ///
  /// The same figures as `NMEAReader` in TrackSiftFormats uses for GGA qualities, so a
  /// receiver's fixes get the same accuracy through gpsd as from its NMEA log: 5 m for
  /// autonomous and P(Y) fixes, 1.25 m for DGPS/SBAS (status 2), 0.5 m for RTK float
  /// (status 4), 0.05 m for RTK fixed (status 3). 5 m is the upper end of today's open-sky
  /// receivers (3-5 m DRMS at HDOP near 1), below gpsd's 1990s model (15 m at 95 % per unit
  /// of HDOP, 7.5 m DRMS); the others keep gpsd's DGPS ratio and RTK receivers' classes.
  public var userEquivalentRangeErrorMeters: Double? {
    switch status {
    case 2: 1.25
    case 3: 0.05
    case 4: 0.5
    case 5, 7, 8: nil
    default: ReceiverStatus.autonomousRangeErrorMeters
    }
  }

  /// The horizontal accuracy (2-D RMS, meters) from the receiver's HDOP:
  /// `HDOP × ``userEquivalentRangeErrorMeters```, as `NMEAReader` makes it from the same
  /// receiver's GGA or GSA; `nil` for an HDOP outside ``GPSDFieldBounds/dilution`` (0 means
  /// unknown) or a status whose HDOP says nothing.
  ///
  /// gpsd's own `eph` for an NMEA receiver is HDOP × 19 m and its `epx`, `epy` are gpsd's
  /// dilutions × 15 m, all at 95 % and meant for receivers of the 1990s; converted to DRMS
  /// that is HDOP × 11 m, twice the NMEA reader's estimate, and a fix at HDOP 5 would pass
  /// the running profile's ceiling from a log but not from gpsd.
  public func horizontalAccuracyMeters(horizontalDilution: Double?) -> Double? {
    guard let hdop = GPSDFieldBounds.checked(horizontalDilution, GPSDFieldBounds.dilution),
      let uere = userEquivalentRangeErrorMeters
    else { return nil }
    return hdop * uere
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

  /// The fix this report describes, or `nil` when it has none: no time (or one outside
  /// ``GPSDFieldBounds/time``), a mode other than 2 or 3, or no latitude or longitude.
  ///
  /// - Position as reported; altitude above mean sea level (`altMSL`, else the legacy `alt`),
  ///   as NMEA GGA gives it and `NMEAReader` keeps it, and only for a 3-D fix (a 2-D fix has
  ///   no altitude of its own). The ellipsoidal `altHAE` is not used: mixing the two would
  ///   put steps of the geoid separation (tens of meters) into a track.
  /// - Horizontal accuracy from the receiver's HDOP (the SKY report's `hdop`) when there is
  ///   one, ``horizontalAccuracyMeters(horizontalDilution:)``, exactly as `NMEAReader` makes
  ///   it; else from gpsd's 95 % errors, ``horizontalAccuracyMeters``. An `eph` without a
  ///   SKY report is usually the receiver's own estimate (a u-blox `hAcc`, a Garmin `PGRME`),
  ///   which the 95 %-to-DRMS factor converts; for an NMEA receiver that sends no GSA it is
  ///   gpsd's HDOP × 19 m, converted alike (about twice the NMEA reader's figure). For a
  ///   status whose HDOP says nothing (dead reckoning, surveyed-in, simulated) the fix has no
  ///   accuracy when there is an HDOP, as from NMEA.
  /// - Other accuracies converted from gpsd's 95 % figures to one sigma
  ///   (``verticalAccuracyMeters``, ``courseAccuracyDegrees``).
  /// - Speed (`speed`) and course (`track`) as reported.
  /// - Fields outside ``GPSDFieldBounds`` (altitude, speed, course, dilutions) are left out.
  /// - Receiver status: fix type from `status` (DGPS and RTK are
  ///   `ReceiverStatus.FixType.differential`, P(Y) is
  ///   `ReceiverStatus.FixType.precise`), else from the mode (2-D, 3-D);
  ///   satellites used and HDOP, VDOP, PDOP from `sky` when it is from the same device (or
  ///   either does not name one).
  /// - Source: `FixSource.satellite`, except for dead reckoning and surveyed-in
  ///   positions (status 5 and 7: `FixSource.unknown`) and simulation (status 8:
  ///   `FixSource.simulated`), as `NMEAReader` treats GGA qualities 6 to 8.
  ///
  /// - Parameters:
  ///   - sky: the latest SKY report, or `nil`.
  ///   - arrivalTime: when the report was read, for `Fix.arrivalTime`.
  public func fix(sky: GPSDSkyReport? = nil, arrivalTime: Date? = nil) -> Fix? {
    guard hasFix, let time = GPSDFieldBounds.checked(time, GPSDFieldBounds.time),
      let latitudeDegrees, let longitudeDegrees
    else { return nil }
    let sky = sky.flatMap { sky in
      sky.device == nil || device == nil || sky.device == device ? sky : nil
    }
    let dilution = { (value: Double?) in GPSDFieldBounds.checked(value, GPSDFieldBounds.dilution) }
    let hdop = dilution(sky?.horizontalDilution)
    let horizontalAccuracy =
      hdop == nil
      ? horizontalAccuracyMeters : horizontalAccuracyMeters(horizontalDilution: hdop)
    let altitude = GPSDFieldBounds.checked(
      meanSeaLevelAltitudeMeters, GPSDFieldBounds.altitudeMeters)
    return Fix(
      timestamp: time,
      arrivalTime: arrivalTime,
      latitudeDegrees: latitudeDegrees,
      longitudeDegrees: longitudeDegrees,
      altitudeMeters: mode == 3 ? altitude : nil,
      horizontalAccuracyMeters: horizontalAccuracy,
      verticalAccuracyMeters: mode == 3 && altitude != nil ? verticalAccuracyMeters : nil,
      speedMetersPerSecond: GPSDFieldBounds.checked(
        speedMetersPerSecond, GPSDFieldBounds.speedMetersPerSecond),
      // Not `speedAccuracyMetersPerSecond`: see its documentation.
      courseDegrees: GPSDFieldBounds.checked(courseDegrees, GPSDFieldBounds.courseDegrees),
      courseAccuracyDegrees: courseAccuracyDegrees,
      source: source,
      receiver: ReceiverStatus(
        fixType: fixType,
        satellitesUsed: sky?.satellitesUsed,
        horizontalDilution: hdop,
        verticalDilution: dilution(sky?.verticalDilution),
        positionDilution: dilution(sky?.positionDilution)))
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
