/// Why a fix's speed is not trusted, though its position may be. Each case has a stable string
/// ``code`` for CSV, GeoJSON and JSON. See ``SpeedCorroboration`` for the rules.
public enum SpeedRejectionReason: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// The reported speed is at or above the profile's ceiling
  /// (``SpeedEstimator/Configuration/reportedSpeedCeilingMetersPerSecond``).
  case aboveCeiling = "speed-above-ceiling"
  /// The fix is among the first after a signal loss, while the receiver reconverges.
  case afterSignalLoss = "speed-after-signal-loss"
  /// The receiver used fewer satellites than a speed needs.
  case tooFewSatellites = "speed-too-few-satellites"
  /// The receiver's HDOP is above the limit.
  case highDilution = "speed-high-dilution"
  /// The receiver's own speed accuracy is worse than the limit.
  case poorSpeedAccuracy = "speed-poor-accuracy"
  /// The receiver repeated its last velocity instead of measuring one: the same speed, to the
  /// last digit, over a second or more of equal steps (dead reckoning).
  case extrapolated = "speed-extrapolated"
  /// The positions within a second of the fix jitter beyond any body's acceleration (or the
  /// fix came within a second of such positions): the solution is poor, and its speed comes
  /// from the same solution.
  case jitteryPositions = "speed-jittery-positions"
  /// The speed changed faster than the activity can accelerate from the speeds around it.
  case acceleration = "speed-acceleration"
  /// The speed disagrees with the positions' displacement over a couple of seconds.
  case displacement = "speed-displacement"
  /// The fix came within a second of a fix refused for its position (an implied-speed jump
  /// or an innovation outlier): the receiver's solution was disturbed, and its speed comes
  /// from the same solution.
  case afterPositionOutlier = "speed-after-position-outlier"
  /// The fix came within a second of a speed refused for disagreeing with the positions'
  /// displacement: the receiver's velocity solution was disturbed, and a disturbed solution
  /// does not come right from one epoch to the next.
  case afterDisplacement = "speed-after-displacement"

  /// The stable string code, e.g. `"speed-after-signal-loss"`.
  public var code: String { rawValue }

  /// Creates a reason from its stable code.
  public init?(code: String) { self.init(rawValue: code) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
