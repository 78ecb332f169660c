import Foundation
import TrackSift

/// The activity profile an activity file is measured with, and why: the profile asked for
/// (`--profile`) when there is one, else the sport the file names (a FIT session's sport, a
/// TCX activity's `Sport`), else the slowest profile whose gate takes the speed the recording
/// holds for half a minute (`HeldSpeed`): running, unless it holds more than running's maximum
/// speed (cycling), or more than cycling's (driving).
///
/// A profile asked for or named by the file is kept even where the recording holds a speed its
/// gate refuses (a car drive measured as a walk); the reason then says so, since the faster
/// fixes of such a recording are refused.
///
/// The command line's `analyze`, `clean`, `convert`, `replay`, `report` and `eval FILE` choose
/// with it, and so do `batch` and the real-data suite (its paired walks and race).
public struct ProfileChoice: Sendable, Hashable, CustomStringConvertible {
  /// The profile used.
  public var activity: ActivityKind
  /// Why, in words: `--profile`, `the file's sport` or what the recording's motion says.
  public var reason: String

  /// The profiles a recording of no named sport may be given, slowest first.
  private static let inferable: [ActivityKind] = [.running, .cycling, .driving]

  /// The profile for a file with these device totals and an optional profile asked for.
  /// - Parameters:
  ///   - option: The profile asked for (`--profile`), or `nil`.
  ///   - deviceTotals: The file's own totals, which may name its sport.
  ///   - track: The file's track: its held speed (`HeldSpeed`) chooses the profile where
  ///     neither the option nor the file's sport does, and questions a profile they give;
  ///     `nil` leaves both out.
  public init(option: ActivityKind?, deviceTotals: DeviceTotals?, track: Track? = nil) {
    let named = deviceTotals?.sport.flatMap { ActivityKind(sport: $0) }
    if let given = option ?? named {
      let reason = option != nil ? "--profile" : "the file's sport"
      self.init(given: given, reason: reason, track: track)
      return
    }
    let unnamed =
      deviceTotals?.sport.map { "the file's sport, \($0), has no profile" }
      ?? "the file names no sport"
    guard let heldSpeed = track.flatMap({ HeldSpeed.metersPerSecond(of: $0) }) else {
      self.init(activity: .running, reason: "the default; \(unnamed)")
      return
    }
    // The slowest profile whose gate takes the held speed; past driving's, driving still.
    var activity = ActivityKind.running
    var outgrown: (activity: ActivityKind, limit: Double)?
    for kind in Self.inferable {
      activity = kind
      guard let limit = Self.maximumSpeed(kind), heldSpeed > limit else { break }
      outgrown = (kind, limit)
    }
    guard let outgrown else {
      self.init(activity: activity, reason: "the default; \(unnamed)")
      return
    }
    self.init(
      activity: activity,
      reason: "\(unnamed); it holds \(Self.text(heldSpeed)) for half a minute, faster than"
        + " \(outgrown.activity.rawValue) accepts (\(Self.text(outgrown.limit)))")
  }

  /// A profile chosen elsewhere, for a reason, questioned in the reason where the track holds
  /// a speed its gate refuses (see `HeldSpeed`).
  /// - Parameters:
  ///   - given: The profile.
  ///   - reason: Why it was chosen (`--profile`, `the default`).
  ///   - track: The recording it measures; `nil` leaves the question out.
  public init(given: ActivityKind, reason: String, track: Track?) {
    self.init(activity: given, reason: reason)
    guard let heldSpeed = track.flatMap({ HeldSpeed.metersPerSecond(of: $0) }),
      let limit = Self.maximumSpeed(given), heldSpeed > limit
    else { return }
    self.reason +=
      "; but the recording holds \(Self.text(heldSpeed)) for half a minute, faster than"
      + " \(given.rawValue) accepts (\(Self.text(limit))); fixes that fast are refused"
  }

  private init(activity: ActivityKind, reason: String) {
    self.activity = activity
    self.reason = reason
  }

  /// The fastest speed a profile's gate takes, in meters per second.
  private static func maximumSpeed(_ activity: ActivityKind) -> Double? {
    ActivityProfile(activity: activity).gate.maximumSpeedMetersPerSecond
  }

  /// `25.3 m/s`.
  private static func text(_ metersPerSecond: Double) -> String {
    String(format: "%.1f m/s", metersPerSecond)
  }

  /// `profile: cycling (the file's sport)`.
  public var description: String { "profile: \(activity.rawValue) (\(reason))" }
}
