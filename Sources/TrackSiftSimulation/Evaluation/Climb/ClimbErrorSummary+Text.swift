import Foundation

extension ClimbErrorSummary {
  /// The columns of the table: title and value.
  private static let columns: [(title: String, value: @Sendable (Row) -> String)] = [
    ("cases", { "\($0.caseCount)" }),
    ("real climbs", { "\($0.realClimbCount)" }),
    ("no DEM med %", { format($0.withoutDEM.medianAbsolutePercent) }),
    ("no DEM worst %", { format($0.withoutDEM.worstAbsolutePercent) }),
    ("no DEM most neg %", { format($0.withoutDEM.mostNegativePercent, signed: true) }),
    ("DEM med %", { format($0.withDEM.medianAbsolutePercent) }),
    ("DEM worst %", { format($0.withDEM.worstAbsolutePercent) }),
    ("DEM most neg %", { format($0.withDEM.mostNegativePercent, signed: true) }),
  ]

  /// A row's name in the table: `all`, or the grouping and the name (`device phone`).
  private static func title(_ row: Row) -> String {
    row.grouping == .all ? "all" : "\(row.grouping.rawValue) \(row.name)"
  }

  /// A Markdown table, one row per set of recordings.
  public var markdown: String {
    let header = "| recordings | " + Self.columns.map(\.title).joined(separator: " | ") + " |"
    let rule = "|---|" + String(repeating: "---:|", count: Self.columns.count)
    let lines = rows.map { row in
      "| \(Self.title(row)) | " + Self.columns.map { $0.value(row) }.joined(separator: " | ")
        + " |"
    }
    return ([header, rule] + lines).joined(separator: "\n")
  }

  /// A plain-text table for terminals.
  public var text: String {
    var table = [["recordings"] + rows.map(Self.title)]
    for column in Self.columns {
      table.append([column.title] + rows.map(column.value))
    }
    let widths = table.map { $0.map(\.count).max() ?? 0 }
    return table[0].indices.map { line in
      table.enumerated().map { index, column in
        index == 0
          ? column[line].padding(toLength: widths[index], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[index] - column[line].count) + column[line]
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  private static func format(_ value: Double?, signed: Bool = false) -> String {
    guard let value, value.isFinite else { return "–" }
    return String(format: signed ? "%+.1f" : "%.1f", value)
  }
}
