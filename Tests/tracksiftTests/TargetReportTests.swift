import Foundation
import Testing
import TrackSiftSimulation

@testable import tracksift

/// BENCHMARKS.md says where a real recording is measured closer by another pipeline than by the
/// refined output.
@Suite struct TargetReportTests {
  func card(_ pipeline: EvaluatedPipeline, distanceErrorPercent: Double) throws -> ScoreCard {
    let json =
      #"{"pipeline": "\#(pipeline.name)", "distanceErrorPercent": \#(distanceErrorPercent)}"#
    return try JSONDecoder().decode(ScoreCard.self, from: Data(json.utf8))
  }

  @Test func namesThePipelinesThatMeasureARecordingCloser() throws {
    let drive = [
      try card(.raw, distanceErrorPercent: -1.48),
      try card(.plainKalmanRTS, distanceErrorPercent: 2.5),
      try card(.trackSiftLive, distanceErrorPercent: 0.1),
      try card(.trackSiftRefined, distanceErrorPercent: -2.27),
    ]
    let loop = [
      try card(.raw, distanceErrorPercent: 0.67),
      try card(.trackSiftRefined, distanceErrorPercent: 0.24),
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
