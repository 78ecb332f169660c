/// The length of one split: a kilometer or a statute mile.
public enum SplitUnit: String, Sendable, Hashable, Codable, CaseIterable {
  /// 1000 meters.
  case kilometer
  /// 1609.344 meters (the international statute mile).
  case mile

  /// The split length in meters.
  public var lengthMeters: Double {
    switch self {
    case .kilometer: 1_000
    case .mile: 1_609.344
    }
  }
}
