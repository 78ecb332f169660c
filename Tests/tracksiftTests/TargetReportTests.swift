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

  /// Issue 32's climb targets: with a DEM per device and environment, without one for
  /// barometric recordings and GNSS-only phones, and never well short on a real climb.
  @Test func checksTheClimbTargets() {
    func score(
      _ device: SimulatedDevice, _ environment: SimulatedEnvironment, _ error: Double,
      _ withDEM: Double
    ) -> ClimbScore {
      ClimbScore(
        name: "x", environment: environment, device: device,
        altimeter: device == .watch ? .barometric : .gnss, route: "hill", trueClimbMeters: 200,
        errorPercent: error, withDEMErrorPercent: withDEM)
    }
    let climbs = [
      score(.phone, .openSky, 20, 3), score(.phone, .forest, -30, -4),
      score(.watch, .openSky, 8, 1), score(.watch, .forest, 4, 2),
      score(.dualFrequencyPhone, .openSky, 70, 20), score(.dualFrequencyPhone, .forest, 2, 1),
    ]
    let empty = EvaluationSummary(cards: [])
    let lines = TargetReport(suite: empty, routes: empty, real: [], climbs: climbs).lines
      .filter { $0.contains("climb") }
    #expect(
      lines.contains("- met: climb with a DEM, median |%|, device phone: 3.5 % (target ≤ 5 %)"))
    #expect(
      lines.contains(
        "- **not met**: climb with a DEM, worst |%|, device dualFrequencyPhone: 20.0 % "
          + "(target ≤ 15 %)"))
    #expect(
      lines.contains(
        "- met: climb with a DEM, median |%|, environment openSky: 3.0 % (target ≤ 5 %)"))
    #expect(
      lines.contains(
        "- met: climb without a DEM, median |%|, barometric altitude: 6.0 % (target ≤ 10 %)"))
    #expect(
      lines.contains(
        "- met: climb without a DEM, median |%|, phone (GNSS altitude): 25.0 % (target ≤ 25 %)"))
    #expect(
      lines.contains(
        "- **not met**: climb without a DEM, worst |%|, dualFrequencyPhone (GNSS altitude): "
          + "70.0 % (target ≤ 60 %)"))
    #expect(
      lines.contains(
        "- **not met**: climb without a DEM, most negative error on a real climb (true climb "
          + "≥ 50 m): -30.0 % (target ≥ -5 %)"))
    #expect(
      lines.contains(
        "- met: climb with a DEM, most negative error on a real climb (true climb ≥ 50 m): "
          + "-4.0 % (target ≥ -5 %)"))
    // Both DEM targets for 3 devices and 2 environments, barometric, 2 phones, 2 shortfalls.
    #expect(lines.count == 2 * (3 + 2) + 1 + 2 * 2 + 2)
  }
}
