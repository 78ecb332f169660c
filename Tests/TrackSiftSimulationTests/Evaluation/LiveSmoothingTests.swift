import Testing
import TrackSift
import TrackSiftSimulation

/// The live track is smoothed over the few fixes the look-ahead holds anyway, with walking's
/// smoothing noise: a watch walking in a city, whose filtered steps follow the Doppler's
/// wander, measures close to the true distance live as well as refined.
@Suite struct LiveSmoothingTests {
  /// The three suite recordings where the live filter alone measured 5-9 % too far.
  static let configurations = [1, 2, 3].map { seed in
    ScenarioConfiguration(
      environment: .urbanCanyon, device: .watch, activity: .walking, route: .streetGrid,
      durationSeconds: 2_700, seed: UInt64(seed))
  }

  @Test(arguments: configurations)
  func liveDistanceIsCloseToTheTruth(configuration: ScenarioConfiguration) throws {
    let recording = ScenarioSimulator(configuration: configuration).run()
    let card = try #require(EvaluationCase(recording: recording).scored([.trackSiftLive]).first)
    let error = try #require(card.distanceErrorPercent)
    let analysis = TrackAnalysis(
      track: recording.track, profile: ActivityProfile(activity: configuration.activity))
    // The smoothed steps alone, without the walker's stop movement (``ActivityProfile/
    // countsStopMovement``: these walkers stand still, so it is the receiver's wander between
    // a stop's two ends, +1.4 to +3.8 points here).
    let stopMovementMeters = analysis.segments.flatMap(\.liveStopMovementMeters.values)
      .reduce(0, +)
    let smoothedMeters = analysis.liveMetrics.distanceMeters - stopMovementMeters
    let smoothedError =
      ((1 + error / 100) * smoothedMeters / analysis.liveMetrics.distanceMeters - 1) * 100
    // 0.67, -0.02 and -0.87 %; 4.0, 1.8 and 0.7 % with the live filter's own noise.
    #expect(abs(smoothedError) < 2.5, "without stop movement: \(smoothedError) %")
    #expect(abs(error) < 4, "live distance error \(error) %")

    // The filtered positions alone, summed where the live output moves, go well past it.
    var filteredMeters = 0.0
    for (segment, analyzed) in zip(recording.track.segments, analysis.segments) {
      var filter = ConstantVelocityKalmanFilter(
        configuration: ActivityProfile(activity: configuration.activity).filter)
      var previous: Coordinate?
      for (position, index) in analyzed.acceptedFixIndices.enumerated() {
        let step = filter.update(segment.fixes[index])
        guard step.verdict.isAccepted else { continue }
        if let previous, analyzed.isMoving[position], !step.startedRun {
          filteredMeters += Geodesic.distanceMeters(from: previous, to: step.coordinate)
        }
        previous = step.coordinate
      }
    }
    #expect(filteredMeters > smoothedMeters * 1.02)
  }
}
