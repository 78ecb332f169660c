import Foundation
import TrackSift

/// The activity profile an activity file is measured with, and why: the profile asked for
/// (`--profile`) when there is one, else the sport the file names (a FIT session's sport, a
/// TCX activity's `Sport`), else the slowest profile that can hold the speed the recording
/// holds for half a minute (`HeldSpeed`): running, unless it holds more than anyone runs for
/// that long (`HeldSpeed.fastestOnFootMetersPerSecond`, cycling), or more than cycling's gate
/// takes (driving).
///
/// A profile asked for or named by the file is kept even where the recording holds a speed its
/// gate refuses (a car drive measured as a walk); the reason then says so, since the gate may
/// refuse the faster fixes of such a recording (beyond its accuracy allowance).
///
/// A file of several sessions (a multisport FIT file, a TCX file of several activities) with no
/// profile asked for is measured session by session: each session's segments with the profile
/// its own sport or motion gives (``sessions``, ``segmentActivities``).
///
/// The command line's `analyze`, `clean`, `convert`, `replay`, `report` and `eval FILE` choose
/// with it, and so do `batch` and the real-data suite (its paired walks and race).
public struct ProfileChoice: Sendable, Hashable, CustomStringConvertible {
  /// The profile used.
  public var activity: ActivityKind
  /// Why, in words: `--profile`, `the file's sport` or what the recording's motion says.
  public var reason: String
  /// For a file measured session by session, each session's choice; empty otherwise.
  public var sessions: [SessionChoice] = []
  /// The segments measured with another profile than ``activity``, by segment index.
  public var segmentActivities: [Int: ActivityKind] = [:]
  /// The profiles of ``segmentActivities``, as `TrackAnalysis` and `RecordingReplay` take
  /// them.
  public var segmentProfiles: [Int: ActivityProfile] {
    segmentActivities.mapValues(ActivityProfile.init(activity:))
  }
  /// The sport a file written from this choice names
  /// (see ``writtenActivities(of:sourceSegments:)``): the profile asked for; else the sport
  /// the file names, as it names it; else the profile the recording's motion chose. `nil`
  /// where the profile is only the default, or the file is measured session by session (each
  /// session names its own).
  public private(set) var writtenSport: String?

  /// The profile of one session of a file measured session by session.
  public struct SessionChoice: Sendable, Hashable {
    /// The device's totals of the session, with its sport.
    public var totals: DeviceTotals
    /// The profile its segments are measured with.
    public var profile: ActivityKind
    /// Why, in words.
    public var reason: String
    /// The indices of the track's segments it holds.
    public var segments: [Int]
    /// The sport a file written from it names, as ``ProfileChoice/writtenSport``.
    public var writtenSport: String?

    /// The session's sport as the file names it.
    public var sport: String? { totals.sport }

    /// `generic: running (the default)`: the sport, the profile, and the reason without
    /// what the sport already says.
    var summary: String {
      let rest = reason.components(separatedBy: "; ").filter { !$0.hasPrefix("the session") }
      return "\(sport ?? "no sport"): \(profile.rawValue)"
        + (rest.isEmpty ? "" : " (\(rest.joined(separator: "; ")))")
    }
  }

  /// The profiles a recording of no named sport may be given, slowest first.
  private static let inferable: [ActivityKind] = [.running, .cycling, .driving]

  /// The profile for a file with these device totals and an optional profile asked for.
  /// - Parameters:
  ///   - option: The profile asked for (`--profile`), or `nil`.
  ///   - deviceTotals: The file's own totals, which may name its sport.
  ///   - track: The file's track: its held speed (`HeldSpeed`) chooses the profile where
  ///     neither the option nor the file's sport does, and questions a profile they give;
  ///     `nil` leaves both out.
  ///   - sessions: The file's sessions, when it holds several (``ActivityFile/sessions``):
  ///     without `option`, each of two or more with positions is measured with its own
  ///     profile; the only one with positions names the file's sport.
  public init(
    option: ActivityKind?, deviceTotals: DeviceTotals?, track: Track? = nil,
    sessions: [ActivitySession] = []
  ) {
    self.init(option: option, sport: deviceTotals?.sport, track: track, sessions: sessions)
  }

  /// The profile for a file as read, and an optional profile asked for.
  public init(option: ActivityKind?, file: ActivityFile) {
    self.init(option: option, sport: file.sport, track: file.track, sessions: file.sessions)
  }

  /// The profile for a file that names `sport` (``ActivityFile/sport``), as
  /// ``init(option:deviceTotals:track:sessions:)`` chooses it.
  private init(
    option: ActivityKind?, sport: String?, track: Track?, sessions: [ActivitySession]
  ) {
    let positioned = sessions.filter { !$0.segments.isEmpty }
    if option == nil, let track, positioned.count > 1 {
      self.init(sessions: positioned, of: track)
      return
    }
    // One session with positions (the others a pool swim, say) names the file's sport.
    let named = positioned.count == 1 ? positioned[0].totals.sport : sport
    self.init(option: option, sport: named, track: track, subject: "the file")
  }

  /// The analysis of `track` (the file's track this choice was made for) with the profiles
  /// chosen, session by session where the choice says so.
  public func analysis(
    of track: Track, elevationModel: (any ElevationModel)? = nil
  ) -> TrackAnalysis {
    TrackAnalysis(
      track: track, profile: ActivityProfile(activity: activity),
      segmentProfiles: segmentProfiles,
      elevationModel: elevationModel)
  }

