/// How many values of a file's fixes a reader found out of the physically possible range or
/// not finite (see ``FixFieldLimits``), by field: refused (read as unknown, `nil`), or, for an
/// accuracy or a dilution, held at its bound. The fixes themselves are kept.
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

  /// `out-of-range values: 1 time, 2 altitudes`, fields in ``FixField`` order; empty when
  /// nothing was out of range.
  public var description: String {
    guard !isEmpty else { return "" }
    let parts = counts.sorted { $0.key < $1.key }.map { field, count in
      "\(count) " + (count == 1 ? field.words.singular : field.words.plural)
    }
    return "out-of-range values: " + parts.joined(separator: ", ")
  }
}
