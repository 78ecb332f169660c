/// A numeric field of a fix (or of a device's totals) that a reader range-checks (see ``FixFieldLimits``).
public enum FixField: String, Sendable, Hashable, CaseIterable, Comparable {
  /// The fix time.
  case time
  /// The arrival time (when the fix reached the app).
  case arrivalTime
  /// The altitude.
  case altitude
  /// The horizontal accuracy.
  case horizontalAccuracy
  /// The vertical accuracy.
  case verticalAccuracy
  /// The reported speed.
  case speed
  /// The accuracy of the reported speed.
  case speedAccuracy
  /// The course over ground.
  case course
  /// The accuracy of the course.
  case courseAccuracy
  /// A dilution of precision (HDOP, VDOP or PDOP).
  case dilution
  /// The heart rate.
  case heartRate
  /// The cadence.
  case cadence
  /// The power.
  case power
  /// The temperature.
  case temperature
  /// One of the device's own totals of an activity or lap (distance, times, climb, speeds,
  /// heart rates, energy; see ``DeviceTotals``).
  case deviceTotal

  /// The field's name in a sentence, singular and plural: `("altitude", "altitudes")`.
  public var words: (singular: String, plural: String) {
    switch self {
    case .time: ("time", "times")
    case .arrivalTime: ("arrival time", "arrival times")
    case .altitude: ("altitude", "altitudes")
    case .horizontalAccuracy: ("horizontal accuracy", "horizontal accuracies")
    case .verticalAccuracy: ("vertical accuracy", "vertical accuracies")
    case .speed: ("speed", "speeds")
    case .speedAccuracy: ("speed accuracy", "speed accuracies")
    case .course: ("course", "courses")
    case .courseAccuracy: ("course accuracy", "course accuracies")
    case .dilution: ("dilution of precision", "dilutions of precision")
    case .heartRate: ("heart rate", "heart rates")
    case .cadence: ("cadence", "cadences")
    case .power: ("power", "powers")
    case .temperature: ("temperature", "temperatures")
    case .deviceTotal: ("device total", "device totals")
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
