import Foundation
import TrackSift

/// A TCX trackpoint without a position (a treadmill or indoor activity, or a point recorded
/// before the receiver had a fix): its readings are kept, but it never becomes a `Fix`.
public struct TCXSample: Sendable, Hashable {
  /// The time of the point.
  public var timestamp: Date?
  /// Altitude in meters (`AltitudeMeters`).
  public var altitudeMeters: Double?
  /// The device's cumulative distance in meters (`DistanceMeters`).
  public var distanceMeters: Double?
  /// Speed in meters per second (the activity extension's `Speed`).
  public var speedMetersPerSecond: Double?
  /// Heart rate, cadence and power.
  public var sensors: SensorValues

  /// Creates a sample; every reading defaults to unknown.
  public init(
    timestamp: Date? = nil, altitudeMeters: Double? = nil, distanceMeters: Double? = nil,
    speedMetersPerSecond: Double? = nil, sensors: SensorValues = SensorValues()
  ) {
    self.timestamp = timestamp
    self.altitudeMeters = altitudeMeters
    self.distanceMeters = distanceMeters
    self.speedMetersPerSecond = speedMetersPerSecond
    self.sensors = sensors
  }
}
