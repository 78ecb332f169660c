import TrackSift

/// The final verdict of a fix stored earlier with its verdict pending.
///
/// A live recorder judges a fix only some fixes after it arrived (its look-ahead refuses
/// excursions): the fix is stored on arrival with ``StoredFix/verdict`` `nil`, and this update
/// sets the verdict when it comes. Written after the fixes of its batch, so a fix and its
/// verdict may travel in the same batch.
///
/// An update sets the stored verdict, replacing any other; applying it again changes nothing.
/// An update for a sequence number that no stored fix has is skipped: it never creates a row.
public struct StoredVerdict: Sendable, Hashable {
  /// The ``StoredFix/sequence`` of the fix judged.
  public var sequence: Int
  /// The verdict, stored as its stable `Verdict.code`.
  public var verdict: Verdict

  /// Creates a verdict update.
  public init(sequence: Int, verdict: Verdict) {
    self.sequence = sequence
    self.verdict = verdict
  }
}
