import TrackSift

/// A real recording's climb against an ascent it should match: the one its device recorded
/// itself (a FIT session's `total_ascent`), or a survey-grade reference's. The raw, live and
/// refined climb, and the refined climb's source.
public struct RealClimbScore: Sendable, Codable {
  /// What the climb is scored against.
  public enum Reference: String, Sendable, Codable {
    /// The ascent the device recorded itself.
    case device
    /// A survey-grade reference's altitudes, counted swing by swing past the refined climb's
    /// 1 m band.
    case survey
    /// The ascent recorded by a device of the readers' test files (`shared/data/corpus`):
    /// reported beside the others, held to no target.
    case corpusDevice = "corpus device"
  }

  /// The name in tables.
  public var name: String
  /// The ascent the climb should match, in meters.
  public var ascentMeters: Double
  /// Where ``ascentMeters`` comes from.
  public var reference: Reference
  /// Every rise of the altitudes as read summed after the 2 m dead band, in meters.
  public var rawGainMeters: Double?
  /// The live climb, in meters.
  public var liveGainMeters: Double?
  /// The refined climb, in meters.
  public var refinedGainMeters: Double?
  /// The refined climb's source.
  public var source: ClimbSource?
  /// The largest rise of the altitudes as read, from a low to a later high, in meters: no
  /// count of these altitudes that keeps a whole climb (as a swing counter does) climbs less.
  public var largestRiseMeters: Double?

  /// Analyses `track` with `activity`'s profile.
  public init(
    name: String, track: Track, activity: ActivityKind, ascentMeters: Double,
    reference: Reference = .device
  ) {
    let analysis = TrackAnalysis(track: track, profile: ActivityProfile(activity: activity))
    self.name = name
    self.ascentMeters = ascentMeters
    self.reference = reference
    rawGainMeters = analysis.rawMetrics.elevationGainMeters
    liveGainMeters = analysis.liveMetrics.elevationGainMeters
    refinedGainMeters = analysis.refinedMetrics.elevationGainMeters
    source = analysis.climb.source
    largestRiseMeters = Self.largestRiseMeters(track)
  }

  /// The largest difference between an altitude and an earlier, lower one, over every valid
  /// altitude in recording order; `nil` without one.
  /// - Complexity: O(n) in the fixes.
  static func largestRiseMeters(_ track: Track) -> Double? {
    var lowest: Double?
    var rise: Double?
    for segment in track.segments {
      for fix in segment.fixes {
        guard let altitude = fix.validAltitudeMeters else { continue }
        let low = min(lowest ?? altitude, altitude)
        lowest = low
        rise = max(rise ?? 0, altitude - low)
      }
    }
    return rise
  }

  /// A climb's error against ``ascentMeters``, in percent (positive: more climb).
  public func errorPercent(_ meters: Double?) -> Double? {
    guard let meters, ascentMeters > 0 else { return nil }
    return (meters / ascentMeters - 1) * 100
  }
}
