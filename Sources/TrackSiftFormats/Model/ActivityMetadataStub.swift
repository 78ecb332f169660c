import TrackSift

// Temporary stand-in until the activity-metadata branch lands (same API).
public struct ActivityMetadata: Sendable, Hashable {
  public var name: String?
  public var description: String?
  public var creator: String?
  public var deviceNames: [String]
  public var links: [ActivityLink]
  public var trackNames: [String]
  public var waypoints: [ActivityWaypoint]
  public init(
    name: String? = nil, description: String? = nil, creator: String? = nil,
    deviceNames: [String] = [], links: [ActivityLink] = [], trackNames: [String] = [],
    waypoints: [ActivityWaypoint] = []
  ) {
    self.name = name
    self.description = description
    self.creator = creator
    self.deviceNames = deviceNames
    self.links = links
    self.trackNames = trackNames
    self.waypoints = waypoints
  }
  public var isEmpty: Bool { self == ActivityMetadata() }
}
public struct ActivityLink: Sendable, Hashable {
  public var href: String
  public var text: String?
  public init(href: String, text: String? = nil) {
    self.href = href
    self.text = text
  }
}
public struct ActivityWaypoint: Sendable, Hashable {
  public var name: String?
  public var description: String?
  public var coordinate: Coordinate
  public init(name: String? = nil, description: String? = nil, coordinate: Coordinate) {
    self.name = name
    self.description = description
    self.coordinate = coordinate
  }
}
extension ActivityFile {
  public var metadata: ActivityMetadata { ActivityMetadata() }
}
