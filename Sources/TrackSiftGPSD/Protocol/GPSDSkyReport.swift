import Foundation

/// gpsd's `SKY` report: the satellites in view and the dilutions of precision.
public struct GPSDSkyReport: Sendable, Hashable {
  /// The device that produced the report.
  public var device: String?
  /// The time of the report, when sent.
  public var time: Date?
  /// Satellites used in the solution: `uSat` when sent (gpsd 3.21 and later), else the number
  /// of `satellites` entries with `"used":true`; `nil` when the report says neither.
  public var satellitesUsed: Int?
  /// Satellites in view: `nSat` when sent, else the number of `satellites` entries.
  public var satellitesVisible: Int?
  /// Horizontal dilution of precision (`hdop`).
  public var horizontalDilution: Double?
  /// Vertical dilution of precision (`vdop`).
  public var verticalDilution: Double?
  /// Position (3-D) dilution of precision (`pdop`).
  public var positionDilution: Double?

  /// Creates a sky report.
  public init(
    device: String? = nil,
    time: Date? = nil,
    satellitesUsed: Int? = nil,
    satellitesVisible: Int? = nil,
    horizontalDilution: Double? = nil,
    verticalDilution: Double? = nil,
    positionDilution: Double? = nil
  ) {
    self.device = device
    self.time = time
    self.satellitesUsed = satellitesUsed
    self.satellitesVisible = satellitesVisible
    self.horizontalDilution = horizontalDilution
    self.verticalDilution = verticalDilution
    self.positionDilution = positionDilution
  }
}
