/// Where a refined climb came from, and what each source available would have counted.
public struct ClimbSummary: Sendable, Hashable, Codable {
  /// One source's climb over every accepted fix it has an altitude for.
  public struct SourceFigures: Sendable, Hashable, Codable {
    /// The source.
    public var source: ClimbSource
    /// Total climb in meters.
    public var gainMeters: Double
    /// Total descent in meters (a positive number).
    public var lossMeters: Double
    /// How many accepted fixes it had an altitude for.
    public var fixCount: Int
  }

  /// The source most of the counted altitudes came from; `nil` without any altitude.
  public var source: ClimbSource?
  /// The climb each available source counts on its own, best source first.
  public var sources: [SourceFigures]
  /// Accepted fixes where the terrain model had an elevation but the device's altitude was
  /// counted: bridges and tunnels (see ``ClimbConfiguration/bridgeDisagreementMeters``).
  public var deviceKeptFixCount: Int
  /// Whether the barometer's altitude was held to the terrain model's level (its weather
  /// drift taken out; see ``ClimbConfiguration/barometerAnchorSeconds``).
  public var isAnchoredToTerrainModel: Bool

  /// Creates a summary.
  public init(
    source: ClimbSource?, sources: [SourceFigures], deviceKeptFixCount: Int,
    isAnchoredToTerrainModel: Bool = false
  ) {
    self.source = source
    self.sources = sources
    self.deviceKeptFixCount = deviceKeptFixCount
    self.isAnchoredToTerrainModel = isAnchoredToTerrainModel
  }
}
