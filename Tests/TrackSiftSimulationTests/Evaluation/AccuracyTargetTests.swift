import Testing
import TrackSift

@testable import TrackSiftSimulation

/// A small, fast version of `tracksift eval`: TrackSift's refined output against the raw
/// fixes and a classic practice on short recordings of every environment, with the targets
/// of the accuracy lab as assertions. The full suite and its table are in BENCHMARKS.md.
@Suite struct AccuracyTargetTests {
  static let pipelines: [EvaluatedPipeline] = [
    .raw, .runningApp, .trackSiftLive, .trackSiftRefined,
  ]

  static let cards: [[ScoreCard]] = {
    let configurations = ScenarioConfiguration.standardSuite(durationSeconds: 900, seeds: [4])
      .filter { $0.device != .dualFrequencyPhone && $0.activity != .cycling }
    return configurations.map {
      EvaluationCase(recording: ScenarioSimulator(configuration: $0).run()).scored(pipelines)
    }
  }()

  static let summary = EvaluationSummary(cards: cards)

  static func row(_ pipeline: EvaluatedPipeline) -> EvaluationSummary.Row {
    summary.rows[pipelines.firstIndex(of: pipeline)!]
  }

  @Test func distanceIsWithinTargetAndBeatsTheRawFixes() throws {
    let refined = Self.row(.trackSiftRefined)
    let raw = Self.row(.raw)
    let median = try #require(refined.distanceErrorMedianPercent)
    let worst = try #require(refined.distanceErrorWorstPercent)
    #expect(median <= 1.0)
    #expect(worst <= 3.0)
    #expect(median < (raw.distanceErrorMedianPercent ?? 0) / 3)
  }

  @Test func positionsAreNeverWorseThanTheRawFixes() throws {
    let ratio = try #require(Self.row(.trackSiftRefined).horizontalErrorP95WorstRatioToRaw)
    #expect(ratio <= 1.05)  // within 5 %: a watch's own filter leaves little to smooth
    let corners = try #require(Self.row(.trackSiftRefined).cornerCrossTrackWorstRatioToRaw)
    #expect(corners <= 1.5)
  }

  @Test func stopsAreFoundQuicklyAndAddLittleDistance() throws {
    let refined = Self.row(.trackSiftRefined)
    #expect(try #require(refined.stopLatencyMedianSeconds) <= 3)
    #expect(try #require(refined.stoppedDistanceMedianMetersPerMinute) <= 1)
    #expect(try #require(refined.movingTimeErrorMedianPercent) <= 3)
    #expect(try #require(refined.stopF1Median) >= 0.9)
    // No fix of steady motion is shown stopped, nor any stop where nobody stood.
    #expect(try #require(refined.falseStopWorstPercent) == 0)
    #expect(try #require(refined.falseStopTotalCount) == 0)
  }

  @Test func spikesAreCaughtAndGoodFixesKept() throws {
    let refined = Self.row(.trackSiftRefined)
    #expect(try #require(refined.spikeRecallPercent) >= 95)
    #expect(try #require(refined.goodFixesRejectedPercent) <= 0.5)
    #expect(
      try #require(refined.spikeRecallPercent)
        > (Self.row(.runningApp).spikeRecallPercent ?? 100))
  }

  @Test func theClimbIsFarCloserThanTheRawFixes() throws {
    // No target: a phone's GNSS altitude wanders by meters in a city, and a dead band keeps
    // only part of it out (ChoosingTheDefaults, "Elevation").
    let refined = try #require(Self.row(.trackSiftRefined).elevationGainErrorMedianPercent)
    let raw = try #require(Self.row(.raw).elevationGainErrorMedianPercent)
    #expect(refined < raw / 5, "climb error median: refined \(refined) %, raw \(raw) %")
  }

  @Test func theLaunchIsHonest() throws {
    #expect(try #require(Self.row(.trackSiftLive).launchOvershootWorstMetersPerSecond) <= 1)
  }
}
