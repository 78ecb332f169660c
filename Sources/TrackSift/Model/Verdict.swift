/// The gate's judgement on one fix.
public enum Verdict: Sendable, Hashable, Codable {
  /// The fix is used.
  case accepted
  /// The fix is refused, for the given reason.
  case rejected(RejectionReason)

  /// True when accepted.
  public var isAccepted: Bool {
    if case .accepted = self { return true }
    return false
  }

  /// The reason when rejected.
  public var rejectionReason: RejectionReason? {
    if case .rejected(let reason) = self { return reason }
    return nil
  }

  /// `"accepted"`, or the rejection reason's stable code.
  public var code: String { rejectionReason?.code ?? "accepted" }
}
