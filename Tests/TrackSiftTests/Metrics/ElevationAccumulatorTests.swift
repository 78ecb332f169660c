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
