import Foundation

/// Shard summaries joined into one: every row once, in the order one machine would have
/// written them (by file, then place), with the totals.
public enum SummaryMerge {
  /// The joined summary.
  public struct Merged: Sendable {
    /// The summary's lines (with the CSV header first for CSV), each without its line break.
    public var lines: [String]
    /// Files, fixes, distance and failures over every row.
    public var totals: BatchRunner.Totals
  }

  /// Joins the summaries at `paths` (all JSON Lines, or all CSV).
  /// - Throws: ``BatchError`` for an unreadable summary, a line that is no row (a torn last
  ///   line is ignored, as a resumed batch ignores it), mixed formats, or a file that appears
  ///   in two rows (shards that overlap, or one summary given twice).
  public static func merge(_ paths: [String]) throws(BatchError) -> Merged {
    let isCSV = paths.first?.lowercased().hasSuffix(".csv") ?? false
    guard paths.allSatisfy({ $0.lowercased().hasSuffix(".csv") == isCSV }) else {
      throw BatchError("the summaries mix JSON Lines and CSV")
    }
    var rows: [(key: BatchRowKey, line: String, source: String)] = []
    var seen: [String: String] = [:]
    for path in paths {
      for (key, line) in try rowsOf(path, isCSV: isCSV) {
        if let earlier = seen[key.identity] {
          throw BatchError(
            "\(key.file) is in \(earlier) and in \(path): a file may be in one shard only")
        }
        seen[key.identity] = path
        rows.append((key, line, path))
      }
    }
    rows.sort {
      ($0.key.file, $0.key.path, $0.key.member ?? "") < (
        $1.key.file, $1.key.path, $1.key.member ?? ""
      )
    }
    var totals = BatchRunner.Totals()
    for row in rows {
      totals.count(
        row.key.status, fixes: row.key.analysis?.fixCount,
        refinedDistanceMeters: row.key.analysis?.refined.distanceMeters)
    }
    return Merged(lines: (isCSV ? [BatchCSV.header] : []) + rows.map(\.line), totals: totals)
  }

  /// The complete rows of one summary, each with its line.
  private static func rowsOf(_ path: String, isCSV: Bool) throws(BatchError)
    -> [(key: BatchRowKey, line: String)]
  {
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw BatchError("\(path): cannot read (\(error))")
    }
    return try SummaryFile.completeRows(of: data, format: isCSV ? .csv : .jsonLines, path: path)
  }
}
