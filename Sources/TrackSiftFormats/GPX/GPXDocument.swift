import TrackSift

/// The content of a GPX file: tracks, routes and waypoints, with the file's metadata.
public struct GPXDocument: Sendable, Hashable {
  /// A named point (GPX `wpt`).
  public struct Waypoint: Sendable, Hashable {
    /// The position and its attributes.
    public var fix: Fix
    /// The waypoint's name.
    public var name: String?

    /// Creates a waypoint.
    public init(fix: Fix, name: String? = nil) {
      self.fix = fix
      self.name = name
    }
  }

  /// A planned route (GPX `rte`): an ordered list of points without segments.
  public struct Route: Sendable, Hashable {
    /// The route's name.
    public var name: String?
    /// The route points in order.
    public var points: [Fix]

    /// Creates a route.
    public init(name: String? = nil, points: [Fix] = []) {
      self.name = name
      self.points = points
    }
  }

  /// The GPX version the file declares, such as `"1.1"` or `"1.0"`.
  public var version: String?
  /// The program that wrote the file.
  public var creator: String?
  /// The file's name from `metadata` (GPX 1.1) or the root (GPX 1.0).
  public var name: String?
  /// Recorded tracks.
  public var tracks: [Track]
  /// Planned routes.
  public var routes: [Route]
  /// Waypoints.
  public var waypoints: [Waypoint]
  /// The fields of the points (track, route and waypoints) refused as out of range; see
  /// ``FixFieldLimits``.
  public var refusedFieldCounts = RefusedFieldCounts()
  /// In lenient mode, the damage where reading stopped; `nil` when the whole file was valid.
  public var stoppedAt: XMLReadError?

  /// Creates a document.
  public init(
    version: String? = "1.1", creator: String? = nil, name: String? = nil,
    tracks: [Track] = [], routes: [Route] = [], waypoints: [Waypoint] = [],
    stoppedAt: XMLReadError? = nil
  ) {
    self.version = version
    self.creator = creator
    self.name = name
    self.tracks = tracks
    self.routes = routes
    self.waypoints = waypoints
    self.stoppedAt = stoppedAt
  }
}
