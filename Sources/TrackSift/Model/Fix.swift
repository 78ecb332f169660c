import Foundation

/// One location fix as a receiver reported it.
///
/// Every optional field is `nil` when unknown; no field uses a magic number for "unknown" in its
/// API. Values are kept as reported, including invalid ones (a negative accuracy, a speed of -1):
/// judging them is the job of ``FixGate``, which gives every fix a ``Verdict``.
///
/// Accuracy convention: `horizontalAccuracyMeters` is a one-sigma-like radius (about 63-68 %
/// of fixes lie within it), as iOS `horizontalAccuracy` and Android `getAccuracy()` report.
/// Readers of formats with other conventions (gpsd's 95 % figures, HDOP) convert to it.
///
/// Storage is compact (160 bytes a fix, so a million fixes fit in 160 MB): optional
/// values are held as NaN internally and exposed as `nil`. Equality treats two unknowns as
/// equal.
public struct Fix: Sendable {
  // Seconds since the reference date; NaN when unknown.
  private var storedTimestamp: Double
  private var storedArrivalTime: Double
  /// WGS84 latitude in degrees, north positive.
  public var latitudeDegrees: Double
  /// WGS84 longitude in degrees, east positive.
  public var longitudeDegrees: Double
  private var storedAltitude: Double
  private var storedHorizontalAccuracy: Double
  private var storedVerticalAccuracy: Double
  private var storedSpeed: Double
  private var storedSpeedAccuracy: Double
  private var storedCourse: Double
  private var storedCourseAccuracy: Double
  /// Where the position came from.
  public var source: FixSource
  // Declared beside `source`, so that the byte it takes is padding already there.
  /// What the refined figures counted over the step into this fix, where the fix comes from a
  /// file TrackSift cleaned; `nil` for every other fix.
  public var cleanedMotion: CleanedMotion?
  /// What the receiver said about its solution (dilution, satellites, fix type).
  public var receiver: ReceiverStatus
  /// Sensor readings recorded with the fix.
  public var sensors: SensorValues

  /// Creates a fix. Only the position is required.
  public init(
    timestamp: Date? = nil,
    arrivalTime: Date? = nil,
    latitudeDegrees: Double,
    longitudeDegrees: Double,
    altitudeMeters: Double? = nil,
    horizontalAccuracyMeters: Double? = nil,
    verticalAccuracyMeters: Double? = nil,
    speedMetersPerSecond: Double? = nil,
    speedAccuracyMetersPerSecond: Double? = nil,
    courseDegrees: Double? = nil,
    courseAccuracyDegrees: Double? = nil,
    source: FixSource = .unknown,
    receiver: ReceiverStatus = ReceiverStatus(),
    sensors: SensorValues = SensorValues(),
    cleanedMotion: CleanedMotion? = nil
  ) {
    storedTimestamp = timestamp?.timeIntervalSinceReferenceDate ?? .nan
    storedArrivalTime = arrivalTime?.timeIntervalSinceReferenceDate ?? .nan
    self.latitudeDegrees = latitudeDegrees
    self.longitudeDegrees = longitudeDegrees
    storedAltitude = altitudeMeters ?? .nan
    storedHorizontalAccuracy = horizontalAccuracyMeters ?? .nan
    storedVerticalAccuracy = verticalAccuracyMeters ?? .nan
    storedSpeed = speedMetersPerSecond ?? .nan
    storedSpeedAccuracy = speedAccuracyMetersPerSecond ?? .nan
    storedCourse = courseDegrees ?? .nan
    storedCourseAccuracy = courseAccuracyDegrees ?? .nan
    self.source = source
    self.receiver = receiver
    self.sensors = sensors
    self.cleanedMotion = cleanedMotion
  }

  /// The time of the fix itself (from the satellites), or `nil` when the source has no time.
  /// Ordering and speed use this time only.
  public var timestamp: Date? {
    get { storedTimestamp.isNaN ? nil : Date(timeIntervalSinceReferenceDate: storedTimestamp) }
    set { storedTimestamp = newValue?.timeIntervalSinceReferenceDate ?? .nan }
  }

  /// The fix time in seconds since 2001-01-01 UTC, or `nil`; cheaper than ``timestamp`` in loops.
  public var timeSeconds: Double? { storedTimestamp.isNaN ? nil : storedTimestamp }

  /// ``timeSeconds`` when it is finite (an infinite time orders nothing).
  var finiteTimeSeconds: Double? { storedTimestamp.isFinite ? storedTimestamp : nil }

  /// When the fix reached the app (the device clock); used only to judge staleness.
  public var arrivalTime: Date? {
    get {
      storedArrivalTime.isNaN ? nil : Date(timeIntervalSinceReferenceDate: storedArrivalTime)
    }
    set { storedArrivalTime = newValue?.timeIntervalSinceReferenceDate ?? .nan }
  }

