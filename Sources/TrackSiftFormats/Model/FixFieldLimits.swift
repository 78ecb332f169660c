import TrackSift

/// The physically possible range of each numeric field of a fix, and the screen every reader
/// passes its fixes through, so that no 1e20 altitude or 1e19 time reaches a formatter or an
/// integer conversion later. Every value out of range is counted in ``RefusedFieldCounts``:
///
/// - a time, altitude, speed, course or sensor reading outside its range, or not finite, is
///   refused: read as unknown (`nil`);
/// - an accuracy or dilution of precision beyond its bound (infinity included) is held at the
///   bound instead: it says the value it qualifies is worthless, and unknown would say less
///   (real receivers write such figures: a Motion Mini logger's speed accuracy of 999 m/s
///   beside a 268 m/s speed spike). The bound still fails every ceiling of the gate. A
///   negative dilution is refused.
///
/// The fix itself is kept; judging it is the gate's work. Negative accuracies, speeds and
/// courses are kept: platforms write -1 to mean "invalid" (iOS `CLLocation`), and `Fix`
/// keeps that flag for the gate; their magnitude is held to the same bound as a positive
/// value. NaN is unknown, as everywhere, and not counted.
///
/// Latitude and longitude are not screened here: the gate refuses a fix whose position is out
/// of range with its own reason code.
public enum FixFieldLimits {
  /// Fix times from 1900-01-01 up to (not including) 2100-01-01 UTC, in seconds since the
  /// reference date (2001-01-01). The lower bound comes before the earliest time a 32-bit Unix
  /// clock can hold (1901-12-13, which a device with a broken clock writes), the Unix epoch
  /// (1970-01-01) where a reset clock starts, and the GPS epoch (1980-01-06), so a real log
  /// with a wrong clock stays readable. The upper bound is three quarters of a century after
  /// any log written today; beyond it lie only values that are not times at all, such as
  /// epoch milliseconds read as seconds (the year 56301) or 1e19.
  public static let timeSeconds: ClosedRange<Double> = -3_187_296_000...3_124_137_599

  /// Altitudes from -1,500 m to 60,000 m. The lowest dry land is the Dead Sea shore, about
  /// -430 m; below it the margin covers the geoid-ellipsoid separation (down to about -106 m)
  /// and a poor fix's vertical error, and a mine shaft. Unmanned balloons have flown to about
  /// 53 km, the highest an activity recording comes from (receivers under the CoCom limits stop
  /// at 18,000 m, others do not).
  public static let altitudeMeters: ClosedRange<Double> = -1_500...60_000

  /// Speeds up to 515 m/s: the CoCom limit (1,000 knots, 514.4 m/s), above which a civilian
  /// receiver reports no fix. Negative values (the invalid flag) down to the same magnitude.
  public static let speedMetersPerSecond: ClosedRange<Double> = -515...515

  /// Horizontal and vertical accuracies up to 20,000 km: no point of the Earth is farther than
  /// that (half a meridian, 20,004 km) from any other, so a larger error radius says nothing.
  /// Network (cell) positions of a few kilometres stay well inside.
  public static let accuracyMeters: ClosedRange<Double> = -20_000_000...20_000_000

  /// Speed accuracies up to the speed of light (299,792,458 m/s): no speed, and so no
  /// uncertainty of one, says more beyond it.
  public static let speedAccuracyMetersPerSecond: ClosedRange<Double> =
    -299_792_458...299_792_458

  /// Courses and course accuracies within one turn either way: 360° is sometimes written for
  /// north, negative values are the invalid flag, and a course uncertain by a whole turn is no
  /// course.
  public static let courseDegrees: ClosedRange<Double> = -360...360

  /// Dilutions of precision from 0 to 1,000: NMEA writes 99.99 (some receivers 999.9) for
  /// "unknown", and a dilution is a ratio that cannot be negative.
  public static let dilution: ClosedRange<Double> = 0...1_000

  /// Heart rates up to 300 beats per minute (a young athlete's maximum is near 220; the margin
  /// covers a strap's glitches) and not negative.
  public static let heartRateBeatsPerMinute: ClosedRange<Double> = 0...300

