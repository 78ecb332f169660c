import Foundation
import Testing
import TrackSiftTestSupport

/// `tracksift bench live` on a short run (the figures themselves are measured in release), and
/// `bench` still running the batch stages by default.
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

  @Test func benchWithAFileRunsTheBatchStages() throws {
    let result = try CommandRunner.run(["bench", "/nonexistent/file.gpx", "--repeat", "1"])
    #expect(result.status != 0)
    #expect(result.standardError.contains("/nonexistent/file.gpx"), "\(result.standardError)")
    let help = try CommandRunner.run(["bench", "--help"])
    #expect(help.standardOutput.contains("batch (default)"))
    #expect(help.standardOutput.contains("live"))
  }
}
