import Foundation
import Testing
import TrackSift

@testable import TrackSiftBatch

@Suite struct SummaryFileTests {
  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-\(UUID().uuidString)-\(name)").path
  }

  private func row(_ file: String, sha: String = "ab", status: BatchRow.Status = .error)
    -> BatchRow
  {
    BatchRow(
      file: file, path: "/data/\(file)", sha256: sha, status: status,
      error: status == .error ? "line 3, column 4: \"bad\", very bad\nreally" : nil,
      configurationHash: "0123456789abcdef")
  }

  @Test(arguments: ["summary.jsonl", "summary.csv"])
  func resumingKeepsCompleteRowsAndDropsATornLine(name: String) throws {
    let path = temporaryPath(name)
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let file = try SummaryFile(path: path, resuming: false)
      try file.append(row("a.gpx"))
      try file.append(row("b, \"quoted\".gpx"))
    }
    // A kill in the middle of a third line.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"schema\":1,\"file\":\"c.g".utf8))
    try handle.close()
    let resumed = try SummaryFile(path: path, resuming: true)
    #expect(resumed.existingKeys.map(\.file) == ["a.gpx", "b, \"quoted\".gpx"])
    #expect(resumed.existingKeys.allSatisfy { $0.sha256 == "ab" && $0.status == .error })
    try resumed.append(row("c.gpx"))
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == (name.hasSuffix(".csv") ? 4 : 3))
    #expect(lines.last?.contains("c.gpx") == true)
  }

  @Test func theSummarysFolderIsMade() throws {
    let folder = temporaryPath("summaries")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = try SummaryFile(path: folder + "/deep/shard-0.jsonl", resuming: false)
    try file.append(row("a.gpx"))
    #expect(FileManager.default.fileExists(atPath: folder + "/deep/shard-0.jsonl"))
  }

  @Test func aLineThatIsNoRowIsRefusedWithItsNumber() throws {
    let path = temporaryPath("summary.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("{\"schema\":1}\nnot json\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: BatchError.self) { try SummaryFile(path: path, resuming: true) }
    do {
      _ = try SummaryFile(path: path, resuming: true)
    } catch {
      #expect(error.description.contains("line 1"))
    }
  }

  @Test func csvFieldsRoundTrip() {
    let fields = ["plain", "with, comma", "with \"quotes\"", "", "end"]
    #expect(BatchCSV.fields(of: fields.map(BatchCSV.quoted).joined(separator: ",")) == fields)
  }

  @Test func mergeOrdersRowsAndRefusesAFileSeenTwice() throws {
    let first = temporaryPath("0.jsonl")
    let second = temporaryPath("1.jsonl")
    defer {
      try? FileManager.default.removeItem(atPath: first)
      try? FileManager.default.removeItem(atPath: second)
    }
    do {
      let a = try SummaryFile(path: first, resuming: false)
      try a.append(row("c.gpx"))
      try a.append(row("a.gpx"))
      let b = try SummaryFile(path: second, resuming: false)
      try b.append(row("b.gpx"))
    }
    let merged = try SummaryMerge.merge([first, second])
    #expect(merged.lines.map { $0.contains("\"file\":\"a.gpx\"") } == [true, false, false])
    #expect(merged.lines[2].contains("\"file\":\"c.gpx\""))
    #expect(merged.totals.failed == 3)
    #expect(throws: BatchError.self) { try SummaryMerge.merge([first, second, first]) }
  }

  @Test func theConfigurationHashFollowsWhatChangesARow() {
    let base = BatchConfiguration()
    #expect(base.hash.count == 16)
    #expect(base.hash == BatchConfiguration().hash)
    #expect(base.hash != BatchConfiguration(profile: .cycling).hash)
    #expect(base.hash != BatchConfiguration(profileFromSport: true).hash)
    #expect(base.hash != BatchConfiguration(strict: true).hash)
    // Where outputs go does not change a row.
    #expect(base.hash == BatchConfiguration(outputDirectory: "/tmp/x", writesReports: true).hash)
  }
}
