/// One passage of a simulated traveller through a route feature.
public struct FeaturePassage: Sendable, Hashable {
  /// The feature passed.
  public var feature: RouteFeature
  /// When the middle of the feature was passed, in seconds since 2001-01-01 UTC.
  public var timeSeconds: Double

  /// Creates a passage.
  public init(feature: RouteFeature, timeSeconds: Double) {
    self.feature = feature
    self.timeSeconds = timeSeconds
  }
}
