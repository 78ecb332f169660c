/// The kind of activity, which selects a full set of thresholds (see ``ActivityProfile``).
public enum ActivityKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Walking and hiking.
  case walking
  /// Running.
  case running
  /// Cycling.
  case cycling
  /// Driving, and speedometer apps.
  case driving
}
