extension ActivityKind {
  /// The profile for a sport as FIT (`cycling`, `e_biking`, `hiking`, ...), TCX (`Running`,
  /// `Biking`) or a GPX track's `type` (`running`, `Run`, `Ride`, `hike`, ...) names it, or `nil`
  /// for a sport no profile fits (`Other`, `swimming`, ...).
  public init?(sport: String) {
    switch sport.lowercased() {
    case "running", "run", "trail_running", "treadmill_running": self = .running
    case "cycling", "biking", "ride", "bike", "e_biking", "mountain_biking", "road_biking":
      self = .cycling
    case "walking", "walk", "hiking", "hike", "mountaineering", "snowshoeing": self = .walking
    case "driving", "motorcycling": self = .driving
    default: return nil
    }
  }
}
