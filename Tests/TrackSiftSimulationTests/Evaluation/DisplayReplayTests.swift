import Foundation
import Testing
import TrackSift
import TrackSiftSimulation

/// The eval scores the speed a recording app shows: its displayed speeds are a `Recorder`'s,
/// read as each fix arrives, on the same fixes.
@Suite struct DisplayReplayTests {
  /// A city run (reported speeds, gaps, spikes, a cached first fix) and a drive, whose display
  /// adds the speedometer's guards.
  static let configurations = [
    ScenarioConfiguration(
      environment: .urbanCanyon, device: .phone, activity: .running, route: .streetGrid,
      durationSeconds: 900, seed: 1),
    ScenarioConfiguration(
      environment: .suburban, device: .phone, activity: .driving, route: .streetGrid,
      durationSeconds: 900, seed: 2),
  ]

  @Test(arguments: configurations)
  func displayedSpeedsAreTheRecorders(configuration: ScenarioConfiguration) throws {
    let track = ScenarioSimulator(configuration: configuration).run().track
    let output = PipelineRunner.run(.trackSiftLive, on: track, activity: configuration.activity)
    let fixes = track.segments.flatMap(\.fixes)
    try #require(track.segments.count == 1 && fixes.count > 800)

    var recorder = Recorder(profile: ActivityProfile(activity: configuration.activity))
    let arrival = { (fix: Fix) in try #require(fix.arrivalTime) }
    _ = recorder.start(at: try arrival(fixes[0]))
    var mismatches: [String] = []
    var shownCount = 0
    for (index, fix) in fixes.enumerated() {
      _ = recorder.receive(fix, at: try arrival(fix))
      let recorded = recorder.liveMetrics.speedMetersPerSecond
      let replayed = output.displayedSpeeds[index]
      if replayed != nil { shownCount += 1 }
      if abs(recorded - (replayed ?? 0)) > 1e-9 {
        mismatches.append("fix \(index): recorder \(recorded), eval \(replayed ?? 0)")
      }
    }
    #expect(mismatches.count == 0, "first differences: \(mismatches.prefix(5))")
    #expect(shownCount > fixes.count * 9 / 10)
  }
}
