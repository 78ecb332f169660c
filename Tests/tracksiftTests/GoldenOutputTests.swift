// Whole-output tests of the CLI: each command's standard output (and its standard error, when
// it prints one) is compared byte for byte with a golden file in Golden/, so that a change of
// any printed character fails a test and shows the first line that differs.
//
// After a deliberate change of output, regenerate the files and review their diff:
//
//     TRACKSIFT_UPDATE_GOLDEN=1 swift test --filter GoldenOutputTests
//
// Commands run in a temporary folder on relative paths (a copy of Samples/city-run.gpx, a
// store, a simulated walk), or in ../shared/data for the real files, so that no folder of this
// machine is printed. Before comparing, any absolute path left is replaced: the temporary
// folder by $TMP, the repository by $REPO, the shared data folder by $DATA. Nothing else is
// replaced: these outputs hold no time of day, run duration or version (eval's suite timing
// is not exercised). Golden/README.md says the same.

import Foundation
import Testing

@Suite(.serialized) struct GoldenOutputTests {
  /// The repository's root.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// The sample run the repository ships.
  static let sample = repository.appendingPathComponent("Samples/city-run.gpx")

  /// The u-blox F9K drive and a FIT file damaged at its end, within `shared/data`.
  static let f9kDrive = CommandTests.f9kDrive
  static let damagedFIT = "corpus/fit/edge-cases/nick.fit"
  /// A triathlon (swim, transition, ride, transition, run) as one FIT file of five sessions.
  static let triathlonFIT = "corpus/fit/edge-cases/sample_mulitple_header.fit"

  /// A fresh temporary folder holding a copy of the sample as `city-run.gpx`.
  private func folderWithSample() throws -> URL {
    let directory = try CommandRunner.temporaryDirectory()
    try FileManager.default.copyItem(
      at: Self.sample, to: directory.appendingPathComponent("city-run.gpx"))
    return directory
  }

  /// `text` with the absolute paths that vary between machines and runs replaced.
  private func normalised(_ text: String, directory: URL) -> String {
    var text = text
    if let data = CommandRunner.sharedData {
      text = text.replacingOccurrences(of: data.standardized.path, with: "$DATA")
    }
    return text.replacingOccurrences(of: directory.path, with: "$TMP")
      .replacingOccurrences(of: Self.repository.path, with: "$REPO")
  }

