import Foundation

/// The physical ranges outside which a gpsd field cannot be a measurement, so that
/// ``GPSDTPVReport/fix(sky:arrivalTime:)`` leaves such a field out of the fix (`nil`) instead
/// of passing it on to figures, stores and formatters.
///
/// gpsd passes on what a receiver (or a fake, or a corrupted line) sends: an `alt` of 1e20 is
/// valid JSON. A field outside its bounds is refused alone; the position stays and the gate
/// judges it. Latitude, longitude and accuracies are not bounded here: the gate refuses a fix
/// with coordinates out of range or an accuracy above its ceiling, with a reason code.
public enum GPSDFieldBounds {
  /// Altitudes a receiver can report, in meters above mean sea level: from −1,000 m (the
  /// lowest dry land, the Dead Sea shore, is at −430 m; the margin covers a poor fix's
  /// vertical error there) to 50,000 m (the ceiling of u-blox's airborne dynamic models, the
  /// highest any consumer receiver navigates; stratospheric balloons burst below it).
  public static let altitudeMeters: ClosedRange<Double> = -1_000...50_000

  /// Ground speeds a receiver can report, in meters per second: 0 to 600 m/s. Export rules
  /// (the CoCom limits) make consumer receivers stop reporting above 1,000 knots (514 m/s);
  /// 600 m/s leaves room for an airliner's or a fighter's unrestricted receiver, and anything
  /// faster is a decoding error. A negative speed is not a speed.
  public static let speedMetersPerSecond: ClosedRange<Double> = 0...600

  /// Fix times a GNSS receiver can report: from the GPS epoch, 1980-01-06 00:00:00 UTC (no
  /// GNSS time exists before it), to 2100-01-01 00:00:00 UTC (NMEA's two-digit years read as
  /// 1980-2079 at most; the rest is margin). A TPV with a time outside gives no fix: a fix
  /// needs a time.
  public static let time: ClosedRange<Date> =
    Date(timeIntervalSince1970: 315_964_800)...Date(timeIntervalSince1970: 4_102_444_800)

  /// Course over ground, in degrees: 0 up to (not including) 360 as gpsd reports it; a
  /// course of exactly 360 is accepted as north.
  public static let courseDegrees: ClosedRange<Double> = 0...360

  /// Dilutions of precision a receiver can report: above 0 (0 means unknown in NMEA) up to
  /// 99.99, the largest value NMEA's `x.x` fields conventionally carry (99.99 is also how many
  /// receivers say "no solution").
  public static let dilution: ClosedRange<Double> = .leastNonzeroMagnitude...99.99

  /// `value` when it lies within `bounds`, else `nil` (`nil` stays `nil`).
  static func checked<T: Comparable>(_ value: T?, _ bounds: ClosedRange<T>) -> T? {
    guard let value, bounds.contains(value) else { return nil }
    return value
  }
}