  /// Cadences up to 500 per minute: a sprint runner's 240 steps, counted per foot pair by some
  /// watches and per step by others, and a track cyclist's 250 revolutions.
  public static let cadencePerMinute: ClosedRange<Double> = 0...500

  /// Power up to 5,000 W: track sprinters peak near 2,500 W.
  public static let powerWatts: ClosedRange<Double> = 0...5_000

  /// Temperatures from -100 °C to 100 °C: the coldest air measured is -89.2 °C (Vostok), and a
  /// device in the sun can read far above the hottest air (56.7 °C).
  public static let temperatureCelsius: ClosedRange<Double> = -100...100

  /// Distances of a device's totals up to 100,000 km: two and a half times round the Earth,
  /// more than any recorded activity (a round-the-world ride is about 29,000 km).
  public static let totalDistanceMeters: ClosedRange<Double> = 0...100_000_000

  /// Durations of a device's totals up to 10 years: an expedition's log spans months.
  public static let totalDurationSeconds: ClosedRange<Double> = 0...315_576_000

  /// Climb and descent of a device's totals up to 10,000 km, a hundred times the distance
  /// bound's climbing at a 10 % grade.
  public static let totalClimbMeters: ClosedRange<Double> = 0...10_000_000

  /// Energy of a device's totals up to 10 million kilocalories (10,000 a day for years).
  public static let kilocalories: ClosedRange<Double> = 0...10_000_000

  /// Refuses every field of `fix` outside its range, or not finite, setting it to `nil` and
  /// counting it in `refused`.
  ///
  /// - Complexity: O(1).
  public static func screen(_ fix: inout Fix, refused: inout RefusedFieldCounts) {
    // Nearly every fix of a real file is wholly in range: one read-only pass decides that,
    // without the write-back of each field the counting pass below costs.
    if isInRange(fix) { return }
    screenOutOfRange(&fix, refused: &refused)
  }

  /// Whether every known field of `fix` that ``screen(_:refused:)`` screens is finite and in
  /// its range, so that the screen leaves the fix and the counts unchanged.
  @inline(__always)
  private static func isInRange(_ fix: Fix) -> Bool {
    // NaN and infinity fail both comparisons; unknown (`nil`) passes.
    @inline(__always) func within(_ value: Double?, _ range: ClosedRange<Double>) -> Bool {
      guard let value else { return true }
      return value >= range.lowerBound && value <= range.upperBound
    }
    return within(fix.timeSeconds, timeSeconds)
      && within(fix.arrivalTime?.timeIntervalSinceReferenceDate, timeSeconds)
      && within(fix.altitudeMeters, altitudeMeters)
      && within(fix.horizontalAccuracyMeters, accuracyMeters)
      && within(fix.verticalAccuracyMeters, accuracyMeters)
      && within(fix.speedMetersPerSecond, speedMetersPerSecond)
      && within(fix.speedAccuracyMetersPerSecond, speedAccuracyMetersPerSecond)
      && within(fix.courseDegrees, courseDegrees)
      && within(fix.courseAccuracyDegrees, courseDegrees)
      && within(fix.receiver.horizontalDilution, dilution)
      && within(fix.receiver.verticalDilution, dilution)
      && within(fix.receiver.positionDilution, dilution)
      && within(fix.sensors.heartRateBeatsPerMinute, heartRateBeatsPerMinute)
      && within(fix.sensors.cadencePerMinute, cadencePerMinute)
      && within(fix.sensors.powerWatts, powerWatts)
      && within(fix.sensors.temperatureCelsius, temperatureCelsius)
  }

