/// One walk recorded by two devices at once: each device's figures against its own session
/// total, and the two devices against each other.
public struct PairedWalkScore: Sendable, Codable {
  /// The pair's name (its folder).
  public var name: String
  /// The first device's recording; its reference is its own session total.
  public var first: RealRecordingScore
  /// The second device's recording.
  public var second: RealRecordingScore

  /// Creates a pair.
  public init(name: String, first: RealRecordingScore, second: RealRecordingScore) {
    self.name = name
    self.first = first
    self.second = second
  }

  /// The first device's distance against the second's, in percent, for the live distance.
  public var liveAgreementPercent: Double? { Self.percent(first.liveMeters, second.liveMeters) }
  /// The same for the refined distance.
  public var refinedAgreementPercent: Double? {
    Self.percent(first.refinedMeters, second.refinedMeters)
  }
  /// The same for the two devices' own totals.
  public var deviceAgreementPercent: Double? {
    guard let a = first.referenceMeters, let b = second.referenceMeters else { return nil }
    return Self.percent(a, b)
  }

  private static func percent(_ a: Double, _ b: Double) -> Double? {
    b > 0 ? (a / b - 1) * 100 : nil
  }
}
