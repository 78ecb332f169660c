import TrackSift

/// The content of a GPX file: tracks, routes and waypoints, with the file's metadata.
///
/// Names, descriptions and links are kept as written, with entities decoded: they are
/// untrusted text, to be escaped before display.
public struct GPXDocument: Sendable, Hashable {
  /// A named point (GPX `wpt`).
  public struct Waypoint: Sendable, Hashable {
    /// The position and its attributes.
    public var fix: Fix
    /// The waypoint's name.
    public var name: String?
    /// The waypoint's description (`desc`).
    public var description: String?

    /// Creates a waypoint.
    public init(fix: Fix, name: String? = nil, description: String? = nil) {
      self.fix = fix
      self.name = name
      self.description = description
    }
  }

  /// What a track (GPX `trk`) says of itself beyond its name, which is the `Track`'s.
  public struct TrackDetails: Sendable, Hashable {
    /// The track's description (`desc`).
    public var description: String?
    /// The track's links: `link` (GPX 1.1) or `url` with `urlname` (GPX 1.0).
    public var links: [ActivityLink]
    /// The track's `type`: its sport as the writer names it (`running`, `cycling`, `hiking`
    /// from Garmin Connect and Strava), as written.
    public var type: String?

    /// Creates a track's details.
    public init(description: String? = nil, links: [ActivityLink] = [], type: String? = nil) {
      self.description = description
      self.links = links
      self.type = type
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
  /// The file's description (`desc`) from `metadata` (GPX 1.1) or the root (GPX 1.0).
  public var description: String?
  /// The file's links: `link` in `metadata` (GPX 1.1), or `url` with `urlname` in the root
  /// (GPX 1.0).
  public var links: [ActivityLink]
  /// Recorded tracks.
  public var tracks: [Track]
  /// The description, links and type of the tracks that have any, by the track's index in
  /// ``tracks``.
  public var trackDetails: [Int: TrackDetails]
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
    description: String? = nil, links: [ActivityLink] = [], tracks: [Track] = [],
    trackDetails: [Int: TrackDetails] = [:], routes: [Route] = [], waypoints: [Waypoint] = [],
    stoppedAt: XMLReadError? = nil
  ) {
    self.version = version
    self.creator = creator
    self.name = name
    self.description = description
    self.links = links
    self.tracks = tracks
    self.trackDetails = trackDetails
    self.routes = routes
    self.waypoints = waypoints
    self.stoppedAt = stoppedAt
  }
}
