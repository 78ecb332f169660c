import Foundation
import TrackSift

/// One session of a file measured session by session (a multisport file's swim, ride or
/// run): its profile, its own refined figures and the device's totals for it.
public struct SessionSummary: Encodable, Sendable {
  /// The session's sport as the file names it.
  public var sport: String?
  /// The profile its segments were measured with.
  public var profile: ActivityKind
  /// Why that profile.
  public var reason: String
  /// The indices of the track's segments it holds.
  public var segments: [Int]
  /// The refined figures of its segments measured on their own, with its profile (the
  /// whole file's figures are not split: they run on across sessions).
  public var refined: ActivityMetrics
  /// The device's totals for the session, when the file carries them.
  public var device: DeviceTotals?

  /// Each session of a file measured session by session, measured on its own.
  ///
  /// - Parameters:
  ///   - file: the file as read.
  ///   - choice: the profiles chosen for it (``ProfileChoice/sessions``); none gives none.
  ///   - elevationModel: the terrain model the whole file was measured with, if any.
  /// - Complexity: one more analysis of the file's fixes.
  public static func sessions(
    of file: ActivityFile, choice: ProfileChoice, elevationModel: (any ElevationModel)? = nil
  ) -> [SessionSummary] {
    choice.sessions.map { session in
      let analysis = TrackAnalysis(
        track: file.track.segments(at: session.segments),
        profile: ActivityProfile(activity: session.profile), elevationModel: elevationModel)
      return SessionSummary(
        sport: session.sport, profile: session.profile, reason: session.reason,
        segments: session.segments, refined: analysis.refinedMetrics, device: session.totals)
    }
  }
}
