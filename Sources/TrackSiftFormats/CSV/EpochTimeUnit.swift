/// The unit of a CSV time column that holds Unix epoch numbers, as ``FixCSVReader`` tells it
/// from their magnitude.
///
/// The thresholds are powers of ten where two units cannot both give a date in the range
/// ``FixCSVReader`` accepts (``FixFieldLimits/timeSeconds``, up to the year 2100): a value of
/// 1e11 is the year 5138 in seconds but 1973-03-03 in milliseconds, 1e14 milliseconds is the
/// year 5138 again but 1e14 microseconds is 1973-03-03, and so on. A column is read in the unit
/// whose band holds the median magnitude of its values, so one corrupted value does not
/// change the unit of the others. The cost: epoch milliseconds before March 1973 would be read
/// as seconds, and no GNSS log is that old.
public enum EpochTimeUnit: String, Sendable, Hashable, CaseIterable {
  /// Seconds: magnitudes below 1e11 (also small numbers, such as seconds from the start).
  case seconds
  /// Milliseconds: magnitudes from 1e11 to 1e14.
  case milliseconds
  /// Microseconds: magnitudes from 1e14 to 1e17.
  case microseconds
  /// Nanoseconds: magnitudes of 1e17 and above.
  case nanoseconds

  /// How many of the unit make one second.
  public var perSecond: Double {
    switch self {
    case .seconds: 1
    case .milliseconds: 1e3
    case .microseconds: 1e6
    case .nanoseconds: 1e9
    }
  }

  /// The unit whose magnitude band holds `magnitude` (an absolute value).
  public init(magnitude: Double) {
    self =
      switch magnitude {
      case ..<1e11: .seconds
      case ..<1e14: .milliseconds
      case ..<1e17: .microseconds
      default: .nanoseconds
      }
  }

  /// The unit of a column with these values: the band of their median magnitude; seconds for
  /// none.
  ///
  /// - Complexity: O(n log n) in the number of values.
  public init(values: [Double]) {
    let magnitudes = values.filter(\.isFinite).map(abs).sorted()
    guard !magnitudes.isEmpty else {
      self = .seconds
      return
    }
    self.init(magnitude: magnitudes[magnitudes.count / 2])
  }
}
