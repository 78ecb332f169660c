import TrackSift

/// A numeric field of a ``Fix`` that a file stores as a plain number (an optional `Double`),
/// named by what it is, so a reader sets it and a writer gets it through one subscript,
/// `fix[number: .altitude]`, instead of each format listing the fix's properties again. Each
/// format maps its own names (a CSV header, a GeoJSON key, a TCX element) to these.
///
/// | case | property |
/// |---|---|
/// | `altitude` | ``Fix/altitudeMeters`` |
/// | `horizontalAccuracy`, `verticalAccuracy` | ``Fix/horizontalAccuracyMeters``, ``Fix/verticalAccuracyMeters`` |
/// | `speed`, `speedAccuracy` | ``Fix/speedMetersPerSecond``, ``Fix/speedAccuracyMetersPerSecond`` |
/// | `course`, `courseAccuracy` | ``Fix/courseDegrees``, ``Fix/courseAccuracyDegrees`` |
/// | `horizontalDilution`, `verticalDilution`, `positionDilution` | the ``ReceiverStatus`` dilutions |
/// | `heartRate`, `cadence`, `power`, `temperature` | the ``SensorValues`` readings |
///
/// Times, position, satellites, source and fix type are not here: each has its own type and
/// its own parsing.
enum FixNumber: CaseIterable {
  case altitude, horizontalAccuracy, verticalAccuracy, speed, speedAccuracy, course
  case courseAccuracy, horizontalDilution, verticalDilution, positionDilution
  case heartRate, cadence, power, temperature
}

extension Fix {
  /// The value of the field `number` names (`nil` when unknown).
  ///
  /// A switch of direct accesses rather than a key path: readers set fields per value read, and
  /// a key path to a computed property goes through the runtime.
  ///
  /// - Complexity: O(1).
  subscript(number number: FixNumber) -> Double? {
    get {
      switch number {
      case .altitude: altitudeMeters
      case .horizontalAccuracy: horizontalAccuracyMeters
      case .verticalAccuracy: verticalAccuracyMeters
      case .speed: speedMetersPerSecond
      case .speedAccuracy: speedAccuracyMetersPerSecond
      case .course: courseDegrees
      case .courseAccuracy: courseAccuracyDegrees
      case .horizontalDilution: receiver.horizontalDilution
      case .verticalDilution: receiver.verticalDilution
      case .positionDilution: receiver.positionDilution
      case .heartRate: sensors.heartRateBeatsPerMinute
      case .cadence: sensors.cadencePerMinute
      case .power: sensors.powerWatts
      case .temperature: sensors.temperatureCelsius
      }
    }
    set {
      switch number {
      case .altitude: altitudeMeters = newValue
      case .horizontalAccuracy: horizontalAccuracyMeters = newValue
      case .verticalAccuracy: verticalAccuracyMeters = newValue
      case .speed: speedMetersPerSecond = newValue
      case .speedAccuracy: speedAccuracyMetersPerSecond = newValue
      case .course: courseDegrees = newValue
      case .courseAccuracy: courseAccuracyDegrees = newValue
      case .horizontalDilution: receiver.horizontalDilution = newValue
      case .verticalDilution: receiver.verticalDilution = newValue
      case .positionDilution: receiver.positionDilution = newValue
      case .heartRate: sensors.heartRateBeatsPerMinute = newValue
      case .cadence: sensors.cadencePerMinute = newValue
      case .power: sensors.powerWatts = newValue
      case .temperature: sensors.temperatureCelsius = newValue
      }
    }
  }
}
