import TrackSift
import TrackSiftFormats

/// The activity profile an activity file is measured with, and why: the profile asked for
/// (`--profile`) when there is one, else the sport the file names (a FIT session's sport, a
/// TCX activity's `Sport`), else running.
///
/// The command line's `analyze`, `clean`, `convert`, `replay` and `eval FILE` choose with it,
/// and so does the real-data suite for its paired walks and race.
public struct ProfileChoice: Sendable, Hashable, CustomStringConvertible {
  /// The profile used.
  public var activity: ActivityKind
  /// Why, in words: `--profile`, `the file's sport` or `the default; ...`.
  public var reason: String

  /// The profile for a file with these device totals and an optional profile asked for.
  /// - Parameters:
  ///   - option: The profile asked for (`--profile`), or `nil`.
  ///   - deviceTotals: The file's own totals, which may name its sport.
  public init(option: ActivityKind?, deviceTotals: DeviceTotals?) {
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
  public var description: String { "profile: \(activity.rawValue) (\(reason))" }
}
