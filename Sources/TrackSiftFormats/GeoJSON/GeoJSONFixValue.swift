import Foundation
import TrackSift

/// The per-fix values of TrackSift's GeoJSON extension: arrays in a feature's `tracksift`
/// property, parallel to its positions (`null` where a fix has no value), for what a position
/// and `times` cannot hold. ``GeoJSONWriter`` writes an array only when some fix of the feature
/// has the value; ``GeoJSONReader`` reads them back.
///
/// | key | value |
/// |---|---|
/// | `altitude` | meters, only when the positions cannot carry it (some fix lacks one) |
/// | `speed`, `speedAccuracy` | m/s |
/// | `course`, `courseAccuracy` | degrees |
/// | `horizontalAccuracy`, `verticalAccuracy` | meters |
/// | `source` | ``FixSource`` raw value (`satellite`, `network`, ...) |
/// | `arrivalTime` | ISO 8601 UTC |
/// | `fixType` | ``ReceiverStatus/FixType`` raw value (`2d`, `3d`, `dgps`, `pps`, `none`) |
/// | `satellites` | satellites used |
/// | `hdop`, `vdop`, `pdop` | dilutions of precision |
/// | `heartRate`, `cadence` | per minute |
/// | `power` | watts |
/// | `temperature` | Celsius |
/// | `motion` | `CleanedMotion` raw value, in a file TrackSift cleaned |
enum GeoJSONFixValue: String, CaseIterable {
  case altitude, speed, speedAccuracy, course, courseAccuracy, horizontalAccuracy
  case verticalAccuracy, source, arrivalTime, fixType, satellites, hdop, vdop, pdop
  case heartRate, cadence, power, temperature, motion

  /// The name of the feature property that holds the arrays.
  static let propertyName = "tracksift"

  /// The key of the value's array in the `tracksift` object.
  var key: String { rawValue }

  /// The numeric field of a fix the value is, or `nil` for one parsed on its own (source,
  /// arrival time, fix type, satellites).
  private var fixNumber: FixNumber? {
    switch self {
    case .altitude: .altitude
    case .speed: .speed
    case .speedAccuracy: .speedAccuracy
    case .course: .course
    case .courseAccuracy: .courseAccuracy
    case .horizontalAccuracy: .horizontalAccuracy
    case .verticalAccuracy: .verticalAccuracy
    case .hdop: .horizontalDilution
    case .vdop: .verticalDilution
    case .pdop: .positionDilution
    case .heartRate: .heartRate
    case .cadence: .cadence
    case .power: .power
    case .temperature: .temperature
    case .source, .arrivalTime, .fixType, .satellites, .motion: nil
    }
  }

  /// The JSON text of the value of `fix`, or `nil` when it has none (JSON has no NaN, so a
  /// value that is not finite counts as none).
  func text(of fix: Fix) -> String? {
    func number(_ value: Double?) -> String? {
      guard let value, value.isFinite else { return nil }
      return GeoJSONWriter.number(value)
    }
    if let field = fixNumber { return number(fix[number: field]) }
    switch self {
    case .source: return fix.source == .unknown ? nil : "\"\(fix.source.rawValue)\""
    case .arrivalTime:
      guard let seconds = fix.arrivalTime?.timeIntervalSinceReferenceDate, seconds.isFinite
      else { return nil }
      return "\"\(ISO8601Time.string(secondsSinceReferenceDate: seconds))\""
    case .fixType: return fix.receiver.fixType.map { "\"\($0.rawValue)\"" }
    case .satellites: return fix.receiver.satellitesUsed.map(String.init)
    case .motion: return fix.cleanedMotion.map { "\"\($0.rawValue)\"" }
    default: return nil  // A number, above.
    }
  }

  /// Sets the value of `fix` from `value` (`null` leaves it unknown).
  /// - Returns: `false` when `value` is not of the value's JSON type (a number, or a string
  ///   for `source`, `arrivalTime`, `fixType` and `motion`), or not a value it can take.
  func set(_ value: JSONValue, of fix: inout Fix) -> Bool {
    if case .null = value { return true }
    switch self {
    case .source:
      guard let text = value.string, let source = FixSource(rawValue: text) else { return false }
      fix.source = source
      return true
    case .fixType:
      guard let text = value.string, let type = ReceiverStatus.FixType(rawValue: text) else {
        return false
      }
      fix.receiver.fixType = type
      return true
    case .arrivalTime:
      guard let text = value.string else { return false }
      var copy = text
      guard
        let seconds = copy.withUTF8({
          ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
        })
      else { return false }
      fix.arrivalTime = Date(timeIntervalSinceReferenceDate: seconds)
      return true
    case .satellites:
      guard let number = value.number, number >= 0, number <= 10_000, number.rounded() == number
      else { return false }
      fix.receiver.satellitesUsed = Int(number)
      return true
    case .motion:
      guard let text = value.string, let motion = CleanedMotion(rawValue: text) else {
        return false
      }
      fix.cleanedMotion = motion
      return true
    default: break
    }
    guard let field = fixNumber, let number = value.number else { return false }
    fix[number: field] = number
    return true
  }
}
