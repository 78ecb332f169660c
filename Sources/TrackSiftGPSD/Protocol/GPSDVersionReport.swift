/// gpsd's `VERSION` report, the first line it sends on every connection.
public struct GPSDVersionReport: Sendable, Hashable {
  /// The gpsd release, such as `3.22`.
  public var release: String
  /// The source revision, when gpsd says it.
  public var revision: String?
  /// The protocol's major version: 3 for every gpsd since 2.90.
  public var protocolMajor: Int
  /// The protocol's minor version.
  public var protocolMinor: Int

  /// Creates a version report.
  public init(release: String, revision: String? = nil, protocolMajor: Int, protocolMinor: Int) {
    self.release = release
    self.revision = revision
    self.protocolMajor = protocolMajor
    self.protocolMinor = protocolMinor
  }
}
