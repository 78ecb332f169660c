import TrackSift

/// One raw fix as recorded, with its place in the recording and the gate's verdict, which may
/// still be pending.
///
/// A live recorder records a fix when it arrives but judges it only some fixes later (its
/// look-ahead refuses excursions), so a fix is stored on arrival with ``verdict`` `nil` and its
/// verdict is written when it comes, as a ``StoredVerdict``.
///
/// Every field of ``fix`` is stored, unknown values as SQL `NULL`, so a fix reads back equal to
/// the one appended (a NaN latitude or longitude is stored as `NULL` and reads back as NaN).
public struct StoredFix: Sendable, Hashable {
  /// The fix's position in the recording, from 0, unique within the activity. Appending a
  /// sequence number that is already stored does nothing: the first row stored wins.
  public var sequence: Int
  /// The segment the fix belongs to, from 0; a resume after a pause starts the next one.
  public var segmentIndex: Int
  /// The fix as the receiver reported it.
  public var fix: Fix
  /// The gate's verdict, stored as its stable `Verdict.code`; `nil` while pending (SQL `NULL`),
  /// until a ``StoredVerdict`` for this sequence number is written.
  public var verdict: Verdict?

  /// Creates a stored fix; pass `verdict: nil` for a fix whose verdict is not final yet.
  public init(sequence: Int, segmentIndex: Int, fix: Fix, verdict: Verdict?) {
    self.sequence = sequence
    self.segmentIndex = segmentIndex
    self.fix = fix
    self.verdict = verdict
  }
}
