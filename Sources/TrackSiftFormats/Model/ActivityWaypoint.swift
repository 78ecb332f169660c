import TrackSift

/// A named point an activity file carries (a GPX `wpt`), with its strings as written.
///
/// The strings are untrusted: escape them before display.
public struct ActivityWaypoint: Sendable, Hashable {
  /// The waypoint's name, or `nil` when the file gives none.
  public var name: String?
  /// The waypoint's description (`desc`), or `nil` when the file gives none.
  public var description: String?
  /// The waypoint's position.
  public var coordinate: Coordinate

  /// Creates a waypoint.
  public init(name: String? = nil, description: String? = nil, coordinate: Coordinate) {
    self.name = name
    self.description = description
    self.coordinate = coordinate
  }
}
