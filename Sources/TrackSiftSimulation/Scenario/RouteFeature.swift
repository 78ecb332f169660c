import TrackSift

/// A place on a route where the path turns sharply, where filters and decimation cut corners.
public struct RouteFeature: Sendable, Hashable {
  /// What kind of turn the feature is.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A turn of 45-135 degrees, such as a street corner.
    case corner
    /// A turn of more than 135 degrees, such as a turnaround or a switchback.
    case hairpin
  }

  /// The kind of turn.
  public var kind: Kind
  /// The middle of the turn.
  public var coordinate: Coordinate
  /// Distance from the start of the route to the middle of the turn, in meters.
  public var alongMeters: Double

  /// Creates a feature.
  public init(kind: Kind, coordinate: Coordinate, alongMeters: Double) {
    self.kind = kind
    self.coordinate = coordinate
    self.alongMeters = alongMeters
  }
}
