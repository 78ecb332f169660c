/// Whether a segment's times can drive the motion model, and if not, why
/// (see ``Segment/timeUsability``).
public enum TimeUsability: String, Sendable, Hashable, Codable, CaseIterable {
  /// Most fixes have a time, and the times advance apart from isolated glitches (a time that
  /// jumps, repeats or goes back once), which the pipeline refuses fix by fix.
  case usable
  /// No fix has a time.
  case noTimes = "no-times"
  /// Fewer than half of the fixes have a time.
  case fewTimes = "few-times"
  /// Every timed fix (two or more) has the same time (as files with 1901-12-13 "null" times have).
  case allAlike = "all-alike"
  /// The times go back more often than they advance: the fixes are in reverse or scrambled
  /// order, or the clock ran back and forth.
  case notAdvancing = "not-advancing"
  /// Most fixes share their time with the fix before: the times are too coarse for the fixes
  /// (whole minutes for fixes a second apart), and refusing the repeats would lose the route.
  case tooCoarse = "too-coarse"

  /// A short explanation, e.g. for a note on the input: "the times go back as often as they
  /// advance".
  public var explanation: String {
    switch self {
    case .usable: "the times advance"
    case .noTimes: "no fix has a time"
    case .fewTimes: "fewer than half of the fixes have a time"
    case .allAlike: "every fix has the same time"
    case .notAdvancing: "the times go back more often than once in three steps"
    case .tooCoarse: "more than two fixes in three repeat the time before them"
    }
  }

  /// Judges a sequence of fix times in recording order (`nil` for a fix without one).
  ///
  /// The rule: most fixes have a time; between consecutive timed fixes, at least two steps
  /// advance for each step back (an isolated glitch costs one or two steps back among
  /// hundreds, a file in reverse or scrambled order as many back as forward); and at least
  /// one step in three between timed fixes advances (fixes at 2 or 3 Hz stamped to the whole second are
  /// usable, their repeats refused as ``RejectionReason/duplicateTimestamp``; fixes a second
  /// apart stamped to the minute are not).
  ///
  /// - Complexity: O(n) in the times.
  public init(times: some Sequence<Double?>) {
    var count = 0
    var timedCount = 0
    var forward = 0
    var back = 0
    var previous: Double?
    for time in times {
      count += 1
      guard let time, time.isFinite else { continue }
      timedCount += 1
      if let previous {
        if time > previous {
          forward += 1
        } else if time < previous {
          back += 1
        }
      }
      previous = time
    }
    if timedCount == 0 {
      self = .noTimes
    } else if timedCount * 2 <= count {
      self = .fewTimes
    } else if timedCount > 1, forward == 0, back == 0 {
      self = .allAlike
    } else if forward < 2 * back {
      self = .notAdvancing
    } else if forward * 3 < timedCount - 1 {
      self = .tooCoarse
    } else {
      self = .usable
    }
  }
}
