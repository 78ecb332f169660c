import Foundation
import Testing

/// `--dem DIR` end to end: `simulate --dem` writes HGT tiles of the simulated ground, and
/// `analyze`, `batch` and `report` count the refined climb on them.
struct TerrainCommandTests {
  /// A 20-minute hill run by a phone, its ground as 3" tiles in `dem/`.
  static func hillRun(in folder: URL) throws -> (gpx: String, dem: String, trueClimb: Double) {
    let gpx = folder.appendingPathComponent("hill.gpx").path
    let dem = folder.appendingPathComponent("dem").path
    let result = try CommandRunner.run([
      "simulate", "-o", gpx, "--route", "hill", "--device", "phone", "--environment",
      "suburban", "--duration-seconds", "1200", "--dem", dem, "--dem-arc-seconds", "3",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("DEM tile: "))
    let climb = result.standardOutput.split(separator: "true climb ").last?
      .split(separator: " ").first.flatMap { Double($0) }
    return (gpx, dem, try #require(climb))
  }

  @Test func analyzeCountsTheClimbOnTheTiles() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.hillRun(in: folder)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: run.dem).contains {
        $0.hasSuffix(".hgt")
      })
    let object = try CommandRunner.jsonObject(["analyze", run.gpx, "--dem", run.dem, "--json"])
    let climb = try #require(object["climb"] as? [String: Any])
    #expect(climb["source"] as? String == "dem")
    let sources = try #require(climb["sources"] as? [[String: Any]])
    #expect(sources.compactMap { $0["source"] as? String } == ["dem", "gnss"])
    let refined = try #require(object["refined"] as? [String: Any])
    let gain = try #require(refined["elevationGainMeters"] as? Double)
    #expect(abs(gain / run.trueClimb - 1) < 0.15, "\(gain) m against \(run.trueClimb) m")
    #expect(object["grade"] is [String: Any])
    let text = try CommandRunner.run(["analyze", run.gpx, "--dem", run.dem])
    #expect(text.standardOutput.contains("Climb (refined) from the terrain model (DEM)"))
  }

  @Test func batchAndReportTakeTheTiles() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.hillRun(in: folder)
    let summary = folder.appendingPathComponent("summary.jsonl").path
    let batch = try CommandRunner.run([
      "batch", run.gpx, "--dem", run.dem, "--summary", summary, "--progress", "none",
    ])
    #expect(batch.status == 0, "\(batch.standardError)")
    #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("\"source\":\"dem\""))
    let page = folder.appendingPathComponent("hill.html").path
    let report = try CommandRunner.run(["report", run.gpx, "--dem", run.dem, "-o", page])
    #expect(report.status == 0, "\(report.standardError)")
    #expect(
      try String(contentsOfFile: page, encoding: .utf8).contains(
        "climb from the terrain model (DEM)"))
  }

  @Test func aFolderWithoutTilesIsRefused() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.hillRun(in: folder)
    let empty = folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let result = try CommandRunner.run(["analyze", run.gpx, "--dem", empty.path])
    #expect(result.status != 0)
    #expect(result.standardError.contains("no HGT tiles"), "\(result.standardError)")
  }
}
