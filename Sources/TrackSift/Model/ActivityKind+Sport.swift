extension ActivityKind {
  /// The profile for a sport as FIT (`cycling`, `e_biking`, `hiking`, ...) or TCX (`Running`,
  /// `Biking`) names it, or `nil` for a sport no profile fits (`Other`, `swimming`, ...).
  public init?(sport: String) {
    switch sport.lowercased() {
    case "running", "trail_running", "treadmill_running": self = .running
    case "cycling", "biking", "e_biking", "mountain_biking", "road_biking": self = .cycling
    case "walking", "hiking", "mountaineering", "snowshoeing": self = .walking
    case "driving", "motorcycling": self = .driving
    default: return nil
    }
  }
}
