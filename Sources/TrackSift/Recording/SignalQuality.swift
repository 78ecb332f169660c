/// How good the satellite signal is, for a display: from the newest fix's horizontal accuracy,
/// or searching when no fresh fix arrived.
public enum SignalQuality: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// No fresh fix (none yet, or none within the watchdog time).
  case searching
  /// Accuracy worse than the good limit (10 m by default).
  case weak
  /// Accuracy between the strong and the good limit (5-10 m by default), or not reported.
  case good
  /// Accuracy better than the strong limit (5 m by default).
  case strong

  /// The quality of a fix with this accuracy.
  ///
  /// - Parameters:
  ///   - horizontalAccuracyMeters: the fix's valid accuracy, or `nil` when not reported (files
  ///     and some receivers give none; the fix itself is evidence of a signal).
  ///   - strongBelowMeters: accuracy below this is strong.
  ///   - goodBelowMeters: accuracy below this (and not strong) is good; above, weak.
  public init(
    horizontalAccuracyMeters: Double?, strongBelowMeters: Double = 5, goodBelowMeters: Double = 10
  ) {
    guard let accuracy = horizontalAccuracyMeters else {
      self = .good
      return
    }
    if accuracy < strongBelowMeters {
      self = .strong
    } else if accuracy < goodBelowMeters {
      self = .good
    } else {
      self = .weak
    }
  }

  private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
