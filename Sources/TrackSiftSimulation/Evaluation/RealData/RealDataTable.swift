/// A small table printed as aligned text or as Markdown.
public struct RealDataTable: Sendable, Hashable {
  /// The column titles.
  public var header: [String]
  /// The rows, each as many cells as the header.
  public var rows: [[String]]

  /// Creates a table.
  public init(header: [String], rows: [[String]] = []) {
    self.header = header
    self.rows = rows
  }

  /// The table as text: the first column left-aligned, the others right-aligned.
  public var text: String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    return all.map { row in
      row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: max(widths[column] - cell.count, 0))
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// The table as Markdown.
  public var markdown: String {
    let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
    let rule = "|" + header.indices.map { $0 == 0 ? "---|" : "---:|" }.joined()
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
