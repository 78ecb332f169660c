/// How many fields of a file's fixes a reader refused because their value was out of the
/// physically possible range or not finite (see ``FixFieldLimits``), by field. A refused field
/// is read as unknown (`nil`); the fix itself is kept.
public struct RefusedFieldCounts: Sendable, Hashable, CustomStringConvertible {
  /// The number of refused values of each field; fields with none are absent.
  public private(set) var counts: [FixField: Int]

  /// Creates counts, empty by default.
  public init(_ counts: [FixField: Int] = [:]) {
    self.counts = counts.filter { $0.value > 0 }
  }

  /// The number of refused values of `field`.
  public subscript(field: FixField) -> Int { counts[field] ?? 0 }

  /// The number of refused values of all fields.
  public var total: Int { counts.values.reduce(0, +) }

  /// Whether no field was refused.
  public var isEmpty: Bool { counts.isEmpty }

  /// Counts one refused value of `field`.
  public mutating func refuse(_ field: FixField) {
    counts[field, default: 0] += 1
  }

  /// Adds the counts of `other`.
  public mutating func add(_ other: RefusedFieldCounts) {
    counts.merge(other.counts, uniquingKeysWith: +)
  }

  /// `out-of-range values refused: 2 altitudes, 1 time`, fields in ``FixField`` order;
  /// empty when nothing was refused.
  public var description: String {
    guard !isEmpty else { return "" }
    let parts = counts.sorted { $0.key < $1.key }.map { field, count in
      "\(count) " + (count == 1 ? field.words.singular : field.words.plural)
    }
    return "out-of-range values refused: " + parts.joined(separator: ", ")
  }
}
