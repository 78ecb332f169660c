import Foundation

@testable import TrackSift

/// Fixes placed in meters around a fixed origin, with times in seconds from a fixed instant.
enum GateFixtures {
  static let startDate = Date(timeIntervalSinceReferenceDate: 700_000_000)
  static let origin = Coordinate(latitudeDegrees: 52.52, longitudeDegrees: 13.405)
  static let plane = LocalTangentPlane(origin: origin)

  /// A fix `seconds` after ``startDate`` (no time when `nil`), `east` and `north` meters from
  /// ``origin``, arriving `arrival` seconds after ``startDate`` (no arrival time when `nil`).
  static func fix(
    _ seconds: Double?,
    east: Double = 0,
    north: Double = 0,
    accuracy: Double? = 5,
    speed: Double? = nil,
    speedAccuracy: Double? = nil,
    course: Double? = nil,
    arrival: Double? = nil,
    source: FixSource = .satellite
  ) -> Fix {
    let coordinate = plane.unproject(eastMeters: east, northMeters: north)
    return Fix(
      timestamp: seconds.map { startDate.addingTimeInterval($0) },
      arrivalTime: arrival.map { startDate.addingTimeInterval($0) },
      latitudeDegrees: coordinate.latitudeDegrees,
      longitudeDegrees: coordinate.longitudeDegrees,
      horizontalAccuracyMeters: accuracy,
      speedMetersPerSecond: speed,
      speedAccuracyMetersPerSecond: speedAccuracy,
      courseDegrees: course,
      source: source)
  }

  /// A fix at explicit coordinates.
  static func fix(latitude: Double, longitude: Double, seconds: Double? = 0) -> Fix {
    Fix(
      timestamp: seconds.map { startDate.addingTimeInterval($0) },
      latitudeDegrees: latitude, longitudeDegrees: longitude, horizontalAccuracyMeters: 5)
  }

  /// A straight walk north at `speed` m/s, one fix a second, for `count` fixes from `start`.
  static func walk(
    from start: Double, count: Int, speed: Double = 1.4, northStart: Double = 0,
    east: Double = 0, accuracy: Double? = 5
  ) -> [Fix] {
    (0..<count).map { index in
      fix(
        start + Double(index), east: east, north: northStart + speed * Double(index),
        accuracy: accuracy)
    }
  }
}
