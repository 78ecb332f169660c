import Foundation
import TrackSift

/// The values of TrackSift's TCX extension: what a ``Fix`` holds that TCX has no element for,
/// written by ``TCXWriter`` as one `<tracksift:values>` element (namespace
/// ``TCXWriter/trackSiftNamespace``) in a trackpoint's `Extensions`, beside Garmin's `TPX`, and
/// read back by ``TCXReader``. The element names are those of the GPX extension
/// (``GPXWriter``), plus GPX's own `fix`, `sat`, `hdop`, `vdop`, `pdop`:
///
/// | element | value |
/// |---|---|
/// | `course`, `courseAccuracy` | degrees |
/// | `horizontalAccuracy`, `verticalAccuracy` | meters |
/// | `speedAccuracy` | m/s |
/// | `source` | ``FixSource`` raw value, when not `unknown` |
/// | `arrivalTime` | ISO 8601 UTC |
/// | `fix` | ``ReceiverStatus/FixType`` raw value |
/// | `sat` | satellites used |
/// | `hdop`, `vdop`, `pdop` | dilutions of precision |
/// | `temperature` | Celsius |
/// | `motion` | `CleanedMotion` raw value, in a file TrackSift cleaned |
enum TCXTrackSiftValue: CaseIterable {
  case course, courseAccuracy, horizontalAccuracy, verticalAccuracy, speedAccuracy, source
  case arrivalTime, fixType, satellites, hdop, vdop, pdop, temperature, motion

  /// The element's local name.
  var name: StaticString {
    switch self {
    case .course: "course"
    case .courseAccuracy: "courseAccuracy"
    case .horizontalAccuracy: "horizontalAccuracy"
    case .verticalAccuracy: "verticalAccuracy"
    case .speedAccuracy: "speedAccuracy"
    case .source: "source"
    case .arrivalTime: "arrivalTime"
    case .fixType: "fix"
    case .satellites: "sat"
    case .hdop: "hdop"
    case .vdop: "vdop"
    case .pdop: "pdop"
    case .temperature: "temperature"
    case .motion: "motion"
    }
  }

  /// The numeric field of a fix the element holds, or `nil` for one parsed on its own
  /// (source, arrival time, fix type, satellites).
  private var fixNumber: FixNumber? {
    switch self {
    case .course: .course
    case .courseAccuracy: .courseAccuracy
    case .horizontalAccuracy: .horizontalAccuracy
    case .verticalAccuracy: .verticalAccuracy
    case .speedAccuracy: .speedAccuracy
    case .hdop: .horizontalDilution
    case .vdop: .verticalDilution
    case .pdop: .positionDilution
    case .temperature: .temperature
    case .source, .arrivalTime, .fixType, .satellites, .motion: nil
    }
  }

  /// The element's text for `fix`, or `nil` when the fix has no such value.
  func text(of fix: Fix) -> String? {
    func number(_ value: Double?) -> String? { value.map(DecimalText.string) }
    if let field = fixNumber { return number(fix[number: field]) }
    switch self {
    case .source: return fix.source == .unknown ? nil : fix.source.rawValue
    case .arrivalTime:
      return fix.arrivalTime.map {
        ISO8601Time.string(secondsSinceReferenceDate: $0.timeIntervalSinceReferenceDate)
      }
    case .fixType: return fix.receiver.fixType?.rawValue
    case .satellites: return fix.receiver.satellitesUsed.map(String.init)
    case .motion: return fix.cleanedMotion?.rawValue
    default: return nil  // A number, above.
    }
  }

  /// Sets the value of `fix` from the element's trimmed text.
  /// - Returns: `false` when the text is not a value of this element.
  func set(_ text: UnsafeRawBufferPointer, of fix: inout Fix) -> Bool {
    let string = String(decoding: text, as: UTF8.self)
    switch self {
    case .source:
      guard let source = FixSource(rawValue: string) else { return false }
      fix.source = source
      return true
    case .fixType:
      guard let type = ReceiverStatus.FixType(rawValue: string) else { return false }
      fix.receiver.fixType = type
      return true
    case .arrivalTime:
      guard let seconds = ISO8601Time.secondsSinceReferenceDate(text) else { return false }
      fix.arrivalTime = Date(timeIntervalSinceReferenceDate: seconds)
      return true
    case .satellites:
      guard let count = Int(string), count >= 0 else { return false }
      fix.receiver.satellitesUsed = count
      return true
    case .motion:
      guard let motion = CleanedMotion(rawValue: string) else { return false }
      fix.cleanedMotion = motion
      return true
    default: break
    }
    guard let field = fixNumber, let number = ASCIINumber.double(text) else { return false }
    fix[number: field] = number
    return true
  }
}
