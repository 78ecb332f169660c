/// The judgement on one fix's speed, beside the position's ``Verdict``: a speed counts for the
/// maximum, the speedometer, the live pace and the cleaned file only when it is trusted (see
/// ``SpeedCorroboration``). The position filter takes no speed refused for its quality; one
/// refused only for following a signal loss still steers it, since the filter widens its own
/// measurement noise after a loss and tests the Doppler against its state (see
/// <doc:SpeedDefaults>).
public enum SpeedVerdict: Sendable, Hashable, Codable {
  /// The speed is corroborated and used.
  case trusted
  /// The speed is not used, for the given reason; the position may still be accepted.
  case rejected(SpeedRejectionReason)
  /// Nothing was judged: the fix has no speed (none reported and none derived), or its
  /// position was refused.
  case unjudged

  /// True when trusted.
  public var isTrusted: Bool { self == .trusted }

  /// The reason when rejected.
  public var rejectionReason: SpeedRejectionReason? {
    if case .rejected(let reason) = self { return reason }
    return nil
  }

  /// `"trusted"`, `"unjudged"`, or the rejection reason's stable code.
  public var code: String {
    switch self {
    case .trusted: "trusted"
    case .rejected(let reason): reason.code
    case .unjudged: "unjudged"
    }
  }

  /// Creates a verdict from its stable code.
  public init?(code: String) {
    switch code {
    case "trusted": self = .trusted
    case "unjudged": self = .unjudged
    default:
      guard let reason = SpeedRejectionReason(code: code) else { return nil }
      self = .rejected(reason)
    }
  }
}
