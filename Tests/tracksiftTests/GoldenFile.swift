import Foundation
import Testing

/// A file under `Tests/tracksiftTests/Golden/` holding a command's whole expected output.
///
/// ``check(_:sourceLocation:)`` compares an output with the file byte for byte and, on a
/// mismatch, records the first line that differs. With `TRACKSIFT_UPDATE_GOLDEN=1` in the
/// environment it rewrites the file instead, and records an issue only when the content
/// changed, so that a regenerating run cannot pass silently on changed outputs.
struct GoldenFile {
  /// The file's name within the golden folder, such as `analyze-city-run.txt`.
  var name: String

  /// The folder beside this source file.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Whether this run rewrites the golden files instead of comparing with them.
  static let isUpdating = ProcessInfo.processInfo.environment["TRACKSIFT_UPDATE_GOLDEN"] == "1"

  /// The command that rewrites every golden file.
  static let regenerateCommand = "TRACKSIFT_UPDATE_GOLDEN=1 swift test --filter GoldenOutputTests"

  var url: URL { Self.directory.appendingPathComponent(name) }

  /// The file's content, or `nil` when it does not exist.
  var content: String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Compares `actual` with the file (or rewrites the file when updating).
  func check(_ actual: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let expected = content
    if Self.isUpdating {
      guard expected != actual else { return }
      try Data(actual.utf8).write(to: url, options: .atomic)
      Issue.record(
        "rewrote Golden/\(name); run again without TRACKSIFT_UPDATE_GOLDEN to compare",
        sourceLocation: sourceLocation)
      return
    }
    guard let expected else {
      Issue.record(
        "Golden/\(name) is missing; write it with \(Self.regenerateCommand)",
        sourceLocation: sourceLocation)
      return
    }
    if let difference = Self.firstDifference(expected: expected, actual: actual) {
      let message =
        "Golden/\(name) differs \(difference)\nIf the change is meant, regenerate with "
        + Self.regenerateCommand
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// Where `actual` first departs from `expected`: the line number and both lines (quoted, so
  /// that spaces and tabs show), or `nil` when the two are the same bytes.
  static func firstDifference(expected: String, actual: String) -> String? {
    guard Data(expected.utf8) != Data(actual.utf8) else { return nil }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(expectedLines.count, actualLines.count)
    let index =
      (0..<common).first { !expectedLines[$0].utf8.elementsEqual(actualLines[$0].utf8) }
      ?? common
    func line(_ lines: [Substring]) -> String {
      index < lines.count ? String(reflecting: String(lines[index])) : "(no more lines)"
    }
    // Split on newlines, two texts that differ only by a final newline differ by an empty last
    // line: say so rather than leave the reader to compare "" with nothing.
    let finalNewline =
      expected + "\n" == actual || actual + "\n" == expected
      ? "\n  (only the final newline differs)" : ""
    return """
      at line \(index + 1) (expected \(expectedLines.count) lines, got \(actualLines.count)):
        expected: \(line(expectedLines))
        actual:   \(line(actualLines))
      """ + finalNewline
  }
}
