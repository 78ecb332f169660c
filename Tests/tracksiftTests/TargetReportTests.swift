import Testing

@testable import TrackSiftEvaluation
@testable import TrackSiftSimulation

/// BENCHMARKS.md says where a real recording is measured closer by another pipeline than by the
/// refined output.
@Suite struct TargetReportTests {
  func card(_ pipeline: EvaluatedPipeline, distanceErrorPercent: Double) -> ScoreCard {
    var card = ScoreCard(pipeline: pipeline.name)
    card.distanceErrorPercent = distanceErrorPercent
    return card
  }

  @Test func namesThePipelinesThatMeasureARecordingCloser() {
    let drive = [
      card(.raw, distanceErrorPercent: -1.48),
      card(.plainKalmanRTS, distanceErrorPercent: 2.5),
      card(.trackSiftLive, distanceErrorPercent: 0.1),
      card(.trackSiftRefined, distanceErrorPercent: -2.27),
    ]
    let loop = [
      card(.raw, distanceErrorPercent: 0.67),
      card(.trackSiftRefined, distanceErrorPercent: 0.24),
    ]
    let empty = EvaluationSummary(cards: [])
    let lines = TargetReport(
      suite: empty, routes: empty, real: [("drive", drive), ("loop", loop)]
    ).lines.filter { $0.hasPrefix("- not best") }
    #expect(
      lines == [
        "- not best: drive: raw fixes -1.48 % measure the distance closer than the refined "
          + "output (-2.27 %)"
      ])
  }
}
