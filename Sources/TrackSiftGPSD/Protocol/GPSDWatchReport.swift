/// gpsd's `WATCH` report: the watch policy in force, sent in answer to a `?WATCH` command.
public struct GPSDWatchReport: Sendable, Hashable {
  /// Whether watching is on.
  public var enable: Bool?
  /// Whether gpsd streams JSON reports.
  public var json: Bool?
  /// Whether gpsd also streams the receiver's NMEA sentences.
  public var nmea: Bool?
  /// The device watched, when the watch names one.
  public var device: String?

  /// Creates a watch report.
  public init(enable: Bool? = nil, json: Bool? = nil, nmea: Bool? = nil, device: String? = nil) {
    self.enable = enable
    self.json = json
    self.nmea = nmea
    self.device = device
  }
}
