/// A receiver that gpsd reads, from a `DEVICE` report or one entry of a `DEVICES` report.
public struct GPSDDevice: Sendable, Hashable {
  /// The device's path, such as `/dev/ttyUSB0`; the `device` of its TPV and SKY reports.
  public var path: String?
  /// The driver gpsd chose, such as `NMEA0183` or `u-blox`.
  public var driver: String?
  /// When gpsd activated the device (ISO 8601), or `nil` when it did not say or the device was
  /// deactivated (gpsd then sends `"activated":0`).
  public var activated: String?

  /// Creates a device description.
  public init(path: String? = nil, driver: String? = nil, activated: String? = nil) {
    self.path = path
    self.driver = driver
    self.activated = activated
  }
}
