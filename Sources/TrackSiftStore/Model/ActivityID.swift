/// The identifier of a stored activity: the SQLite row id of its `activity` row.
///
/// Identifiers are never reused, not even after ``ActivityStore/deleteActivity(_:)``
/// (the table is declared `AUTOINCREMENT`).
public struct ActivityID: RawRepresentable, Sendable, Hashable, Comparable, Codable,
  CustomStringConvertible
{
  /// The row id.
  public var rawValue: Int64

  /// Creates an identifier from a row id.
  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  /// The row id in decimal, e.g. `"42"`.
  public var description: String { String(rawValue) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
