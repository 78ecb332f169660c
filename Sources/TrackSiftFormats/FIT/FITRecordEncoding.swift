import Foundation
import TrackSift

/// How ``FITWriter`` writes fixes as `record` messages: the fields a track needs (the
/// timestamp, the position and the cumulative distance always; altitude, speed, heart rate,
/// cadence, power, temperature and accuracy when some fix has one) and each fix's raw values
/// in the profile's units, with the invalid value where the fix has none or it does not fit.
struct FITRecordEncoding {
  /// A value a record can hold.
  private enum Value: CaseIterable {
    case timestamp, latitude, longitude, distance, altitude, speed, heartRate, cadence, power
    case temperature, accuracy

    var field: FITEncoder.Field {
      typealias Number = FITProfile.RecordField
      return switch self {
      case .timestamp: .init(number: Number.timestamp, type: .uint32)
      case .latitude: .init(number: Number.positionLatitude, type: .sint32)
      case .longitude: .init(number: Number.positionLongitude, type: .sint32)
      case .distance: .init(number: Number.distance, type: .uint32)
      case .altitude: .init(number: Number.enhancedAltitude, type: .uint32)
      case .speed: .init(number: Number.enhancedSpeed, type: .uint32)
      case .heartRate: .init(number: Number.heartRate, type: .uint8)
      case .cadence: .init(number: Number.cadence, type: .uint8)
      case .power: .init(number: Number.power, type: .uint16)
      case .temperature: .init(number: Number.temperature, type: .sint8)
      case .accuracy: .init(number: Number.gpsAccuracy, type: .uint8)
      }
    }

    /// The physical value in the field's stored units, before rounding; `nil` when the fix
    /// has none.
    func scaled(_ fix: Fix, timestamp: UInt32?, distanceMeters: Double) -> Double? {
      typealias Scale = FITProfile.Scale
      return switch self {
      case .timestamp: timestamp.map(Double.init)
      case .latitude: fix.coordinate.isInRange ? fix.latitudeDegrees / perSemicircle : nil
      case .longitude: fix.coordinate.isInRange ? Self.wrapped(fix.longitudeDegrees) : nil
      case .distance: distanceMeters * Scale.distancePerMeter
      case .altitude:
        // A vertical accuracy of zero or less marks the altitude invalid: FIT says so by
        // leaving it out.
        (fix.verticalAccuracyMeters ?? 1) > 0
          ? fix.altitudeMeters.map {
            ($0 + Scale.altitudeOffsetMeters) * Scale.altitudePerMeter
          } : nil
      case .speed: fix.validSpeedMetersPerSecond.map { $0 * Scale.speedPerMeterPerSecond }
      case .heartRate: fix.sensors.heartRateBeatsPerMinute
      case .cadence: fix.sensors.cadencePerMinute
      case .power: fix.sensors.powerWatts
      case .temperature: fix.sensors.temperatureCelsius
      // Saturated: a radius past the byte is still a bad one, not an unknown one.
      case .accuracy: fix.horizontalAccuracyMeters.flatMap { $0 >= 0 ? min($0, 254) : nil }
      }
    }

    private var perSemicircle: Double { FITProfile.degreesPerSemicircle }

    /// Longitude in semicircles, +180 degrees written as -180 (2^31 is past `sint32`).
    private static func wrapped(_ longitudeDegrees: Double) -> Double {
      let semicircles = (longitudeDegrees / FITProfile.degreesPerSemicircle).rounded()
      return semicircles >= 2_147_483_648 ? semicircles - 4_294_967_296 : semicircles
    }

    /// True when `fix` has this value to write (the fields always written say true).
    func isPresent(in fix: Fix) -> Bool {
      switch self {
      case .timestamp, .latitude, .longitude, .distance: true
      default: scaled(fix, timestamp: nil, distanceMeters: 0) != nil
      }
    }
  }

  private let values: [Value]
  /// Whether the records carry TrackSift's motion field (``FITCleanedMotionField``): some fix
  /// has a motion.
  let carriesMotion: Bool

  /// The `record` fields of `track`'s fixes.
  /// - Complexity: O(n) in the fixes.
  init(track: Track) {
    let fixes = track.segments.lazy.flatMap(\.fixes)
    values = Value.allCases.filter { value in fixes.contains { value.isPresent(in: $0) } }
    carriesMotion = fixes.contains { $0.cleanedMotion != nil }
  }

  /// The fields of the `record` definition, in the order of ``rawValues(of:distanceMeters:)``.
  var fields: [FITEncoder.Field] { values.map(\.field) }

  /// The developer fields of the `record` definition, after ``fields``.
  var developerFields: [FITEncoder.DeveloperField] {
    guard carriesMotion else { return [] }
    return [
      FITEncoder.DeveloperField(
        number: FITCleanedMotionField.number, type: .uint8,
        dataIndex: FITCleanedMotionField.dataIndex)
    ]
  }

  /// The raw values of `fix`'s record, one per field and developer field; `nil` for the
  /// invalid value.
  /// - Parameter distanceMeters: the cumulative distance of the fix along the track.
  func rawValues(of fix: Fix, distanceMeters: Double) -> [UInt64?] {
    let timestamp = fix.timeSeconds.flatMap(Self.fitTimestamp)
    var raws = values.map { value in
      value.scaled(fix, timestamp: timestamp, distanceMeters: distanceMeters)
        .flatMap(value.field.type.raw(encoding:))
    }
    if carriesMotion { raws.append(fix.cleanedMotion.map(FITCleanedMotionField.code)) }
    return raws
  }

  /// Seconds since 2001-01-01 UTC as a FIT timestamp (whole seconds since
  /// 1989-12-31T00:00:00Z, rounded), or `nil` before the FIT epoch or past 2126.
  static func fitTimestamp(_ secondsSinceReferenceDate: Double) -> UInt32? {
    let seconds =
      (secondsSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate
      - FITProfile.epochUnixSeconds).rounded()
    guard seconds.isFinite, seconds >= 0, seconds < 4_294_967_295 else { return nil }
    return UInt32(seconds)
  }
}