  /// Altitude in meters (above the ellipsoid or mean sea level, as the source gives it).
  public var altitudeMeters: Double? {
    get { storedAltitude.isNaN ? nil : storedAltitude }
    set { storedAltitude = newValue ?? .nan }
  }

  /// Horizontal accuracy radius in meters; negative means invalid.
  public var horizontalAccuracyMeters: Double? {
    get { storedHorizontalAccuracy.isNaN ? nil : storedHorizontalAccuracy }
    set { storedHorizontalAccuracy = newValue ?? .nan }
  }

  /// Vertical accuracy in meters; zero or negative means the altitude is invalid.
  public var verticalAccuracyMeters: Double? {
    get { storedVerticalAccuracy.isNaN ? nil : storedVerticalAccuracy }
    set { storedVerticalAccuracy = newValue ?? .nan }
  }

  /// Reported (Doppler) ground speed in meters per second; negative means invalid.
  public var speedMetersPerSecond: Double? {
    get { storedSpeed.isNaN ? nil : storedSpeed }
    set { storedSpeed = newValue ?? .nan }
  }

  /// Accuracy of the reported speed in meters per second.
  public var speedAccuracyMetersPerSecond: Double? {
    get { storedSpeedAccuracy.isNaN ? nil : storedSpeedAccuracy }
    set { storedSpeedAccuracy = newValue ?? .nan }
  }

  /// Course over ground in degrees clockwise from true north; negative means invalid.
  public var courseDegrees: Double? {
    get { storedCourse.isNaN ? nil : storedCourse }
    set { storedCourse = newValue ?? .nan }
  }

  /// Accuracy of the course in degrees.
  public var courseAccuracyDegrees: Double? {
    get { storedCourseAccuracy.isNaN ? nil : storedCourseAccuracy }
    set { storedCourseAccuracy = newValue ?? .nan }
  }

  /// The position alone.
  public var coordinate: Coordinate {
    Coordinate(latitudeDegrees: latitudeDegrees, longitudeDegrees: longitudeDegrees)
  }

  /// The reported speed when it is usable: not negative, and at most
  /// ``maximumReportedSpeedMetersPerSecond``.
  public var validSpeedMetersPerSecond: Double? {
    storedSpeed >= 0 && storedSpeed <= Self.maximumReportedSpeedMetersPerSecond
      ? storedSpeed : nil
  }

  /// The fastest speed a receiver reports, in meters per second: 1,000 knots. Export rules
  /// (the CoCom limits) make every civil GNSS receiver stop reporting above it, so a faster
  /// reported speed is a corrupt value, never a measurement.
  public static let maximumReportedSpeedMetersPerSecond = 514.4

  /// The reported speed accuracy when it is usable: finite and greater than zero.
  public var validSpeedAccuracyMetersPerSecond: Double? {
    speedAccuracyMetersPerSecond.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
  }

  /// The reported course when it is usable: finite and within 0..<360 degrees.
  public var validCourseDegrees: Double? {
    storedCourse.isFinite && storedCourse >= 0 && storedCourse < 360 ? storedCourse : nil
  }

  /// The reported (Doppler) velocity east and north in meters per second, from the valid
  /// speed and course; `nil` without either.
  public var reportedVelocity: Velocity? {
    guard let speed = validSpeedMetersPerSecond, let course = validCourseDegrees else {
      return nil
    }
    return Velocity(speedMetersPerSecond: speed, courseDegrees: course)
  }

  /// The reported horizontal accuracy when it is usable: finite and greater than zero.
  /// Zero is treated as unknown, never as perfect.
  public var validHorizontalAccuracyMeters: Double? {
    storedHorizontalAccuracy.isFinite && storedHorizontalAccuracy > 0
      ? storedHorizontalAccuracy : nil
  }

  /// The altitude when it is usable: finite, and not flagged invalid by a vertical accuracy
  /// of zero or less.
  public var validAltitudeMeters: Double? {
    guard storedAltitude.isFinite else { return nil }
    if !storedVerticalAccuracy.isNaN, !(storedVerticalAccuracy > 0) { return nil }
    return storedAltitude
  }
}

extension Fix {
  /// The fix with a horizontal accuracy from its HDOP when it states none
  /// (``ReceiverStatus/horizontalAccuracyFromDilutionMeters``); otherwise unchanged.
  ///
  /// The pipeline applies it to every fix it takes, live and batch alike, so that a GPX, FIT
  /// or hand-made fix with only an HDOP is judged and filtered as an NMEA one is. An accuracy
  /// the fix states (even an invalid one) is left for the gate to judge.
  ///
  /// - Complexity: O(1).
  public var withAccuracyFromDilution: Fix {
    guard horizontalAccuracyMeters == nil,
      let accuracy = receiver.horizontalAccuracyFromDilutionMeters
    else { return self }
    var fix = self
    fix.horizontalAccuracyMeters = accuracy
    return fix
  }
}
