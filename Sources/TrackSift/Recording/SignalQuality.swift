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

  /// The quality of a fix with this accuracy, keeping `current` while the accuracy stays
  /// within `hysteresis` times its limits (an accuracy of 4-6.25 m keeps a strong or a good
  /// signal at the defaults and 1.25): an accuracy hovering at a limit does not flicker.
  ///
  /// - Parameters:
  ///   - accuracy: the fix's valid accuracy in meters, or `nil` when not reported.
  ///   - strongBelowMeters: accuracy below this is strong.
  ///   - goodBelowMeters: accuracy below this (and not strong) is good; above, weak.
  ///   - current: the quality shown now.
  ///   - hysteresis: how far past a limit, as a factor (1: none), the accuracy must go.
  public init(
    horizontalAccuracyMeters accuracy: Double?, strongBelowMeters: Double = 5,
    goodBelowMeters: Double = 10, keeping current: SignalQuality, hysteresis: Double
  ) {
    self.init(
      horizontalAccuracyMeters: accuracy, strongBelowMeters: strongBelowMeters,
      goodBelowMeters: goodBelowMeters)
    guard let accuracy, self != current, hysteresis > 1 else { return }
    let nearer = SignalQuality(
      horizontalAccuracyMeters: self < current ? accuracy / hysteresis : accuracy * hysteresis,
      strongBelowMeters: strongBelowMeters, goodBelowMeters: goodBelowMeters)
    if nearer == current { self = current }
  }

  private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
