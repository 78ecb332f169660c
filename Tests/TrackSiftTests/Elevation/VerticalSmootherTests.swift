import Testing

@testable import TrackSift

struct VerticalSmootherTests {
  private static func samples(
    _ altitudes: [Double], sigmaMeters: Double = 0.1
  ) -> [VerticalSmoother.Sample] {
    altitudes.enumerated().map {
      VerticalSmoother.Sample(
        timeSeconds: Double($0.offset), altitudeMeters: $0.element, sigmaMeters: sigmaMeters)
    }
  }

  /// A -5 m sample in a flat 100 m track (105 m in a second) is left out, and the rest stays
  /// at 100 m.
  @Test func aSpikeIsLeftOut() {
    var altitudes = [Double](repeating: 100, count: 60)
    altitudes[30] = -5
    let result = VerticalSmoother.smoothed(Self.samples(altitudes))
    #expect(result.altitudesMeters[30] == nil)
    for (index, altitude) in result.altitudesMeters.enumerated() where index != 30 {
      #expect(abs(altitude! - 100) < 1e-6, "\(index): \(altitude!)")
    }
    #expect(result.runStarts == [0])
  }

  /// A barometer's altitude dithering between two 1 m levels comes out within half a meter of
  /// their middle: nothing a 1 m band would count.
  @Test func aDitherBetweenTwoLevelsIsSmoothedAway() {
    let altitudes = (0..<300).map { 50 + Double(($0 * 7919) % 3 == 0 ? 1 : 0) }
    let result = VerticalSmoother.smoothed(
      Self.samples(altitudes, sigmaMeters: 1 / 12.0.squareRoot()))
    let values = result.altitudesMeters.compactMap { $0 }
    #expect(values.count == 300)
    #expect(values.max()! - values.min()! < 0.5)
  }

  /// A steady climb of 0.5 m/s keeps its whole rise.
  @Test func aSteadyClimbIsKept() {
    let altitudes = (0..<200).map { 10 + 0.5 * Double($0) }
    let result = VerticalSmoother.smoothed(Self.samples(altitudes))
    #expect(abs(result.altitudesMeters.first!! - 10) < 0.05)
    #expect(abs(result.altitudesMeters.last!! - 109.5) < 0.05)
  }

  /// A level that moves for good by 300 m (a source that changed) restarts the filter after
  /// three refused samples, without joining the two runs.
  @Test func aLevelShiftStartsANewRun() {
    let altitudes = (0..<40).map { $0 < 20 ? 100.0 : 400.0 }
    let result = VerticalSmoother.smoothed(Self.samples(altitudes))
    #expect(result.altitudesMeters[20...22].allSatisfy { $0 == nil })
    #expect(result.runStarts == [0, 23])
    #expect(abs(result.altitudesMeters[23]! - 400) < 1e-6)
    #expect(abs(result.altitudesMeters[19]! - 100) < 1e-6)
  }
}
