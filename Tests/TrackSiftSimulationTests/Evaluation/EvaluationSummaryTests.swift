import Testing

@testable import TrackSiftSimulation

/// A summary over one recording shows one column a figure; over several, medians and worst
/// cases side by side.
@Suite struct EvaluationSummaryTests {
  func cards(distanceErrorPercent: Double, stopped: Double) -> [ScoreCard] {
    var raw = ScoreCard(pipeline: EvaluatedPipeline.raw.name)
    raw.distanceErrorPercent = distanceErrorPercent * 10
    raw.stoppedDistanceMetersPerMinute = stopped * 10
    var refined = ScoreCard(pipeline: EvaluatedPipeline.trackSiftRefined.name)
    refined.distanceErrorPercent = distanceErrorPercent
    refined.stoppedDistanceMetersPerMinute = stopped
    return [raw, refined]
  }

  @Test func oneRecordingShowsOneColumnAFigure() {
    let summary = EvaluationSummary(
      cards: [cards(distanceErrorPercent: -1.5, stopped: 0.25)], signed: true)
    let header = summary.markdown.split(separator: "\n")[0]
    #expect(header == "| pipeline | dist err % | stopped m/min |")
    #expect(summary.markdown.contains("| TrackSift refined | -1.50 | 0.25 |"))
    #expect(!summary.text.contains("worst"))
  }

  @Test func severalRecordingsShowMediansAndWorstCases() {
    let summary = EvaluationSummary(cards: [
      cards(distanceErrorPercent: 1, stopped: 0), cards(distanceErrorPercent: 3, stopped: 2),
    ])
    let header = summary.markdown.split(separator: "\n")[0]
    #expect(
      header
        == "| pipeline | dist err med % | dist err worst % | stopped m/min med | stopped m/min worst |"
    )
  }

  /// Pooled over the stops' minutes: a recording with long stops weighs more than the median
  /// or the worst case say.
  @Test func stoppedDistancePoolsTheStopsMinutes() throws {
    var recordings = [
      cards(distanceErrorPercent: 1, stopped: 3), cards(distanceErrorPercent: 1, stopped: 0),
    ]
    recordings[0][1].stoppedMinutes = 10
    recordings[1][1].stoppedMinutes = 50
    let refined = try #require(EvaluationSummary(cards: recordings).rows.last)
    #expect(refined.stoppedDistanceWorstMetersPerMinute == 3)
    #expect(refined.stoppedDistancePooledMetersPerMinute == 0.5)
    // Without the minutes there is nothing to pool.
    #expect(
      EvaluationSummary(cards: recordings).rows[0].stoppedDistancePooledMetersPerMinute == nil)
  }
}
