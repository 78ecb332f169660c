import Foundation
import Testing

@testable import TrackSift

/// An altitude jump faster than a body climbs never counts as climb; the fix keeps its
/// position.
@Suite struct ElevationJumpTests {
  /// A flat track at 100 m, one sample a second, with one sample replaced.
  static func flat(spike: Double?, at index: Int = 300) -> ElevationAccumulator {
    var elevation = ElevationAccumulator()
    for second in 0..<600 {
      let altitude = second == index ? spike : 100
      elevation.add(altitudeMeters: altitude, timeSeconds: Double(second))
    }
    return elevation
  }

  @Test(arguments: [-5.0, 99_999])
  func anIsolatedSpikeIsRefused(spike: Double) {
    let elevation = Self.flat(spike: spike)
    #expect(elevation.gainMeters == 0)
    #expect(elevation.lossMeters == 0)
    #expect(elevation.refusedJumpCount == 1)
    #expect(elevation.minimumAltitudeMeters == 100)
    #expect(elevation.maximumAltitudeMeters == 100)
  }

  @Test func aSpikeAtTheEndIsRefused() {
    let elevation = Self.flat(spike: 99_999, at: 599)
    #expect(elevation.gainMeters == 0)
    #expect(elevation.refusedJumpCount == 1)
    #expect(elevation.maximumAltitudeMeters == 100)
  }

  /// The same change over a minute is a climb a body can make: it counts.
  @Test func aSlowChangeCounts() {
    var elevation = ElevationAccumulator()
    elevation.add(altitudeMeters: 100, timeSeconds: 0)
    elevation.add(altitudeMeters: 205, timeSeconds: 60)
    elevation.add(altitudeMeters: 100, timeSeconds: 120)
    #expect(elevation.gainMeters == 105)
    #expect(elevation.lossMeters == 105)
    #expect(elevation.refusedJumpCount == 0)
  }

  /// A level that moves for good (a recalibrated barometer): the step is not climbed, the
  /// climb after it is.
  @Test func aLevelShiftRestartsWithoutCountingTheStep() {
    var elevation = ElevationAccumulator()
    for second in 0..<10 { elevation.add(altitudeMeters: 100, timeSeconds: Double(second)) }
    for second in 10..<20 { elevation.add(altitudeMeters: 400, timeSeconds: Double(second)) }
    elevation.add(altitudeMeters: 410, timeSeconds: 30)
    #expect(elevation.gainMeters == 10)
    #expect(elevation.refusedJumpCount == 1)
  }

  /// Through the pipeline: the spiked fix is accepted, the climb stays flat.
  @Test(arguments: [-5.0, 99_999])
  func thePositionStaysAccepted(spike: Double) {
    var fixes = (0..<600).map { GateFixtures.fix(Double($0), north: 3 * Double($0)) }
    for index in fixes.indices {
      fixes[index].altitudeMeters = index == 300 ? spike : 100
      fixes[index].verticalAccuracyMeters = 3
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]))
    #expect(analysis.verdicts[0][300] == .accepted)
    for metrics in [analysis.rawMetrics, analysis.liveMetrics, analysis.refinedMetrics] {
      #expect(metrics.elevationGainMeters == 0)
      #expect(metrics.elevationLossMeters == 0)
      #expect(metrics.refusedAltitudeJumpCount == 1)
      #expect(metrics.maximumAltitudeMeters == 100)
    }
  }
}
