import Foundation
import Testing
import TrackSiftSimulation

@Suite struct TruthCSVTests {
  @Test func writesAHeaderAndOneRowPerTruthPoint() {
    let recording = ScenarioSimulator(
      configuration: ScenarioConfiguration(durationSeconds: 30, seed: 1)
    ).run()
    let lines = TruthCSV.string(from: recording).split(separator: "\n")
    #expect(lines.count == recording.truth.count + 1)
    #expect(lines[0] == "time,latitude,longitude,speed_mps,distance_m,moving,elevation_m")
    // The default start is 2026-09-21T14:13:20 UTC.
    let elevation = String(format: "%.3f", recording.truth[0].elevationMeters ?? .nan)
    #expect(
      lines[1] == "2026-09-21T14:13:20.000Z,52.229700000,21.012200000,0.000,0.000,0,\(elevation)")
    #expect(lines[2].hasPrefix("2026-09-21T14:13:20.100Z,"))
    #expect(lines[2].split(separator: ",")[5] == "1")
  }
}

@Suite struct StandardSuiteTests {
  @Test func coversEveryEnvironmentDeviceOutingAndSeed() {
    let suite = ScenarioConfiguration.standardSuite()
    #expect(suite.count == 4 * 3 * 5 * 3)
    #expect(Set(suite).count == suite.count)
    #expect(suite.allSatisfy { $0.durationSeconds == 2_700 })
    let grid = suite.filter { $0.route == .streetGrid }
    #expect(grid.count == 4 * 3 * 3 * 3)
    #expect(Set(grid.map(\.activity)) == [.walking, .running, .cycling])
    #expect(suite.filter { $0.route == .hill }.allSatisfy { $0.activity == .running })
    #expect(suite.filter { $0.route == .mountainRoad }.allSatisfy { $0.activity == .cycling })
    #expect(suite.filter { $0.route != .streetGrid }.count == 4 * 3 * 2 * 3)
  }

  @Test func watchesRecordBarometricAltitudeAndPhonesGNSSAltitude() {
    for configuration in ScenarioConfiguration.standardSuite() {
      #expect(configuration.altimeter == (configuration.device == .watch ? .barometric : .gnss))
    }
  }
}