  /// Runs `tracksift arguments` in `directory`, expects it to succeed and checks its standard
  /// output against the golden file `name`, and its standard error (when it prints one, or
  /// printed one before) against `name` with `.stderr` before the extension.
  private func expectGolden(
    _ name: String, _ arguments: [String], in directory: URL,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try CommandRunner.run(arguments, in: directory)
    #expect(
      result.status == 0, "tracksift \(arguments.joined(separator: " ")): \(result.standardError)",
      sourceLocation: sourceLocation)
    try GoldenFile(name: name).check(
      normalised(result.standardOutput, directory: directory), sourceLocation: sourceLocation)
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let errorFile = GoldenFile(name: "\(name[..<dot]).stderr\(name[dot...])")
    if !result.standardError.isEmpty || errorFile.content != nil {
      try errorFile.check(
        normalised(result.standardError, directory: directory), sourceLocation: sourceLocation)
    }
  }

  @Test func analyze() throws {
    let directory = try folderWithSample()
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectGolden("analyze-city-run.txt", ["analyze", "city-run.gpx"], in: directory)
    try expectGolden(
      "analyze-city-run-imperial.txt", ["analyze", "city-run.gpx", "--units", "imperial"],
      in: directory)
    try expectGolden(
      "analyze-city-run.json", ["analyze", "city-run.gpx", "--json"], in: directory)
  }

  @Test func clean() throws {
    let directory = try folderWithSample()
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectGolden(
      "clean-city-run.txt", ["clean", "city-run.gpx", "-o", "clean.gpx"], in: directory)
    try expectGolden(
      "clean-city-run-live-simplified.txt",
      [
        "clean", "city-run.gpx", "-o", "live.gpx", "--smoother", "live", "--tolerance-meters",
        "2",
      ],
      in: directory)
  }

  @Test func convert() throws {
    let directory = try folderWithSample()
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectGolden(
      "convert-city-run-csv.txt", ["convert", "city-run.gpx", "-o", "city-run.csv"],
      in: directory)
    try expectGolden(
      "convert-city-run-clean-tcx.txt",
      ["convert", "city-run.gpx", "-o", "cleaned.tcx", "--clean"], in: directory)
    try expectGolden(
      "convert-city-run-fit.txt", ["convert", "city-run.gpx", "-o", "city-run.fit"],
      in: directory)
    try expectGolden(
      "convert-city-run-clean-fit.txt",
      ["convert", "city-run.gpx", "-o", "cleaned.fit", "--clean"], in: directory)
    // What the FIT file reads back as, device totals beside TrackSift's.
    try expectGolden("analyze-city-run-fit.txt", ["analyze", "city-run.fit"], in: directory)
  }

  @Test func replay() throws {
    let directory = try folderWithSample()
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectGolden("replay-city-run.txt", ["replay", "city-run.gpx"], in: directory)
    try expectGolden(
      "replay-city-run.json", ["replay", "city-run.gpx", "--json"], in: directory)
  }

  @Test func report() throws {
    let directory = try folderWithSample()
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectGolden("report-city-run.txt", ["report", "city-run.gpx"], in: directory)
    let page = try String(
      contentsOf: directory.appendingPathComponent("city-run.html"), encoding: .utf8)
    #expect(page.contains("<title>city-run.gpx – TrackSift report</title>"))
    let missing = try CommandRunner.run(
      ["report", "city-run.gpx", "-o", "page.html", "--basemap", "none.mbtiles"], in: directory)
    #expect(missing.status == 1)
    #expect(missing.standardError == "Error: none.mbtiles: no such file\n")
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("page.html").path))
  }

  @Test func activitiesOfAReplayedStore() throws {
    let directory = try folderWithSample()
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectGolden(
      "replay-city-run-store.txt", ["replay", "city-run.gpx", "--store", "store.sqlite"],
      in: directory)
    let store = ["--store", "store.sqlite"]
    try expectGolden("activities-list.txt", ["activities", "list"] + store, in: directory)
    try expectGolden("activities-show.txt", ["activities", "show", "1"] + store, in: directory)
    try expectGolden(
      "activities-export.txt", ["activities", "export", "1", "-o", "export.gpx"] + store,
      in: directory)
    try expectGolden(
      "activities-report.txt", ["activities", "report", "1", "-o", "stored.html"] + store,
      in: directory)
    let page = try String(
      contentsOf: directory.appendingPathComponent("stored.html"), encoding: .utf8)
    #expect(page.contains("<svg id=\"map\"") && page.hasSuffix("</html>"))
    try expectGolden("activities-delete.txt", ["activities", "delete", "1"] + store, in: directory)
    try expectGolden("activities-list-empty.txt", ["activities", "list"] + store, in: directory)
  }

  @Test func evalOfASimulatedWalk() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectGolden(
      "simulate-walk.txt",
      [
        "simulate", "--activity", "walking", "--environment", "urbanCanyon", "--device", "watch",
        "--duration-seconds", "600", "--seed", "5", "-o", "walk.gpx", "--truth", "walk-truth.csv",
      ],
      in: directory)
    let eval = ["eval", "walk.gpx", "--truth", "walk-truth.csv", "--profile", "walking"]
    try expectGolden("eval-walk.txt", eval, in: directory)
    try expectGolden("eval-walk.md", eval + ["--markdown"], in: directory)
    try expectGolden("eval-walk.json", eval + ["--json"], in: directory)
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func analyzeSharedFiles() throws {
    let data = try #require(CommandRunner.sharedData)
    let drive = ["analyze", Self.f9kDrive, "--profile", "driving"]
    try expectGolden("analyze-f9k-drive.txt", drive, in: data)
    try expectGolden("analyze-f9k-drive.json", drive + ["--json"], in: data)
    try expectGolden("analyze-damaged-fit.txt", ["analyze", Self.damagedFIT], in: data)
    try expectGolden("analyze-triathlon-fit.txt", ["analyze", Self.triathlonFIT], in: data)
  }

  /// `clean` says on standard error what it read around.
  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func cleanADamagedFile() throws {
    let data = try #require(CommandRunner.sharedData)
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let damaged = data.appendingPathComponent(Self.damagedFIT).path
    try expectGolden(
      "clean-damaged-fit.txt", ["clean", damaged, "-o", "clean.gpx"], in: directory)
  }
}
