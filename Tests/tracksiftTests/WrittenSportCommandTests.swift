import Foundation
import Testing
import TrackSiftTestSupport

/// `clean` and `convert` write the sport each part was measured as, so that `analyze` of the
/// written file measures it with the same profiles: a walk stays a walk, a multisport file
/// keeps its sessions.
@Suite struct WrittenSportCommandTests {
  /// `analyze PATH --json` as an object.
  private func analysis(_ path: String) throws -> [String: Any] {
    try CommandRunner.jsonObject(["analyze", path, "--json"])
  }

  private func refinedDistance(_ summary: [String: Any]) throws -> Double {
    try #require((summary["refined"] as? [String: Any])?["distanceMeters"] as? Double)
  }

  private func sessionProfiles(_ summary: [String: Any]) -> [String] {
    (summary["sessions"] as? [[String: Any]] ?? []).compactMap { $0["profile"] as? String }
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func aMultisportFileKeepsItsSessionsInEveryFormat() throws {
    let path = try sharedFile("corpus/fit/activities/activity-large-fenxi2-multisport.fit").path
    let original = try analysis(path)
    let profiles = ["running", "running", "running", "running", "running", "running", "cycling"]
    #expect(sessionProfiles(original) == profiles)
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["gpx", "tcx", "fit"] {
      let output = directory.appendingPathComponent("cleaned.\(format)").path
      let convert = try CommandRunner.run(["convert", "--clean", path, "-o", output])
      #expect(convert.status == 0, "\(convert.standardError)")
      let again = try analysis(output)
      #expect(sessionProfiles(again) == profiles, "\(format)")
      // Measured as written, each session with its profile, to FIT's 9 mm resolution (as one
      // ride, the GPX measured 10 % short; filtered again, 0.2-0.4 %).
      let before = try refinedDistance(original)
      let after = try refinedDistance(again)
      #expect(abs(after - before) <= 1e-4 * before, "\(format): \(after) m, refined \(before) m")
      #expect(
        (again["readerNote"] as? String)?.contains("refined figures measured as written") == true)
    }
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func aCleanedWalkIsAWalk() throws {
    let path = try sharedFile(
      "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Jo.fit"
    ).path
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["gpx", "tcx", "fit"] {
      let output = directory.appendingPathComponent("walk.\(format)").path
      let arguments =
        format == "gpx"
        ? ["clean", path, "-o", output] : ["convert", "--clean", path, "-o", output]
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 0, "\(result.standardError)")
      let summary = try analysis(output)
      #expect(
        summary["profile"] as? String == "walking",
        "\(format): \(summary["profileReason"] ?? "no reason")")
    }
  }
}
