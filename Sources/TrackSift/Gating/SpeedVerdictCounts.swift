/// Counts of ``SpeedVerdict``s: trusted, and rejected by reason. Unjudged speeds are not
/// counted.
public struct SpeedVerdictCounts: Sendable, Hashable {
  /// Number of trusted speeds.
  public private(set) var trustedCount = 0
  private var rejected: [SpeedRejectionReason: Int] = [:]

  /// Creates empty counts.
  public init() {}

  /// Counts one verdict.
  public mutating func record(_ verdict: SpeedVerdict) {
    switch verdict {
    case .trusted: trustedCount = Self.incremented(trustedCount)
    case .rejected(let reason): rejected[reason] = Self.incremented(rejected[reason] ?? 0)
    case .unjudged: break
    }
  }

  /// The number of speeds rejected for `reason`.
  public subscript(reason: SpeedRejectionReason) -> Int { rejected[reason] ?? 0 }

  /// Number of rejected speeds.
  public var rejectedCount: Int { rejected.values.reduce(0) { $0 &+ $1 } }

  /// The reasons with a count above zero, most frequent first (ties by code).
  public var rejections: [(reason: SpeedRejectionReason, count: Int)] {
    rejected.filter { $0.value > 0 }.map { (reason: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
  }

  private static func incremented(_ value: Int) -> Int { value == .max ? value : value + 1 }
}

extension SpeedVerdictCounts: Codable {
  private enum CodingKeys: String, CodingKey { case trusted, rejected }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    trustedCount = max(0, try container.decode(Int.self, forKey: .trusted))
    let byCode = try container.decodeIfPresent([String: Int].self, forKey: .rejected) ?? [:]
    for (code, count) in byCode {
      guard let reason = SpeedRejectionReason(code: code) else {
        throw DecodingError.dataCorruptedError(
          forKey: .rejected, in: container, debugDescription: "unknown speed code \(code)")
      }
      rejected[reason] = max(0, count)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(trustedCount, forKey: .trusted)
    var byCode: [String: Int] = [:]
    for (reason, count) in rejected where count > 0 { byCode[reason.code] = count }
    try container.encode(byCode, forKey: .rejected)
  }
}
