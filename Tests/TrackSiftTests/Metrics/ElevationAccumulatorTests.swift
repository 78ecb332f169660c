import Foundation
import Testing

@testable import TrackSift

@Suite struct ElevationAccumulatorTests {
  @Test func jitterBelowTheDeadBandAddsNothing() {
    var elevation = ElevationAccumulator(thresholdMeters: 5)
    for i in 0..<3600 { elevation.add(altitudeMeters: 100 + (i % 2 == 0 ? 2 : -2)) }
    #expect(elevation.gainMeters == 0)
    #expect(elevation.lossMeters == 0)
  }

  @Test func aRealClimbAndDescentAreCounted() {
    var elevation = ElevationAccumulator(thresholdMeters: 5)
    for i in 0...100 { elevation.add(altitudeMeters: 100 + Double(i) + (i % 2 == 0 ? 1.5 : -1.5)) }
    for i in 0...100 { elevation.add(altitudeMeters: 200 - Double(i)) }
    #expect(abs(elevation.gainMeters - 100) <= 5)
    #expect(abs(elevation.lossMeters - 100) <= 5)
    #expect(elevation.maximumAltitudeMeters == 201.5)
  }

  /// A phone's altitude wandering 8 m up and down, as its stated 5 m accuracy allows, adds no
  /// climb; without the accuracy the same wander is counted.
  @Test func aStatedVerticalAccuracyWidensTheDeadBand() {
    var stated = ElevationAccumulator()
    var unstated = ElevationAccumulator()
    for i in 0..<600 {
      let altitude = 100 + 4 * sin(Double(i) / 20)
      stated.add(altitudeMeters: altitude, verticalAccuracyMeters: 5)
      unstated.add(altitudeMeters: altitude)
    }
    #expect(stated.deadBandMeters(verticalAccuracyMeters: 5) == 10)
    #expect(stated.gainMeters == 0)
    #expect(unstated.gainMeters > 15)
  }

  @Test func theDeadBandNeverNarrowsBelowTheThreshold() {
    let elevation = ElevationAccumulator(thresholdMeters: 2, accuracyMultiple: 2)
    #expect(elevation.deadBandMeters(verticalAccuracyMeters: 0.1) == 2)
    #expect(elevation.deadBandMeters(verticalAccuracyMeters: nil) == 2)
    #expect(elevation.deadBandMeters(verticalAccuracyMeters: -1) == 2)
    #expect(elevation.deadBandMeters(verticalAccuracyMeters: .nan) == 2)
    #expect(elevation.deadBandMeters(verticalAccuracyMeters: 3) == 6)
  }

  @Test func invalidAltitudesAreSkipped() {
    var elevation = ElevationAccumulator()
    elevation.add(altitudeMeters: nil)
    elevation.add(altitudeMeters: .nan)
    elevation.add(altitudeMeters: .infinity)
    #expect(elevation.minimumAltitudeMeters == nil)
  }

  @Test func aSegmentBreakDoesNotBridgeTheGap() {
    var elevation = ElevationAccumulator(thresholdMeters: 5)
    elevation.add(altitudeMeters: 100)
    elevation.breakSegment()
    elevation.add(altitudeMeters: 300)
    #expect(elevation.gainMeters == 0)
  }
}
