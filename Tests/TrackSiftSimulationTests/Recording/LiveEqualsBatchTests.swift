import Testing
import TrackSift
import TrackSiftSimulation

/// Replaying a recording through the live ``Recorder`` gives exactly the live figures that
/// ``TrackAnalysis`` reports for it: every environment, device and activity of the simulator,
/// with its spikes, gaps, cached starts and stops.
@Suite struct LiveEqualsBatchTests {
  static let configurations =
    ScenarioConfiguration.standardSuite(
      durationSeconds: 900, seeds: [7]
    ).filter { $0.activity != .cycling || $0.device == .phone }
    + [ScenarioConfiguration(activity: .driving, route: .streetGrid, durationSeconds: 900, seed: 7)]

  @Test(arguments: configurations)
  func replayMatchesAnalysis(configuration: ScenarioConfiguration) throws {
    let track = ScenarioSimulator(configuration: configuration).run().track
    let profile = ActivityProfile(activity: configuration.activity)
    let batch = TrackAnalysis(track: track, profile: profile)
    let (events, recorder) = try RecordingReplay.run(
      track, configuration: RecorderConfiguration(profile: profile))
    let live = recorder.liveMetrics.metrics
    #expect(live.distanceMeters == batch.liveMetrics.distanceMeters)
    #expect(live.movingTimeSeconds == batch.liveMetrics.movingTimeSeconds)
    #expect(live.kilometerSplits == batch.liveMetrics.kilometerSplits)
    #expect(live.mileSplits == batch.liveMetrics.mileSplits)
    #expect(live.maximumSpeedMetersPerSecond == batch.liveMetrics.maximumSpeedMetersPerSecond)
    #expect(live == batch.liveMetrics)
    #expect(recorder.verdictCounts == batch.verdictCounts)
    // Every fix received is judged once, with the batch's verdict.
    var verdicts: [Int: Verdict] = [:]
    for event in events {
      if case .fixJudged(let sequence, let verdict) = event.kind {
        #expect(verdicts.updateValue(verdict, forKey: sequence) == nil)
      }
    }
    #expect(verdicts.count == track.fixCount)
    #expect((0..<track.fixCount).map { verdicts[$0] } == batch.verdicts.flatMap { $0 })
    // The split cues are the batch's full kilometer splits.
    let cues = events.compactMap { event -> Split? in
      if case .splitReached(let split, _) = event.kind { return split }
      return nil
    }
    #expect(cues == batch.liveMetrics.kilometerSplits.filter { !$0.isPartial })
  }
}