  // The counting pass of `screen` for a fix with a field out of range.
  private static func screenOutOfRange(_ fix: inout Fix, refused: inout RefusedFieldCounts) {
    func isValid(_ value: Double, _ range: ClosedRange<Double>) -> Bool {
      value.isFinite && range.contains(value)
    }
    func replace(_ value: inout Double?, _ range: ClosedRange<Double>, _ field: FixField) {
      guard let current = value, !isValid(current, range) else { return }
      value = nil
      refused.refuse(field)
    }
    // An accuracy or dilution: held at the bound it passes (refused below 0 for a dilution).
    func hold(_ value: inout Double?, _ range: ClosedRange<Double>, _ field: FixField) {
      guard let current = value, !isValid(current, range) else { return }
      refused.refuse(field)
      if current > range.upperBound {
        value = range.upperBound
      } else {
        value = range.lowerBound < 0 ? range.lowerBound : nil
      }
    }
    if let time = fix.timeSeconds, !isValid(time, timeSeconds) {
      fix.timestamp = nil
      refused.refuse(.time)
    }
    if let arrival = fix.arrivalTime?.timeIntervalSinceReferenceDate,
      !isValid(arrival, timeSeconds)
    {
      fix.arrivalTime = nil
      refused.refuse(.arrivalTime)
    }
    replace(&fix.altitudeMeters, altitudeMeters, .altitude)
    hold(&fix.horizontalAccuracyMeters, accuracyMeters, .horizontalAccuracy)
    hold(&fix.verticalAccuracyMeters, accuracyMeters, .verticalAccuracy)
    replace(&fix.speedMetersPerSecond, speedMetersPerSecond, .speed)
    hold(&fix.speedAccuracyMetersPerSecond, speedAccuracyMetersPerSecond, .speedAccuracy)
    replace(&fix.courseDegrees, courseDegrees, .course)
    hold(&fix.courseAccuracyDegrees, courseDegrees, .courseAccuracy)
    hold(&fix.receiver.horizontalDilution, dilution, .dilution)
    hold(&fix.receiver.verticalDilution, dilution, .dilution)
    hold(&fix.receiver.positionDilution, dilution, .dilution)
    replace(&fix.sensors.heartRateBeatsPerMinute, heartRateBeatsPerMinute, .heartRate)
    replace(&fix.sensors.cadencePerMinute, cadencePerMinute, .cadence)
    replace(&fix.sensors.powerWatts, powerWatts, .power)
    replace(&fix.sensors.temperatureCelsius, temperatureCelsius, .temperature)
  }

  /// Refuses every field of `totals` outside its range, or not finite, counting each as a
  /// ``FixField/deviceTotal``; a start time outside ``timeSeconds`` counts as a ``FixField/time``.
  ///
  /// - Complexity: O(1).
  public static func screen(_ totals: inout DeviceTotals, refused: inout RefusedFieldCounts) {
    func replace(_ value: inout Double?, _ range: ClosedRange<Double>) {
      guard let current = value, !(current.isFinite && range.contains(current)) else { return }
      value = nil
      refused.refuse(.deviceTotal)
    }
    if let start = totals.startTime?.timeIntervalSinceReferenceDate,
      !(start.isFinite && timeSeconds.contains(start))
    {
      totals.startTime = nil
      refused.refuse(.time)
    }
    replace(&totals.distanceMeters, totalDistanceMeters)
    replace(&totals.timerTimeSeconds, totalDurationSeconds)
    replace(&totals.elapsedTimeSeconds, totalDurationSeconds)
    replace(&totals.ascentMeters, totalClimbMeters)
    replace(&totals.descentMeters, totalClimbMeters)
    replace(&totals.averageSpeedMetersPerSecond, 0...speedMetersPerSecond.upperBound)
    replace(&totals.maximumSpeedMetersPerSecond, 0...speedMetersPerSecond.upperBound)
    replace(&totals.averageHeartRateBeatsPerMinute, heartRateBeatsPerMinute)
    replace(&totals.maximumHeartRateBeatsPerMinute, heartRateBeatsPerMinute)
    replace(&totals.kilocalories, kilocalories)
  }

  /// Screens every fix of `track` (see ``screen(_:refused:)``).
  /// - Complexity: O(n) in the number of fixes.
  public static func screen(_ track: inout Track, refused: inout RefusedFieldCounts) {
    for segment in track.segments.indices {
      for index in track.segments[segment].fixes.indices {
        screen(&track.segments[segment].fixes[index], refused: &refused)
      }
    }
  }
}
