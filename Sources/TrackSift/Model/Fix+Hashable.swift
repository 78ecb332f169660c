extension Fix: Hashable {
  /// Two fixes are equal when every field is equal; two unknown values are equal.
  public static func == (lhs: Fix, rhs: Fix) -> Bool {
    lhs.timestamp == rhs.timestamp && lhs.arrivalTime == rhs.arrivalTime
      && lhs.latitudeDegrees.sameValue(as: rhs.latitudeDegrees)
      && lhs.longitudeDegrees.sameValue(as: rhs.longitudeDegrees)
      && lhs.altitudeMeters == rhs.altitudeMeters
      && lhs.horizontalAccuracyMeters == rhs.horizontalAccuracyMeters
      && lhs.verticalAccuracyMeters == rhs.verticalAccuracyMeters
      && lhs.speedMetersPerSecond == rhs.speedMetersPerSecond
      && lhs.speedAccuracyMetersPerSecond == rhs.speedAccuracyMetersPerSecond
      && lhs.courseDegrees == rhs.courseDegrees
      && lhs.courseAccuracyDegrees == rhs.courseAccuracyDegrees
      && lhs.source == rhs.source && lhs.receiver == rhs.receiver && lhs.sensors == rhs.sensors
      && lhs.cleanedMotion == rhs.cleanedMotion
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(timestamp)
    hasher.combine(latitudeDegrees.isNaN ? 0 : latitudeDegrees)
    hasher.combine(longitudeDegrees.isNaN ? 0 : longitudeDegrees)
    hasher.combine(altitudeMeters)
  }
}

extension Double {
  /// Equal values, or both NaN (a NaN coordinate read from a file equals itself after a round trip).
  fileprivate func sameValue(as other: Double) -> Bool {
    self == other || (isNaN && other.isNaN)
  }
}
