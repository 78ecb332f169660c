/// Finds the fixes of a segment whose time is far from their neighbours', to refuse them as
/// ``RejectionReason/timeJump`` before they reach the gate. Used by the excursion look-ahead,
/// which holds fixes long enough to see the fixes after a jump.
///
/// A clock does not run back, but it may stop (a signal gap, an auto-pause): a gap forward is
/// plausible, a time that goes back is not. So when the times of consecutive fixes go back,
/// one side is wrong, and the fixes around decide which:
/// - **A jump forward** (one fix stamped an hour ahead in a run): the fix after it goes back
///   but stays later than the fix before the jump. The fixes that jumped (at most
///   ``longestJumpFixes``) are refused; without this the gate would take the jumped fix and
///   refuse every good fix after it until their times caught up.
/// - **A jump back**: a fix earlier than the fix before it, while the fix after it is later
///   than that one. The fix is refused (the gate alone would call it out of order).
/// - **A segment's edge apart from the rest**: at most ``longestJumpFixes`` fixes that open or
///   close a segment, set apart from more fixes than they are by a gap of more than
///   ``edgeGapSeconds``, or opening a segment later than the fixes that follow. A receiver
///   that does not yet know the GPS week stamps its first fixes years off (a week-number
///   rollover is 19.6 years); no activity pauses a day to record a lone fix.
///
/// A clock that really jumped back and runs on from there (a time zone or network time
/// correction in a file, a redelivered batch) is none of these: more than a few fixes follow
/// the new time, and the gate judges them (``RejectionReason/outOfOrder``, or a re-anchoring
/// after a long jump). Repeated times are the gate's too (``RejectionReason/duplicateTimestamp``).
///
/// - Complexity: O(``longestJumpFixes``) per fix, without allocation beyond a few entries.
struct TimeJump: Sendable {
  /// The most consecutive fixes refused as one jump: a few misstamped fixes are a glitch,
  /// more are a clock that changed, for the gate to follow.
  static let longestJumpFixes = 3
  /// The gap that sets a segment's first or last fixes apart as a time jump: a day, longer
  /// than any pause within one activity; of the real recordings in `../shared/data`, it
  /// refuses only a fix stamped 2085 at the end of a 2021 Strava file.
  static let edgeGapSeconds = 86_400.0

  private struct Entry: Sendable {
    var sequence: Int
    var timeSeconds: Double
  }

  /// The latest fixes of the segment that are not refused as jumps, oldest first (at most
  /// ``longestJumpFixes`` + 1).
  private var latest: [Entry] = []
  /// Number of the segment's fixes that are in order so far (`latest` holds them all while
  /// this is at most its capacity).
  private var orderedCount = 0
  /// A fix earlier than the one before it, until the next fix says whether it jumped back.
  private var suspect: Entry?
  /// The segment's opening fixes, while they may still be set apart by an edge gap.
  private var opening: [Entry] = []
  /// Number of fixes after the opening gap, or `nil` before the gap.
  private var afterOpeningGap: Int?
  private var isOpeningDecided = false

  /// Takes the next timed fix of the segment.
  ///
  /// - Returns: the sequence numbers of the fixes now known to have jumped (this one or
  ///   earlier ones), to refuse.
  mutating func append(sequence: Int, timeSeconds: Double) -> [Int] {
    var jumped: [Int] = []
    let entry = Entry(sequence: sequence, timeSeconds: timeSeconds)
    if let suspect {
      self.suspect = nil
      if let before = latest.last, timeSeconds > before.timeSeconds {
        // The clock runs on from before the suspect: the suspect jumped back.
        jumped.append(suspect.sequence)
      } else if timeSeconds >= suspect.timeSeconds, orderedCount == latest.count,
        latest.count <= Self.longestJumpFixes,
        latest.allSatisfy({ $0.timeSeconds > suspect.timeSeconds })
      {
        // The segment opened with fixes later than all that follow them.
        jumped += latest.map(\.sequence)
        latest = []
        orderedCount = 0
        opening = []
        keep(suspect)
      } else {
        keep(suspect)
      }
    }
    if let last = latest.last, timeSeconds < last.timeSeconds {
      // The fixes before this one that are later than it; the one before them, if any, is
      // the clock it runs on from.
      var first = latest.count
      while first > 0, latest[first - 1].timeSeconds > timeSeconds { first -= 1 }
      if first > 0, latest.count - first <= Self.longestJumpFixes {
        jumped += latest[first...].map(\.sequence)
        orderedCount -= latest.count - first
        latest.removeSubrange(first...)
        opening.removeAll { entry in jumped.contains(entry.sequence) }
        keep(entry)
      } else {
        suspect = entry
      }
    } else {
      keep(entry)
    }
    // Appending even an empty array to the empty result allocates; this runs for every fix.
    let openingJumped = judgeOpening()
    if !openingJumped.isEmpty { jumped += openingJumped }
    return jumped
  }

  /// Ends the segment: returns the fixes that close it apart from the rest (see the type's
  /// description), and starts afresh.
  mutating func finish() -> [Int] {
    var jumped: [Int] = []
    if let suspect, let last = latest.last,
      last.timeSeconds - suspect.timeSeconds > Self.edgeGapSeconds
    {
      jumped.append(suspect.sequence)
    }
    // The last fixes after a gap of more than a day, fewer than those before it.
    if let gap = latest.indices.dropFirst().last(where: {
      latest[$0].timeSeconds - latest[$0 - 1].timeSeconds > Self.edgeGapSeconds
    }) {
      let after = latest.count - gap
      if after <= Self.longestJumpFixes, orderedCount - after > after {
        jumped += latest[gap...].map(\.sequence)
      }
    }
    self = TimeJump()
    return jumped
  }

  private mutating func keep(_ entry: Entry) {
    if let last = latest.last, !isOpeningDecided {
      if entry.timeSeconds - last.timeSeconds > Self.edgeGapSeconds {
        if afterOpeningGap == nil, opening.count <= Self.longestJumpFixes {
          afterOpeningGap = 0
        } else {
          isOpeningDecided = true
        }
      }
    }
    if !isOpeningDecided {
      if afterOpeningGap == nil {
        opening.append(entry)
        if opening.count > Self.longestJumpFixes { isOpeningDecided = true }
      } else if let after = afterOpeningGap {
        afterOpeningGap = after + 1
      }
    }
    latest.append(entry)
    if latest.count > Self.longestJumpFixes + 1 { latest.removeFirst() }
    orderedCount += 1
  }

  /// The opening fixes, once more fixes than they are followed their gap.
  private mutating func judgeOpening() -> [Int] {
    guard !isOpeningDecided, let after = afterOpeningGap, after > opening.count else {
      return []
    }
    isOpeningDecided = true
    let jumped = opening.map(\.sequence)
    orderedCount -= jumped.count
    latest.removeAll { jumped.contains($0.sequence) }
    opening = []
    return jumped
  }
}
