import Testing
import TrackSift
import TrackSiftSimulation

/// The figures of every simulated recording of the standard suite obey the invariants of
/// ``ActivityMetrics``, raw, live (batch and replayed) and refined: all finite, distance >= 0,
/// moving <= timer <= elapsed, average <= maximum.
@Suite struct FigureInvariantsSimulationTests {
  static let configurations =
    ScenarioConfiguration.standardSuite(durationSeconds: 900, seeds: [7])
    + [ScenarioConfiguration(activity: .driving, route: .streetGrid, durationSeconds: 900, seed: 7)]

  @Test(arguments: configurations)
  func figuresObeyTheInvariants(configuration: ScenarioConfiguration) throws {
    let track = ScenarioSimulator(configuration: configuration).run().track
    let profile = ActivityProfile(activity: configuration.activity)
    let analysis = TrackAnalysis(track: track, profile: profile)
    let (_, recorder) = try RecordingReplay.run(
      track, configuration: RecorderConfiguration(profile: profile))
    let sets = [
      ("raw", analysis.rawMetrics), ("live", analysis.liveMetrics),
      ("refined", analysis.refinedMetrics), ("recorder", recorder.liveMetrics.metrics),
    ]
    for (name, metrics) in sets {
      let label = "\(configuration) \(name)"
      for value in [
        metrics.distanceMeters, metrics.elapsedTimeSeconds, metrics.timerTimeSeconds,
        metrics.movingTimeSeconds, metrics.averageSpeedMetersPerSecond,
        metrics.maximumSpeedMetersPerSecond, metrics.averagePaceSecondsPerKilometer,
        metrics.elevationGainMeters, metrics.elevationLossMeters,
      ] {
        if let value { #expect(value.isFinite, "\(label)") }
      }
      #expect(metrics.distanceMeters >= 0, "\(label)")
      let moving = try #require(metrics.movingTimeSeconds, "\(label)")
      let timer = try #require(metrics.timerTimeSeconds, "\(label)")
      let elapsed = try #require(metrics.elapsedTimeSeconds, "\(label)")
      #expect(moving <= timer && timer <= elapsed, "\(label): \(moving) \(timer) \(elapsed)")
      let average = try #require(metrics.averageSpeedMetersPerSecond, "\(label)")
      let maximum = try #require(metrics.maximumSpeedMetersPerSecond, "\(label)")
      #expect(average <= maximum, "\(label): \(average) > \(maximum)")
    }
  }
}
