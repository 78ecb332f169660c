import Foundation

/// A reading of the motion sensors, for the ``Recorder``'s sensor fallback when satellites go
/// silent (a tunnel, indoors).
public struct MotionSample: Sendable, Hashable, Codable {
  /// When the reading was taken (device clock).
  public var time: Date
  /// Magnitude of the accelerometer vector in meters per second squared, gravity included
  /// (about 9.81 at rest), as a raw accelerometer gives it.
  public var accelerationMagnitudeMetersPerSecondSquared: Double?
  /// The pedometer's current pace in seconds per meter (as CoreMotion's `currentPace`), if any.
  public var pedometerPaceSecondsPerMeter: Double?

  /// Creates a reading; give at least one of the two values.
  public init(
    time: Date, accelerationMagnitudeMetersPerSecondSquared: Double? = nil,
    pedometerPaceSecondsPerMeter: Double? = nil
  ) {
    self.time = time
    self.accelerationMagnitudeMetersPerSecondSquared = accelerationMagnitudeMetersPerSecondSquared
    self.pedometerPaceSecondsPerMeter = pedometerPaceSecondsPerMeter
  }
}
