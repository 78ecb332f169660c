import TrackSift
import TrackSiftFormats

/// The activity profile a command uses, and why: `--profile` when given, else the sport the
/// file names (a FIT session's sport, a TCX activity's `Sport`), else running.
struct ProfileChoice: Sendable, Hashable {
  /// The profile used.
  var activity: ActivityKind
  /// Why, in words: `--profile`, `the file's sport` or `the default; ...`.
  var reason: String

  /// The profile for a file with these device totals and an optional `--profile`.
  init(option: ActivityKind?, deviceTotals: DeviceTotals?) {
    if let option {
      activity = option
      reason = "--profile"
    } else if let sport = deviceTotals?.sport, let kind = ActivityKind(sport: sport) {
      activity = kind
      reason = "the file's sport"
    } else if let sport = deviceTotals?.sport {
      activity = .running
      reason = "the default; the file's sport, \(sport), has no profile"
    } else {
      activity = .running
      reason = "the default; the file names no sport"
    }
  }

  /// `profile: cycling (the file's sport)`.
  var description: String { "profile: \(activity.rawValue) (\(reason))" }
}
