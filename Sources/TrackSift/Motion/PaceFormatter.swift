/// Converts speeds to paces and formats paces as `m:ss` or `h:mm:ss` per kilometer or mile.
public enum PaceFormatter {
  /// The text shown when no pace is known (no speed, standing, or a bad value).
  public static let unknownPace = "--:--"

  /// Paces at or beyond this many seconds per unit (100 hours) are shown as ``unknownPace``:
  /// they mean "standing" in practice, and the cap keeps the integer conversion safe.
  private static let slowestShownSecondsPerUnit = 360_000.0

  /// The pace in seconds per kilometer or mile for a speed.
  ///
  /// - Parameters:
  ///   - speed: the speed in meters per second.
  ///   - unit: the distance unit of the pace.
  /// - Returns: seconds per unit, or `nil` when the speed is not finite or not above zero (or
  ///   so small that the pace is not finite).
  public static func secondsPerUnit(fromMetersPerSecond speed: Double, unit: SplitUnit) -> Double? {
    guard speed.isFinite, speed > 0 else { return nil }
    let seconds = unit.lengthMeters / speed
    return seconds.isFinite ? seconds : nil
  }

  /// Formats a pace given per kilometer in the requested unit.
  ///
  /// The pace is rounded to the nearest whole second before it is split into fields, so
  /// 299.6 s reads `5:00`, never `4:60`. Paces under an hour read `m:ss`, from an hour on
  /// `h:mm:ss`.
  ///
  /// - Parameters:
  ///   - secondsPerKilometer: the pace in seconds per kilometer; converted to seconds per mile
  ///     when `unit` is ``SplitUnit/mile``.
  ///   - unit: the unit to show the pace in.
  /// - Returns: the formatted pace, or ``unknownPace`` for `nil`, a value that is not finite,
  ///   a value not above zero, or a pace of 100 hours or more.
  public static func string(secondsPerKilometer: Double?, unit: SplitUnit) -> String {
    guard let secondsPerKilometer, secondsPerKilometer.isFinite, secondsPerKilometer > 0 else {
      return unknownPace
    }
    let rounded = (secondsPerKilometer * unit.lengthMeters / 1_000).rounded()
    guard rounded < slowestShownSecondsPerUnit else { return unknownPace }
    let totalSeconds = Int(rounded)
    let hours = totalSeconds / 3_600
    let minutes = totalSeconds % 3_600 / 60
    let seconds = totalSeconds % 60
    if hours > 0 {
      return "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))"
    }
    return "\(minutes):\(twoDigits(seconds))"
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
