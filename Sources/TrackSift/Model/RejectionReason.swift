/// Why a fix was refused. Each case has a stable string ``code`` for storage, CSV and JSON.
public enum RejectionReason: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// Latitude or longitude is NaN, infinite or out of range.
  case invalidCoordinates = "invalid-coordinates"
  /// The position is exactly (0, 0).
  case nullIsland = "null-island"
  /// The fix has no time, and the rule that needs one cannot run (live gates require times).
  case missingTimestamp = "missing-timestamp"
  /// Reported horizontal accuracy is negative (or, for gates that require one, absent or zero).
  case invalidAccuracy = "invalid-accuracy"
  /// Reported horizontal accuracy is worse than the ceiling in force.
  case accuracyAboveCeiling = "accuracy-above-ceiling"
  /// The fix arrived inside the warm-up window after the session started.
  case warmUp = "warm-up"
  /// The fix is older than the staleness limit at arrival (a cached fix).
  case stale = "stale"
  /// The position came from a cell or Wi-Fi network.
  case networkSource = "network-source"
  /// Same timestamp as the last accepted fix.
  case duplicateTimestamp = "duplicate-timestamp"
  /// Earlier than the last accepted fix.
  case outOfOrder = "out-of-order"
  /// The fix's time is far from its neighbours' (see `TimeJump`): an isolated jump forward
  /// or back that the fixes around it do not follow, or a segment's first or last fix set
  /// apart from the rest by more than a day.
  case timeJump = "time-jump"
  /// Reaching it from the expected position needs an implausible speed.
  case impliedSpeed = "implied-speed"
  /// Reaching it needs an implausible acceleration.
  case impliedAcceleration = "implied-acceleration"
  /// Too fast for the first seconds of a session (a cached or spiky start).
  case startupSpeed = "startup-speed"
  /// The position filter found the fix inconsistent with its prediction (chi-square test).
  case innovationOutlier = "innovation-outlier"
  /// The fix arrived while the recording was paused by the user.
  case recordingPaused = "recording-paused"
  /// The receiver used fewer satellites than ``FixGateConfiguration/minimumSatellitesUsed``
  /// (four are needed for a position and a clock; with fewer the receiver extrapolates).
  case tooFewSatellites = "too-few-satellites"
  /// The receiver said it had no fix, or only a two-dimensional one (altitude assumed, not
  /// solved), and ``FixGateConfiguration/rejectsWithoutThreeDimensionalFix`` is on.
  case noThreeDimensionalFix = "no-3d-fix"

  /// Whether the fix's time is trusted though the fix was refused: it was refused for its
  /// position, accuracy or source, or during the warm-up, not for its time. Such a fix still
  /// runs the activity's clock (elapsed and timer time, see ``ActivityMetrics``).
  public var keepsTime: Bool {
    switch self {
    case .accuracyAboveCeiling, .warmUp, .networkSource, .impliedSpeed, .impliedAcceleration,
      .startupSpeed, .innovationOutlier, .invalidAccuracy, .tooFewSatellites,
      .noThreeDimensionalFix:
      true
    case .invalidCoordinates, .nullIsland, .missingTimestamp, .stale, .duplicateTimestamp,
      .outOfOrder, .timeJump, .recordingPaused:
      false
    }
  }

  /// Whether the fix was refused because its position was off the track (an implied-speed
  /// jump or an innovation outlier): the receiver's solution was disturbed.
  public var isPositionOutlier: Bool { self == .impliedSpeed || self == .innovationOutlier }

  /// The stable string code, e.g. `"accuracy-above-ceiling"`.
  public var code: String { rawValue }

  /// Creates a reason from its stable code.
  public init?(code: String) { self.init(rawValue: code) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
