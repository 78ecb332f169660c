import TrackSift

/// A simulated recording: the fixes exactly as the device reported them and the truth behind
/// them.
public struct ScenarioRecording: Sendable {
  /// The configuration that made it.
  public var configuration: ScenarioConfiguration
  /// The fixes in arrival order, one segment, bad ones included (cached start, network fixes,
  /// spikes, ramps, repeats, duplicate and out-of-order timestamps).
  public var track: Track
  /// The ground the route runs over, whose elevations the truth's are.
  public var terrain: SimulatedTerrain
  /// The true state every 0.1 s from the start to the end.
  public var truth: [TruthPoint]
  /// The truth behind each fix of `track.segments[0].fixes`, in the same order.
  public var fixTruths: [FixTruth]
  /// The true distance in meters: the sum of the geodesic steps between truth points.
  public var truthDistanceMeters: Double
  /// The true climb in meters: every rise of the ground between truth points (the simulated
  /// ground is smooth, so no dead band is needed).
  public var truthElevationGainMeters: Double
  /// The true moving time in seconds: the duration less the ``stops``.
  public var truthMovingTimeSeconds: Double
  /// The true standstills, in seconds since 2001-01-01 UTC.
  public var stops: [ClosedRange<Double>]
  /// Every passage through a route feature, in time order.
  public var features: [FeaturePassage]

  /// Creates a recording.
  public init(
    configuration: ScenarioConfiguration, track: Track, terrain: SimulatedTerrain,
    truth: [TruthPoint],
    fixTruths: [FixTruth], truthDistanceMeters: Double, truthElevationGainMeters: Double,
    truthMovingTimeSeconds: Double, stops: [ClosedRange<Double>], features: [FeaturePassage]
  ) {
    self.configuration = configuration
    self.track = track
    self.terrain = terrain
    self.truth = truth
    self.fixTruths = fixTruths
    self.truthDistanceMeters = truthDistanceMeters
    self.truthElevationGainMeters = truthElevationGainMeters
    self.truthMovingTimeSeconds = truthMovingTimeSeconds
    self.stops = stops
    self.features = features
  }
}
