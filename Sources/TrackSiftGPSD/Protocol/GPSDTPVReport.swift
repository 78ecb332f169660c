import Foundation

/// gpsd's `TPV` (time-position-velocity) report, field by field, as gpsd sent it.
///
/// Every field but ``mode`` is optional: gpsd leaves out what it does not know (the first
/// reports of a session often have no time). Values are kept as reported, absurd ones
/// included; ``fix(sky:arrivalTime:)`` turns the report into a `Fix` and
/// `FixGate` judges it.
///
/// The error estimates (`eph`, `epx`, `epy`, `epv`, `eps`, `epd`) are gpsd's, at its
/// documented 95 % confidence; the `…AccuracyMeters` properties convert them to the one-sigma
/// convention of `Fix` (see ``horizontalAccuracyMeters``).
public struct GPSDTPVReport: Sendable, Hashable {
  /// The device that produced the report.
  public var device: String?
  /// gpsd's fix mode: 0 (not seen yet) or 1 (no fix), 2 (2-D fix), 3 (3-D fix).
  public var mode: Int
  /// gpsd's fix status, when sent: 1 normal, 2 DGPS, 3 RTK fixed, 4 RTK float, 5 dead
  /// reckoning, 6 GNSS and dead reckoning, 7 time only (surveyed-in), 8 simulated, 9 P(Y).
  public var status: Int?
  /// The time of the fix (`time`), from the receiver.
  public var time: Date?
  /// Latitude in degrees, north positive (`lat`).
  public var latitudeDegrees: Double?
  /// Longitude in degrees, east positive (`lon`).
  public var longitudeDegrees: Double?
  /// Altitude above the WGS84 ellipsoid in meters (`altHAE`).
  public var ellipsoidalAltitudeMeters: Double?
  /// Altitude above mean sea level in meters (`altMSL`, or the legacy `alt` of gpsd before
  /// 3.20, which was also above mean sea level).
  public var meanSeaLevelAltitudeMeters: Double?
  /// Estimated horizontal position error in meters, 95 % (`eph`).
  public var horizontalErrorMeters: Double?
  /// Estimated longitude (east-west) error in meters, 95 % (`epx`).
  public var longitudeErrorMeters: Double?
  /// Estimated latitude (north-south) error in meters, 95 % (`epy`).
  public var latitudeErrorMeters: Double?
  /// Estimated vertical error in meters, 95 % (`epv`).
  public var verticalErrorMeters: Double?
  /// Ground speed in meters per second (`speed`).
  public var speedMetersPerSecond: Double?
  /// Estimated speed error in meters per second, 95 % (`eps`).
  public var speedErrorMetersPerSecond: Double?
  /// Course over ground in degrees from true north (`track`).
  public var courseDegrees: Double?
  /// Estimated course error in degrees, 95 % (`epd`).
  public var courseErrorDegrees: Double?
  /// Vertical speed in meters per second, up positive (`climb`).
  public var climbMetersPerSecond: Double?

  /// Creates a report; only the mode is required.
  public init(
    device: String? = nil,
    mode: Int,
    status: Int? = nil,
    time: Date? = nil,
    latitudeDegrees: Double? = nil,
    longitudeDegrees: Double? = nil,
    ellipsoidalAltitudeMeters: Double? = nil,
    meanSeaLevelAltitudeMeters: Double? = nil,
    horizontalErrorMeters: Double? = nil,
    longitudeErrorMeters: Double? = nil,
    latitudeErrorMeters: Double? = nil,
    verticalErrorMeters: Double? = nil,
    speedMetersPerSecond: Double? = nil,
    speedErrorMetersPerSecond: Double? = nil,
    courseDegrees: Double? = nil,
    courseErrorDegrees: Double? = nil,
    climbMetersPerSecond: Double? = nil
  ) {
    self.device = device
    self.mode = mode
    self.status = status
    self.time = time
    self.latitudeDegrees = latitudeDegrees
    self.longitudeDegrees = longitudeDegrees
    self.ellipsoidalAltitudeMeters = ellipsoidalAltitudeMeters
    self.meanSeaLevelAltitudeMeters = meanSeaLevelAltitudeMeters
    self.horizontalErrorMeters = horizontalErrorMeters
    self.longitudeErrorMeters = longitudeErrorMeters
    self.latitudeErrorMeters = latitudeErrorMeters
    self.verticalErrorMeters = verticalErrorMeters
    self.speedMetersPerSecond = speedMetersPerSecond
    self.speedErrorMetersPerSecond = speedErrorMetersPerSecond
    self.courseDegrees = courseDegrees
    self.courseErrorDegrees = courseErrorDegrees
    self.climbMetersPerSecond = climbMetersPerSecond
  }

  /// True for a 2-D or 3-D fix (mode 2 or 3); modes 0 and 1, and any other value, are not
  /// fixes.
  public var hasFix: Bool { mode == 2 || mode == 3 }
}
