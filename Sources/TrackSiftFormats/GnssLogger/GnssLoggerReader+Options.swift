import TrackSift

extension GnssLoggerReader {
  /// How ``GnssLoggerReader`` treats bad lines.
  public struct Options: Sendable, Hashable {
    /// When true, the first bad `Fix` line (a field that is not a number, no position) or bad
    /// NMEA line throws a ``GnssLoggerError`` naming it. When false (the default), such lines
    /// are skipped and listed in ``GnssLoggerLog/skipped``: real logs have corrupt records,
    /// and the fixes around them are still good.
    public var strict: Bool
    /// The sources whose `Fix` lines make the track, interleaved in file order. When `nil`
    /// (the default), the best source the log has: the GNSS chip's (`GPS`,
    /// `FixSource.satellite`), else the fused provider's, else the network's, else the rest.
    /// GnssLogger records every provider at once, which no app does: mixed, a fused fix a second
    /// after the chip's is a second opinion drawn as a zig-zag, and the providers' altitudes
    /// disagree by tens of meters (a Pixel's fused altitudes lie about 20 m under its chip's).
    public var sources: Set<FixSource>?
    /// Whether `Fix` lines flagged `MockLocation` (an app stood in for the location providers,
    /// as spoofing and test tools do) are read. When false (the default) they are left out and
    /// counted in ``GnssLoggerLog/mockFixLineCount``: their positions say nothing of where the
    /// phone was.
    public var includesMockLocations: Bool

    /// Creates options.
    public init(
      strict: Bool = false, sources: Set<FixSource>? = nil, includesMockLocations: Bool = false
    ) {
      self.strict = strict
      self.sources = sources
      self.includesMockLocations = includesMockLocations
    }
  }
}
