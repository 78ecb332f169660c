import Foundation
import TrackSift

extension FixGenerator {
  /// Phones: maybe a stale cached fix, then network fixes (cell or NLP, then Wi-Fi) until the
  /// first satellite fix.
  mutating func sessionStart(timeToFirstFix: Double) {
    let c = configuration
    if chance(c.cachedStartProbability) {
      // Log-uniform age (10 s to 2 h) and distance (0.1 to 50 km).
      let ageSeconds = 10 * pow(720, random.nextUnit())
      let distanceMeters = 100 * pow(500, random.nextUnit())
      let angle = uniform(0...(2 * .pi))
      let fromWiFi = chance(0.5)
      let position = coordinate(
        atElapsed: 0, error: (distanceMeters * sin(angle), distanceMeters * cos(angle)))
      let fix = Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: start - ageSeconds),
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
        altitudeMeters: fromWiFi ? 0 : 100,
        horizontalAccuracyMeters: fromWiFi ? 65 : uniform(3...10),
        verticalAccuracyMeters: fromWiFi ? -1 : 8,
        speedMetersPerSecond: -1, speedAccuracyMetersPerSecond: -1,
        courseDegrees: -1, courseAccuracyDegrees: -1,
        source: fromWiFi ? .network : .satellite)
      emit(fix, truth(atElapsed: 0, kind: .cachedStart), arrivalElapsed: 0)
    }
    var elapsed = uniform(0.2...0.8)
    var first = true
    while elapsed < timeToFirstFix {
      let accuracy: Double
      if first {
        accuracy = c.platform == .iOS ? 1_414 : uniform(15...130)
      } else {
        accuracy = 65
      }
      first = false
      let sigma = accuracy / radiusPerSigma
      let position = coordinate(
        atElapsed: elapsed,
        error: (sigma * random.nextGaussian(), sigma * random.nextGaussian()))
      let fix = Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: start + elapsed),
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
        altitudeMeters: 0, horizontalAccuracyMeters: accuracy, verticalAccuracyMeters: -1,
        speedMetersPerSecond: -1, speedAccuracyMetersPerSecond: -1,
        courseDegrees: -1, courseAccuracyDegrees: -1, source: .network)
      emit(fix, truth(atElapsed: elapsed, kind: .network), arrivalElapsed: elapsed + 0.3)
      elapsed += uniform(1...3)
    }
  }
}
