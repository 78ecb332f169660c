import Foundation
import TrackSift

/// One activity as listed: what it is, when it ran, and what it holds.
///
/// Counts and fix times are computed from the stored rows when listed, so they are right for an
/// interrupted recording too; ``totals`` are the figures stored when the activity was finished.
public struct ActivitySummary: Sendable, Hashable, Identifiable {
  /// The activity's identifier.
  public var id: ActivityID
  /// The activity's name.
  public var name: String
  /// The kind of activity, which chose the thresholds it was recorded with.
  public var kind: ActivityKind
  /// Recording or finished.
  public var state: ActivityState
  /// When the recording started.
  public var startedAt: Date
  /// When it was finished; `nil` while recording or after an interruption.
  public var finishedAt: Date?
  /// Stored fixes whose verdict is accepted.
  public var acceptedFixCount: Int
  /// Stored fixes whose verdict is a rejection.
  public var rejectedFixCount: Int
  /// Stored fixes whose verdict is pending (`nil`): during a recording the last few, which the
  /// recorder has not judged yet; after a crash, those whose verdict was not written.
  public var pendingFixCount: Int
  /// Distinct segment indices among the stored fixes and segment starts.
  public var segmentCount: Int
  /// Stored events.
  public var eventCount: Int
  /// The earliest fix time among the stored fixes; `nil` when none has a time.
  public var firstFixTimestamp: Date?
  /// The latest fix time among the stored fixes; `nil` when none has a time. A natural
  /// `finishedAt` for an interrupted recording.
  public var lastFixTimestamp: Date?
  /// The figures stored at finish.
  public var totals: ActivityTotals
  /// True when SQLite could not read all of the activity's fixes, segments or events (a
  /// damaged store listed read-only): the counts and fix times then cover nothing (0, `nil`).
  public var isDamaged: Bool

  /// Creates a summary.
  public init(
    id: ActivityID, name: String, kind: ActivityKind, state: ActivityState, startedAt: Date,
    finishedAt: Date?, acceptedFixCount: Int, rejectedFixCount: Int, pendingFixCount: Int,
    segmentCount: Int, eventCount: Int, firstFixTimestamp: Date?, lastFixTimestamp: Date?,
    totals: ActivityTotals, isDamaged: Bool = false
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.state = state
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.acceptedFixCount = acceptedFixCount
    self.rejectedFixCount = rejectedFixCount
    self.pendingFixCount = pendingFixCount
    self.segmentCount = segmentCount
    self.eventCount = eventCount
    self.firstFixTimestamp = firstFixTimestamp
    self.lastFixTimestamp = lastFixTimestamp
    self.totals = totals
    self.isDamaged = isDamaged
  }

  /// Every stored fix: accepted, rejected or pending.
  public var fixCount: Int { acceptedFixCount + rejectedFixCount + pendingFixCount }

  /// True once finished.
  public var isFinished: Bool { state == .finished }
}
