/// Whether an activity is still being recorded. Stored as its raw value in `activity.state`.
public enum ActivityState: String, Sendable, Hashable, Codable, CaseIterable {
  /// Created and not finished: fixes may still be appended. An activity found in this state
  /// when a store opens was interrupted (the app crashed or was killed) and can be resumed or
  /// finished.
  case recording
  /// Finished: ``ActivitySummary/finishedAt`` is set and no more rows may be appended.
  case finished
}
