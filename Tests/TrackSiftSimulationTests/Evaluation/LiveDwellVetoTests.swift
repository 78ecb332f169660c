import Testing
import TrackSift
import TrackSiftSimulation

/// The live stop detector's Doppler veto of a position dwell spares the live figures false
/// auto-pauses, and leaves the refined stops as they were without it: the refined pass takes
/// its candidates from the detector without the veto.
@Suite struct LiveDwellVetoTests {
  /// Canyon watch walks, where an error ramp holds a walker's positions still while the
  /// Doppler keeps the walk's heading, and where the Doppler noise of a standing watch can run
  /// one way long enough to hold a true stop back.
  static let configurations = [1, 6].map { seed in
    ScenarioConfiguration(
      environment: .urbanCanyon, device: .watch, activity: .walking, route: .streetGrid,
      durationSeconds: 2_700, seed: UInt64(seed))
  }

  @Test(arguments: configurations)
  func theVetoChangesTheLiveStopsAndNotTheRefinedOnes(configuration: ScenarioConfiguration) {
    let track = ScenarioSimulator(configuration: configuration).run().track
    let profile = ActivityProfile(activity: configuration.activity)
    var withoutVeto = profile
    withoutVeto.stops.dopplerVetoesDwell = false
    let vetoed = TrackAnalysis(track: track, profile: profile)
    let unvetoed = TrackAnalysis(track: track, profile: withoutVeto)
    // Compared as Booleans: the flags run to thousands.
    let liveDiffers = vetoed.segments.map(\.isMoving) != unvetoed.segments.map(\.isMoving)
    let refinedAgrees =
      vetoed.segments.map(\.refinedIsMoving) == unvetoed.segments.map(\.refinedIsMoving)
      && vetoed.refinedMetrics == unvetoed.refinedMetrics
    #expect(liveDiffers)
    #expect(refinedAgrees)
  }
}
