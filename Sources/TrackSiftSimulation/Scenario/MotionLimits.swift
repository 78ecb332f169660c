import TrackSift

/// How an activity moves: cruising speed and the accelerations a person (or car) uses.
struct MotionLimits: Sendable, Hashable {
  /// Mean cruising speed in m/s.
  var cruiseMetersPerSecond: Double
  /// Largest speed-up in m/s².
  var accelerationMetersPerSecondSquared: Double
  /// Largest slow-down in m/s².
  var decelerationMetersPerSecondSquared: Double
  /// Largest sideways acceleration in turns in m/s², which sets the cornering speed
  /// `sqrt(a · radius)`.
  var lateralAccelerationMetersPerSecondSquared: Double

  /// Speed at which an open route's end is turned around, in m/s.
  static let turnaroundMetersPerSecond = 0.8
  /// Relative standard deviation of the slowly varying cruise speed.
  static let cruiseVariation = 0.05
  /// Correlation time of the cruise-speed variation in seconds.
  static let cruiseVariationSeconds = 120.0

  init(_ activity: ActivityKind) {
    switch activity {
    case .walking: self.init(1.4, 0.5, 0.8, 0.5)
    case .running: self.init(3.0, 0.8, 1.0, 1.5)
    case .cycling: self.init(6.0, 1.5, 2.0, 2.5)
    case .driving: self.init(12.0, 2.5, 3.0, 3.0)
    }
  }

  private init(_ cruise: Double, _ up: Double, _ down: Double, _ lateral: Double) {
    cruiseMetersPerSecond = cruise
    accelerationMetersPerSecondSquared = up
    decelerationMetersPerSecondSquared = down
    lateralAccelerationMetersPerSecondSquared = lateral
  }
}
