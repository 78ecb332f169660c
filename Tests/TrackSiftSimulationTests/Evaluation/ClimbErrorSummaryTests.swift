import Foundation
import Testing
import TrackSift

@testable import TrackSiftSimulation

/// The climb tables: medians and worst cases over the recordings, the most negative error over
/// the real climbs only, per device, environment and altimeter.
@Suite struct ClimbErrorSummaryTests {
  static func score(
    _ device: SimulatedDevice, _ environment: SimulatedEnvironment, climb: Double,
    error: Double, withDEM: Double
  ) -> ClimbScore {
    ClimbScore(
      name: "x", environment: environment, device: device,
      altimeter: device == .watch ? .barometric : .gnss, route: "hill", trueClimbMeters: climb,
      errorPercent: error, withDEMErrorPercent: withDEM)
  }

  static let scores = [
    score(.phone, .openSky, climb: 300, error: -20, withDEM: -2),
    score(.phone, .forest, climb: 120, error: 10, withDEM: 4),
    // A small climb: in the medians, not in the most negative error.
    score(.phone, .forest, climb: 30, error: -40, withDEM: -8),
    score(.watch, .openSky, climb: 300, error: -6, withDEM: 1),
  ]

  @Test func reducesPerDeviceEnvironmentAndAltimeter() throws {
    let summary = ClimbErrorSummary(scores: Self.scores)
    let all = try #require(summary.row(.all, "all"))
    #expect(all.caseCount == 4 && all.realClimbCount == 3)
    #expect(all.withoutDEM.medianAbsolutePercent == 15)
    #expect(all.withoutDEM.worstAbsolutePercent == 40)
    #expect(all.withoutDEM.mostNegativePercent == -20)
    #expect(all.withDEM.mostNegativePercent == -2)
    let phone = try #require(summary.row(.device, "phone"))
    #expect(phone.caseCount == 3)
    #expect(phone.withDEM.medianAbsolutePercent == 4)
    #expect(try #require(summary.row(.environment, "forest")).withDEM.worstAbsolutePercent == 8)
    #expect(try #require(summary.row(.altimeter, "barometric")).caseCount == 1)
    // Rows only for what is present.
    #expect(summary.row(.device, "dualFrequencyPhone") == nil)
    #expect(summary.rows.first?.grouping == .all)
  }

  @Test func printsOneLineEachWithSignedShortfalls() {
    let text = ClimbErrorSummary(scores: Self.scores).text.split(separator: "\n")
    #expect(text.count == 1 + 1 + 2 + 2 + 2)
    #expect(text[0].hasPrefix("recordings"))
    #expect(text[1].hasPrefix("all") && text[1].contains("-20.0") && text[1].hasSuffix("-2.0"))
    let markdown = ClimbErrorSummary(scores: Self.scores).markdown
    #expect(markdown.contains("| device watch | 1 | 1 | 6.0 | 6.0 | -6.0 | 1.0 | 1.0 | +1.0 |"))
  }

  /// With a DEM of the ground, TrackSift's analysis runs again for its climb: only its own
  /// pipelines have one, and a perfect DEM scores like any other.
  @Test func aCaseWithADEMScoresTrackSiftsClimbWithIt() throws {
    let recording = ScenarioSimulator(
      configuration: ScenarioConfiguration(
        environment: .openSky, device: .phone, activity: .running, route: .hill,
        durationSeconds: 600, seed: 2)
    ).run()
    let cards = EvaluationCase(recording: recording, elevationModel: recording.terrain)
      .scored([.raw, .trackSiftLive, .trackSiftRefined])
    #expect(cards[0].elevationGainErrorPercent != nil)
    #expect(cards[0].elevationGainWithDEMErrorPercent == nil)
    #expect(cards[1].elevationGainWithDEMErrorPercent != nil)
    #expect(cards[2].elevationGainWithDEMErrorPercent != nil)
    let score = ClimbScore(recording: recording, name: "hill", cards: cards)
    #expect(score.errorPercent == cards[2].elevationGainErrorPercent)
    #expect(score.withDEMErrorPercent == cards[2].elevationGainWithDEMErrorPercent)
    #expect(score.route == "hill" && score.altimeter == .gnss)
    #expect(abs(score.trueClimbMeters - recording.truthElevationGainMeters) < 1e-9)
  }

  @Test func theEvaluationDEMIsTheSameForEveryDeviceOnTheSameGround() {
    func dem(_ device: SimulatedDevice) -> SimulatedDEM {
      let recording = ScenarioSimulator(
        configuration: ScenarioConfiguration(
          environment: .forest, device: device, activity: .running, route: .hill,
          durationSeconds: 300, seed: 4)
      ).run()
      return SimulatedDEM(recording: recording)
    }
    let phone = dem(.phone)
    let watch = dem(.watch)
    let point = phone.terrain.plane.unproject(eastMeters: 100, northMeters: 50)
    #expect(phone.elevationMeters(at: point) == watch.elevationMeters(at: point))
    #expect(phone.errorModel == .copernicusGLO30 && phone.arcSeconds == 1)
  }
}
