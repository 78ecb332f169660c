import TrackSift

/// A real recording's climb against the ascent its device recorded itself (a FIT session's
/// `total_ascent`): the raw, live and refined climb, and the refined climb's source.
public struct RealClimbScore: Sendable, Codable {
  /// The name in tables.
  public var name: String
  /// The device's own ascent, in meters.
  public var deviceAscentMeters: Double
  /// Every rise of the altitudes as read summed after the 2 m dead band, in meters.
  public var rawGainMeters: Double?
  /// The live climb, in meters.
  public var liveGainMeters: Double?
  /// The refined climb, in meters.
  public var refinedGainMeters: Double?
  /// The refined climb's source.
  public var source: ClimbSource?

  /// Analyses `track` with `activity`'s profile.
  public init(name: String, track: Track, activity: ActivityKind, deviceAscentMeters: Double) {
    let analysis = TrackAnalysis(track: track, profile: ActivityProfile(activity: activity))
    self.name = name
    self.deviceAscentMeters = deviceAscentMeters
    rawGainMeters = analysis.rawMetrics.elevationGainMeters
    liveGainMeters = analysis.liveMetrics.elevationGainMeters
    refinedGainMeters = analysis.refinedMetrics.elevationGainMeters
    source = analysis.climb.source
  }

  /// A climb's error against the device's ascent, in percent (positive: more climb).
  public func errorPercent(_ meters: Double?) -> Double? {
    guard let meters, deviceAscentMeters > 0 else { return nil }
    return (meters / deviceAscentMeters - 1) * 100
  }
}
