import Foundation
import TrackSift

/// The simulated traveller's true state every ``stepSeconds``, in the local plane of the route's
/// origin.
struct TruthTrace: Sendable {
  /// Time between states in seconds.
  static let stepSeconds = 0.1

  var eastMeters: [Double] = []
  var northMeters: [Double] = []
  var speedsMetersPerSecond: [Double] = []
  /// Direction of travel in radians clockwise from north.
  var headingsRadians: [Double] = []
  var elevationsMeters: [Double] = []
  /// Route features passed: index into the route's features and seconds from the start.
  var passages: [(featureIndex: Int, elapsedSeconds: Double)] = []

  /// Interpolated state at `elapsedSeconds` from the start (clamped to the trace).
  func state(atElapsed elapsedSeconds: Double) -> (
    eastMeters: Double, northMeters: Double, speedMetersPerSecond: Double,
    headingRadians: Double, elevationMeters: Double
  ) {
    let position = min(max(elapsedSeconds / Self.stepSeconds, 0), Double(eastMeters.count - 1))
    // Fix epochs fall on whole steps; snap to them to avoid rounding noise.
    let nearest = position.rounded()
    let exact = abs(position - nearest) < 1e-6
    let lower = exact ? Int(nearest) : Int(position)
    let upper = min(lower + 1, eastMeters.count - 1)
    let f = exact ? 0 : position - Double(lower)
    func mix(_ values: [Double]) -> Double { values[lower] + (values[upper] - values[lower]) * f }
    return (
      mix(eastMeters), mix(northMeters), mix(speedsMetersPerSecond),
      headingsRadians[f < 0.5 ? lower : upper], mix(elevationsMeters)
    )
  }
}
