import Foundation
import TrackSift
import TrackSiftSimulation

/// A truth path in a local plane with seeded Gaussian position noise, for filter tests.
struct FilterScenario {
  static let origin = Coordinate(latitudeDegrees: 52.23, longitudeDegrees: 21.01)
  let plane = LocalTangentPlane(origin: FilterScenario.origin)
  /// True positions (east, north) in meters, one per second.
  var truth: [(east: Double, north: Double)] = []
  var fixes: [Fix] = []

  /// Walks the legs in order: each is (heading in degrees, seconds), at `speed` m/s, 1 Hz.
  init(
    legs: [(headingDegrees: Double, seconds: Int)], speedMetersPerSecond speed: Double,
    noiseMeters: Double, seed: UInt64, reportsVelocity: Bool = false
  ) {
    var random = SplitMix64(seed: seed)
    var east = 0.0
    var north = 0.0
    var time = 0.0
    for leg in legs {
      let radians = leg.headingDegrees * .pi / 180
      for _ in 0..<leg.seconds {
        truth.append((east, north))
        let noisy = plane.unproject(
          eastMeters: east + noiseMeters * random.nextGaussian(),
          northMeters: north + noiseMeters * random.nextGaussian())
        fixes.append(
          Fix(
            timestamp: Date(timeIntervalSinceReferenceDate: 700_000_000 + time),
            latitudeDegrees: noisy.latitudeDegrees, longitudeDegrees: noisy.longitudeDegrees,
            horizontalAccuracyMeters: noiseMeters,
            speedMetersPerSecond: reportsVelocity ? speed + 0.2 * random.nextGaussian() : nil,
            courseDegrees: reportsVelocity ? leg.headingDegrees : nil, source: .satellite))
        east += speed * sin(radians)
        north += speed * cos(radians)
        time += 1
      }
    }
  }

  /// Distance in meters from the truth at `index`.
  func errorMeters(_ coordinate: Coordinate, at index: Int) -> Double {
    let (east, north) = plane.project(coordinate)
    return hypot(east - truth[index].east, north - truth[index].north)
  }

  /// Root mean square error of estimates, one per fix.
  func rmsMeters(_ coordinates: [Coordinate]) -> Double {
    let squares = coordinates.enumerated().map { pow(errorMeters($1, at: $0), 2) }
    return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
  }

  /// Runs the constant-velocity filter over every fix; returns live estimates and records.
  func runFilter(_ configuration: ConstantVelocityKalmanFilter.Configuration = .init())
    -> (live: [Coordinate], records: [KalmanRecord], steps: [KalmanStep])
  {
    var filter = ConstantVelocityKalmanFilter(configuration: configuration)
    let steps = fixes.map { filter.update($0) }
    return (steps.map(\.coordinate), steps.compactMap(\.record), steps)
  }
}
