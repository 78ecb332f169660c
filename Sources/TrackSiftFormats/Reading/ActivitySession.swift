import Foundation
import TrackSift

/// One of the activities of a file that holds several: a multisport FIT file's sessions (a
/// triathlon's swim, bike and run), a TCX file's activities. Each is its own sport, and the
/// track's segments it holds never join another's.
public struct ActivitySession: Sendable, Hashable {
  /// The device's totals of the session, with its sport as the file names it.
  public var totals: DeviceTotals
  /// The indices of the track's segments that belong to it, ascending (none for a session
  /// without a position, such as a pool swim).
  public var segments: [Int]

  /// Creates a session.
  public init(totals: DeviceTotals, segments: [Int]) {
    self.totals = totals
    self.segments = segments
  }

  /// The most sessions a file is split into: a triathlon with its transitions has five;
  /// beyond this, or with starts out of order, the file is read as one activity.
  static let maximumSplitSessions = 64

  /// A FIT file's track split where each session after the first starts, and the sessions
  /// with the segments each holds: a segment belongs to the session whose start is the
  /// latest at or before its first timed fix (the first session takes what comes before any
  /// start, and a segment without a time goes with the one before it).
  ///
  /// - Parameters:
  ///   - track: the file's fixes, in recording order.
  ///   - sessions: the `session` messages' totals, in file order; their ``DeviceTotals/startTime``
  ///     places them.
  /// - Returns: the track unchanged and no session for fewer than two sessions, more than
  ///   ``maximumSplitSessions``, or starts missing or out of order.
  /// - Complexity: O(n·s) for n fixes and s sessions.
  static func split(_ track: Track, atStartsOf sessions: [DeviceTotals]) -> (
    track: Track, sessions: [ActivitySession]
  ) {
    let starts = sessions.compactMap { $0.startTime?.timeIntervalSinceReferenceDate }
    guard sessions.count > 1, sessions.count <= maximumSplitSessions,
      starts.count == sessions.count, zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return (track, []) }
    func owner(of fix: Fix) -> Int? {
      fix.timeSeconds.map { time in starts.indices.last { starts[$0] <= time } ?? 0 }
    }
    var split = Track(name: track.name, segments: [])
    var owners: [Int] = []
    for segment in track.segments {
      var fixes: [Fix] = []
      var fixesOwner: Int?
      for fix in segment.fixes {
        let fixOwner = owner(of: fix)
        if let fixOwner, let owner = fixesOwner, fixOwner != owner {
          split.segments.append(Segment(fixes: fixes))
          owners.append(owner)
          (fixes, fixesOwner) = ([], nil)
        }
        fixes.append(fix)
        // The first timed fix of the run names its session.
        fixesOwner = fixesOwner ?? fixOwner
      }
      split.segments.append(Segment(fixes: fixes))
      owners.append(fixesOwner ?? owners.last ?? 0)
    }
    return (
      split,
      sessions.indices.map { index in
        ActivitySession(
          totals: sessions[index], segments: owners.indices.filter { owners[$0] == index })
      }
    )
  }
}

extension Track {
  /// The segments at `indices` (those within the track) as a track of their own, with this
  /// one's name: a session's fixes.
  func segments(at indices: [Int]) -> Track {
    Track(name: name, segments: indices.filter(segments.indices.contains).map { segments[$0] })
  }
}