  /// Each session's profile from its own sport or motion; the file's is that of the session
  /// with the most fixes. `sessions` are those with positions.
  private init(sessions: [ActivitySession], of track: Track) {
    var chosen: [SessionChoice] = []
    var mostFixes = -1
    var main = ActivityKind.running
    for session in sessions {
      let sessionTrack = track.segments(at: session.segments)
      let choice = ProfileChoice(
        option: nil, sport: session.totals.sport, track: sessionTrack, subject: "the session")
      chosen.append(
        SessionChoice(
          totals: session.totals, profile: choice.activity, reason: choice.reason,
          segments: session.segments, writtenSport: choice.writtenSport))
      if sessionTrack.fixCount > mostFixes {
        (mostFixes, main) = (sessionTrack.fixCount, choice.activity)
      }
    }
    self.init(
      activity: main, reason: "per session: " + chosen.map(\.summary).joined(separator: ", "))
    self.sessions = chosen
    for session in chosen where session.profile != main {
      for segment in session.segments { segmentActivities[segment] = session.profile }
    }
  }

  /// The profile for a file or a session that names `sport` (`subject` names it in the
  /// reason).
  private init(option: ActivityKind?, sport: String?, track: Track?, subject: String) {
    let named = sport.flatMap { ActivityKind(sport: $0) }
    if let given = option ?? named {
      let reason = option != nil ? "--profile" : "\(subject)'s sport"
      self.init(given: given, reason: reason, track: track)
      if option == nil { writtenSport = sport }
      return
    }
    let unnamed =
      sport.map { "\(subject)'s sport, \($0), has no profile" }
      ?? "\(subject) names no sport"
    guard let heldSpeed = track.flatMap({ HeldSpeed.metersPerSecond(of: $0) }) else {
      self.init(activity: .running, reason: "the default; \(unnamed)", writtenSport: sport)
      return
    }
    // The slowest profile that holds the held speed; past driving's gate, driving still.
    var activity = ActivityKind.running
    var outgrown: (activity: ActivityKind, limit: Double)?
    for kind in Self.inferable {
      activity = kind
      guard let limit = Self.heldSpeedLimit(kind), heldSpeed > limit else { break }
      outgrown = (kind, limit)
    }
    guard let outgrown else {
      self.init(activity: activity, reason: "the default; \(unnamed)", writtenSport: sport)
      return
    }
    // A sport the file names, though no profile fits it, stays its name.
    self.init(
      activity: activity,
      reason: "\(unnamed); it holds \(Self.text(heldSpeed)) for half a minute, faster than"
        + (outgrown.activity == .running
          ? " anyone runs that long" : " \(outgrown.activity.rawValue) accepts")
        + " (\(Self.text(outgrown.limit)))",
      writtenSport: sport ?? activity.rawValue)
  }

  /// A profile chosen elsewhere, for a reason, questioned in the reason where the track holds
  /// a speed its gate refuses (see `HeldSpeed`).
  /// - Parameters:
  ///   - given: The profile.
  ///   - reason: Why it was chosen (`--profile`, `the default`).
  ///   - track: The recording it measures; `nil` leaves the question out.
  public init(given: ActivityKind, reason: String, track: Track?) {
    self.init(activity: given, reason: reason, writtenSport: given.rawValue)
    guard let heldSpeed = track.flatMap({ HeldSpeed.metersPerSecond(of: $0) }),
      let limit = Self.maximumSpeed(given), heldSpeed > limit
    else { return }
    self.reason +=
      "; but the recording holds \(Self.text(heldSpeed)) for half a minute, faster than"
      + " \(given.rawValue) accepts (\(Self.text(limit))); fixes that fast may be refused"
  }

  private init(activity: ActivityKind, reason: String, writtenSport: String? = nil) {
    self.activity = activity
    self.reason = reason
    self.writtenSport = writtenSport
  }

  /// The fastest speed a profile can hold for half a minute, in meters per second: on foot,
  /// `HeldSpeed.fastestOnFootMetersPerSecond`; else what its gate takes.
  private static func heldSpeedLimit(_ activity: ActivityKind) -> Double? {
    let gate = maximumSpeed(activity)
    guard activity == .running || activity == .walking else { return gate }
    return min(gate ?? .infinity, HeldSpeed.fastestOnFootMetersPerSecond)
  }

  /// The fastest speed a profile's gate takes, in meters per second.
  private static func maximumSpeed(_ activity: ActivityKind) -> Double? {
    ActivityProfile(activity: activity).gate.maximumSpeedMetersPerSecond
  }

  /// `25.3 m/s`.
  private static func text(_ metersPerSecond: Double) -> String {
    String(format: "%.1f m/s", metersPerSecond)
  }

  /// The profile's name, or for a file measured session by session its profiles in the
  /// order the sessions first use them: `running + cycling`.
  public var name: String {
    var names: [String] = []
    for session in sessions where !names.contains(session.profile.rawValue) {
      names.append(session.profile.rawValue)
    }
    return names.count > 1 ? names.joined(separator: " + ") : activity.rawValue
  }

  /// `profile: cycling (the file's sport)`.
  public var description: String { "profile: \(activity.rawValue) (\(reason))" }
}
