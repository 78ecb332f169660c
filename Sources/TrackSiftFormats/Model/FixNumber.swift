import TrackSift

/// A numeric field of a ``Fix`` that a file stores as a plain number (an optional `Double`),
/// named by what it is, so a reader sets it and a writer gets it through one subscript,
/// `fix[number: .altitude]`, instead of each format listing the fix's properties again. Each
/// format maps its own names (a CSV header, a GeoJSON key, a TCX element) to these.
///
/// Times, position, satellites, source and fix type are not here: each has its own type and
/// its own parsing.
enum FixNumber: CaseIterable {
  /// ``Fix/altitudeMeters``.
  case altitude
  /// ``Fix/horizontalAccuracyMeters``.
  case horizontalAccuracy
  /// ``Fix/verticalAccuracyMeters``.
  case verticalAccuracy
  /// ``Fix/speedMetersPerSecond``.
  case speed
  /// ``Fix/speedAccuracyMetersPerSecond``.
  case speedAccuracy
  /// ``Fix/courseDegrees``.
  case course
  /// ``Fix/courseAccuracyDegrees``.
  case courseAccuracy
  /// ``ReceiverStatus/horizontalDilution``.
  case horizontalDilution
  /// ``ReceiverStatus/verticalDilution``.
  case verticalDilution
  /// ``ReceiverStatus/positionDilution``.
  case positionDilution
  /// ``SensorValues/heartRateBeatsPerMinute``.
  case heartRate
  /// ``SensorValues/cadencePerMinute``.
  case cadence
  /// ``SensorValues/powerWatts``.
  case power
  /// ``SensorValues/temperatureCelsius``.
  case temperature
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
