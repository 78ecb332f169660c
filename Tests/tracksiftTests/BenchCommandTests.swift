import Foundation
import Testing
import TrackSiftTestSupport

/// `tracksift bench live` and `bench dem` on short runs (the figures themselves are measured in
/// release), and `bench` still running the batch stages by default.
@Suite struct BenchCommandTests {
  @Test func liveBenchReportsEveryStage() async throws {
    try await onOwnThread {
      let directory = try CommandRunner.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try CommandRunner.run([
        "bench", "live", "--duration-seconds", "300", "--store-duration-seconds", "300",
        "--repeat", "1", "--commits", "5", "--directory", directory.path, "--json",
      ])
      #expect(result.status == 0, "\(result.standardError)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
          as? [String: Any])
      let recorder = try #require(object["recorder"] as? [String: Any])
      let fixes = try #require(recorder["fixes"] as? Int)
      #expect(fixes > 200)
      #expect((recorder["medianNanosecondsPerFix"] as? Double ?? 0) > 0)
      let perFix = try #require(recorder["perFixNanoseconds"] as? [String: Any])
      #expect(perFix["count"] as? Int == fixes)
      let store = try #require(object["store"] as? [String: Any])
      #expect(store["fixes"] as? Int == fixes)
      #expect((store["fixesPerSecond"] as? Double ?? 0) > 0)
      #expect((store["commits"] as? Int ?? 0) >= 1)
      let commits = try #require(store["commitMilliseconds"] as? [String: Any])
      #expect(commits["count"] as? Int == 5)
      // The stores are removed.
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
  }

  @Test func liveBenchTimesTheProfileOfTheActivityAsked() throws {
    let walking = try CommandRunner.run([
      "bench", "live", "--activity", "walking", "--duration-seconds", "120",
      "--store-duration-seconds", "120", "--repeat", "1", "--commits", "1", "--json",
    ])
    #expect(walking.status == 0, "\(walking.standardError)")
    #expect(walking.standardOutput.contains("\"scenario\" : \"walking, urbanCanyon"))
    let driving = try CommandRunner.run(["bench", "live", "--activity", "driving"])
    #expect(driving.status != 0)
    #expect(driving.standardError.contains("no simulated drive"), "\(driving.standardError)")
  }

  @Test func demBenchTimesLookupsInTheTileGiven() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A 3 arc-second tile at sea level everywhere.
    try Data(count: 2 * 1201 * 1201).write(to: directory.appendingPathComponent("S10W020.hgt"))
    let result = try CommandRunner.run([
      "bench", "dem", "--dem", directory.path, "--lookups", "5000", "--repeat", "3", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [String: Any])
    #expect(object["tile"] as? String == "S10W020")
    #expect(object["resolution"] as? String == "3 arc-seconds")
    #expect(object["synthetic"] as? Bool == false)
    #expect(object["lookups"] as? Int == 5000)
    #expect(object["elevations"] as? Int == 5000)
    #expect((object["medianNanosecondsPerLookup"] as? Double ?? 0) > 0)
    let runs = try #require(object["nanosecondsPerLookup"] as? [String: Any])
    #expect(runs["count"] as? Int == 3)
  }

  @Test func demBenchWritesItsOwnTileAndRemovesIt() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CommandRunner.run([
      "bench", "dem", "--directory", directory.path, "--lookups", "1000", "--repeat", "1",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("N46E007 (1 arc-second, synthetic), 1,000 lookups"))
    #expect(result.standardOutput.contains("1,000 of 1,000 lookups gave an elevation"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    let empty = try CommandRunner.run(["bench", "dem", "--dem", directory.path])
    #expect(empty.status != 0)
    #expect(empty.standardError.contains("no HGT tile files"), "\(empty.standardError)")
  }

  @Test func benchWithAFileRunsTheBatchStages() throws {
    let result = try CommandRunner.run(["bench", "/nonexistent/file.gpx", "--repeat", "1"])
    #expect(result.status != 0)
    #expect(result.standardError.contains("/nonexistent/file.gpx"), "\(result.standardError)")
    let help = try CommandRunner.run(["bench", "--help"])
    #expect(help.standardOutput.contains("batch (default)"))
    #expect(help.standardOutput.contains("live"))
  }
}
