/// How many fixes were accepted, and how many were rejected for each ``RejectionReason``.
///
/// Encoded by stable codes, e.g. `{"accepted": 1180, "rejected": {"implied-speed": 3}}`, so the
/// JSON stays readable and survives reordering of the reasons.
public struct VerdictCounts: Sendable, Hashable {
  /// Every reason in a fixed order; `rejected[i]` counts `reasons[i]`.
  private static let reasons = RejectionReason.allCases

  /// Number of accepted fixes.
  public private(set) var acceptedCount = 0
  private var rejected: [Int]

  /// Creates empty counts.
  public init() {
    rejected = Array(repeating: 0, count: Self.reasons.count)
  }

  /// Counts one verdict.
  ///
  /// - Parameter verdict: the gate's verdict on one fix.
  /// - Complexity: O(r) for r reasons (a handful); no allocation.
  public mutating func record(_ verdict: Verdict) {
    switch verdict {
    case .accepted:
      acceptedCount = Self.incremented(acceptedCount, by: 1)
    case .rejected(let reason):
      if let index = Self.reasons.firstIndex(of: reason) {
        rejected[index] = Self.incremented(rejected[index], by: 1)
      }
    }
  }

  /// Moves one accepted fix to the rejected count of `reason`, when a later stage (the
  /// position filter) overrules the acceptance.
  ///
  /// - Complexity: O(r) for r reasons; no allocation.
  public mutating func reclassifyAcceptance(as reason: RejectionReason) {
    guard acceptedCount > 0 else { return }
    acceptedCount -= 1
    record(.rejected(reason))
  }

  /// Adds the counts of another tally (e.g. of another segment).
  ///
  /// - Complexity: O(r) for r reasons.
  public mutating func merge(_ other: VerdictCounts) {
    acceptedCount = Self.incremented(acceptedCount, by: other.acceptedCount)
    for index in rejected.indices {
      rejected[index] = Self.incremented(rejected[index], by: other.rejected[index])
    }
  }

  /// Number of fixes rejected for `reason`.
  public subscript(reason: RejectionReason) -> Int {
    guard let index = Self.reasons.firstIndex(of: reason) else { return 0 }
    return rejected[index]
  }

  /// Number of rejected fixes, over every reason.
  public var rejectedCount: Int { rejected.reduce(0) { Self.incremented($0, by: $1) } }

  /// Number of judged fixes: accepted plus rejected.
  public var totalCount: Int { Self.incremented(acceptedCount, by: rejectedCount) }

  /// The reasons that rejected at least one fix, most frequent first; ties by code.
  ///
  /// - Complexity: O(r log r) for r reasons.
  public var rejections: [(reason: RejectionReason, count: Int)] {
    zip(Self.reasons, rejected)
      .filter { $0.1 > 0 }
      .map { (reason: $0.0, count: $0.1) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
  }

  // Counts are never negative and saturate instead of trapping (decoded input can be huge).
  private static func incremented(_ value: Int, by amount: Int) -> Int {
    let (sum, overflow) = value.addingReportingOverflow(amount)
    return overflow ? Int.max : sum
  }
}

extension VerdictCounts: Codable {
  private enum CodingKeys: String, CodingKey {
    case accepted, rejected
  }

  /// Decodes counts keyed by stable codes.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for an unknown reason code or a negative count.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    acceptedCount = try container.decode(Int.self, forKey: .accepted)
    let byCode = try container.decodeIfPresent([String: Int].self, forKey: .rejected) ?? [:]
    for (code, count) in byCode {
      guard let reason = RejectionReason(code: code),
        let index = Self.reasons.firstIndex(of: reason)
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .rejected, in: container, debugDescription: "unknown rejection code \(code)")
      }
      rejected[index] = count
    }
    if acceptedCount < 0 || rejected.contains(where: { $0 < 0 }) {
      throw DecodingError.dataCorruptedError(
        forKey: .accepted, in: container, debugDescription: "negative count")
    }
  }

  /// Encodes the accepted count and the non-zero rejection counts keyed by stable code.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(acceptedCount, forKey: .accepted)
    var byCode: [String: Int] = [:]
    for (reason, count) in zip(Self.reasons, rejected) where count > 0 {
      byCode[reason.code] = count
    }
    try container.encode(byCode, forKey: .rejected)
  }
}
