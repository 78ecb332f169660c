import Foundation

/// A horizontal velocity: its east and north components in meters per second.
///
/// A receiver's Doppler velocity comes as a speed and a course (``init(speedMetersPerSecond:courseDegrees:)``);
/// one derived from two positions as the components of their step over its time.
public struct Velocity: Sendable, Hashable {
  /// The east component in meters per second (west is negative).
  public var eastMetersPerSecond: Double
  /// The north component in meters per second (south is negative).
  public var northMetersPerSecond: Double

  /// Standing still.
  public static let zero = Velocity(eastMetersPerSecond: 0, northMetersPerSecond: 0)

  /// Creates a velocity from its east and north components in meters per second.
  public init(eastMetersPerSecond: Double, northMetersPerSecond: Double) {
    self.eastMetersPerSecond = eastMetersPerSecond
    self.northMetersPerSecond = northMetersPerSecond
  }

  /// Creates a velocity from a speed in meters per second and a course in degrees clockwise
  /// from true north.
  public init(speedMetersPerSecond speed: Double, courseDegrees: Double) {
    let radians = courseDegrees * .pi / 180
    self.init(eastMetersPerSecond: speed * sin(radians), northMetersPerSecond: speed * cos(radians))
  }

  /// The speed: the velocity's length, in meters per second.
  public var speedMetersPerSecond: Double {
    (eastMetersPerSecond * eastMetersPerSecond + northMetersPerSecond * northMetersPerSecond)
      .squareRoot()
  }

  /// The course in degrees clockwise from true north, in 0..<360; `nil` for a velocity of zero
  /// or one that is not finite, which has no direction.
  public var courseDegrees: Double? {
    guard isFinite, self != .zero else { return nil }
    let degrees = atan2(eastMetersPerSecond, northMetersPerSecond) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// Whether both components are finite.
  public var isFinite: Bool { eastMetersPerSecond.isFinite && northMetersPerSecond.isFinite }

  /// The dot product with `other`, in square meters per square second: the speed along
  /// `other`'s direction times `other`'s speed.
  public func dot(_ other: Velocity) -> Double {
    eastMetersPerSecond * other.eastMetersPerSecond
      + northMetersPerSecond * other.northMetersPerSecond
  }

  /// The mean of `velocities`, component by component; `nil` for none.
  public static func mean(_ velocities: some Collection<Velocity>) -> Velocity? {
    guard !velocities.isEmpty else { return nil }
    let count = Double(velocities.count)
    return Velocity(
      eastMetersPerSecond: velocities.reduce(0) { $0 + $1.eastMetersPerSecond } / count,
      northMetersPerSecond: velocities.reduce(0) { $0 + $1.northMetersPerSecond } / count)
  }
}
