import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

/// A cleaned track carries what its refined figures counted at each point, and analysed again
/// it is measured as written: the figures are the original's.
@Suite struct CleanedMotionTests {
  /// A city run with traffic-light stops and a signal loss, and the same as a walk.
  static let configurations = [
    ScenarioConfiguration(seed: 2),
    ScenarioConfiguration(activity: .walking, durationSeconds: 1_200, seed: 3),
  ]

  @Test(arguments: configurations)
  func aCleanedTrackAnalysedAgainGivesTheRefinedFigures(configuration: ScenarioConfiguration) {
    let track = ScenarioSimulator(configuration: configuration).run().track
    let profile = ActivityProfile(activity: configuration.activity)
    let analysis = TrackAnalysis(track: track, profile: profile)
    let cleaned = analysis.cleanedTrack(from: track)
    let motions = cleaned.segments.flatMap(\.fixes).map(\.cleanedMotion)
    #expect(motions.allSatisfy { $0 != nil })
    #expect(motions.contains(.stopped))
    let original = analysis.refinedMetrics
    let again = TrackAnalysis(track: cleaned, profile: profile).refinedMetrics
    #expect(abs(again.distanceMeters - original.distanceMeters) < 0.01)
    #expect(again.movingTimeSeconds == original.movingTimeSeconds)
    #expect(again.timerTimeSeconds == original.timerTimeSeconds)
    #expect(again.elapsedTimeSeconds == original.elapsedTimeSeconds)
  }

  @Test func aPieceAfterAHeldPositionContinuesTheClock() throws {
    let track = ScenarioSimulator(configuration: ScenarioConfiguration(seed: 2)).run().track
    let cleaned = TrackAnalysis(track: track).cleaned(from: track)
    // Each later piece of one input segment opens with a stop; the first never does.
    var previousSource: Int?
    for (source, segment) in zip(cleaned.sourceSegments, cleaned.track.segments) {
      let opening = try #require(segment.fixes.first?.cleanedMotion)
      #expect((opening == .stopped) == (source == previousSource))
      previousSource = source
    }
  }

  @Test func aSegmentWithoutEveryMotionIsFilteredAfresh() throws {
    let track = ScenarioSimulator(configuration: ScenarioConfiguration(seed: 2)).run().track
    let cleaned = TrackAnalysis(track: track).cleanedTrack(from: track)
    var stripped = cleaned
    for index in stripped.segments.indices {
      stripped.segments[index].fixes[0].cleanedMotion = nil
    }
    let asWritten = TrackAnalysis(track: cleaned)
    let afresh = TrackAnalysis(track: stripped)
    // Filtered again, the smoothed path is smoothed once more and comes out shorter.
    #expect(
      afresh.refinedMetrics.distanceMeters < asWritten.refinedMetrics.distanceMeters - 1)
    let segment = try #require(afresh.segments.last)
    let positions = segment.acceptedFixIndices.map { stripped.segments.last!.fixes[$0].coordinate }
    #expect(segment.refinedCoordinates != positions)
  }
}
