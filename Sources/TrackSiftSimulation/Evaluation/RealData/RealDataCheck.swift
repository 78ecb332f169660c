import Foundation

/// One target of the real-data suite checked against a measurement: met or not, with the
/// measured value and the target, so the table says where TrackSift falls short.
public struct RealDataCheck: Sendable, Hashable, Codable {
  /// What is checked, e.g. `loop 1710 m, polar: refined distance error`.
  public var title: String
  /// The measured value, or `nil` when it could not be measured (then the check is not met).
  public var value: Double?
  /// The bound the value must keep.
  public var limit: Double
  /// How the value is held to the bound.
  public var bound: Bound
  /// The unit printed after both numbers, e.g. ` %` or ` m`.
  public var unit: String

  /// How a value is held to its limit.
  public enum Bound: String, Sendable, Hashable, Codable {
    /// At most the limit.
    case atMost
    /// At least the limit.
    case atLeast
    /// Within plus or minus the limit.
    case within
  }

  /// Creates a check.
  public init(_ title: String, _ value: Double?, _ bound: Bound, _ limit: Double, _ unit: String) {
    self.title = title
    self.value = value
    self.bound = bound
    self.limit = limit
    self.unit = unit
  }

  /// Whether the value keeps the bound; a value that is not there never does.
  public var isMet: Bool {
    guard let value, value.isFinite else { return false }
    switch bound {
    case .atMost: return value <= limit
    case .atLeast: return value >= limit
    case .within: return abs(value) <= limit
    }
  }

  /// The check as one line: `- met: TITLE: VALUE (target BOUND)`.
  public var line: String {
    // Counts (no unit, whole numbers) print as counts.
    let isCount = unit.isEmpty && (value ?? 0).rounded() == value ?? 0
    let format = bound == .within ? "%+.2f" : isCount ? "%.0f" : "%.2f"
    let measured = value.map { String(format: format, $0) + unit } ?? "not measured"
    let target: String
    switch bound {
    case .atMost: target = "≤ " + String(format: "%g", limit) + unit
    case .atLeast: target = "≥ " + String(format: "%g", limit) + unit
    case .within: target = "within ±" + String(format: "%g", limit) + unit
    }
    return "- \(isMet ? "met" : "**not met**"): \(title): \(measured) (target \(target))"
  }
}
