extension GPSDClient {
  /// Where gpsd is and how the client talks to it.
  public struct Configuration: Sendable, Hashable {
    /// gpsd's registered TCP port.
    public static let defaultPort: UInt16 = 2947

    /// The host name or numeric address of gpsd; an IPv6 address may be bracketed
    /// (`[::1]`). Every address the name resolves to is tried in order.
    public var host: String
    /// gpsd's TCP port.
    public var port: UInt16
    /// How long to wait between connection attempts.
    public var reconnect: GPSDReconnectPolicy
    /// How long one connection attempt may take, in seconds.
    public var connectTimeoutSeconds: Double
    /// The longest line accepted, in bytes before the line feed; a longer line is skipped and
    /// reported as ``GPSDEvent/lineSkipped(_:)``, so that memory stays bounded. gpsd's
    /// longest reports (SKY with many satellites) are a few kilobytes.
    public var maximumLineBytes: Int
    /// When true, every decoded report is also delivered as ``GPSDEvent/report(_:)``.
    public var includesReports: Bool

    /// Creates a configuration; the defaults reach gpsd on this machine.
    public init(
      host: String = "localhost",
      port: UInt16 = Configuration.defaultPort,
      reconnect: GPSDReconnectPolicy = GPSDReconnectPolicy(),
      connectTimeoutSeconds: Double = 5,
      maximumLineBytes: Int = 65_536,
      includesReports: Bool = false
    ) {
      self.host = host
      self.port = port
      self.reconnect = reconnect
      self.connectTimeoutSeconds = connectTimeoutSeconds
      self.maximumLineBytes = maximumLineBytes
      self.includesReports = includesReports
    }

    /// `host:port`, with an IPv6 address in brackets: `[::1]:2947`.
    public var endpoint: String {
      hostName.contains(":") ? "[\(hostName)]:\(port)" : "\(hostName):\(port)"
    }

    /// The host without the brackets of an IPv6 address, for name resolution.
    var hostName: String {
      host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
  }
}
