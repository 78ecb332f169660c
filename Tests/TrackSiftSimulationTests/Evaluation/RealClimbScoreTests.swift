import Foundation
import Testing
import TrackSift

@testable import TrackSiftSimulation

/// `RealClimbScore.largestRiseMeters`: the largest rise from a low to a later high.
struct RealClimbScoreTests {
  private func track(_ altitudes: [[Double?]]) -> Track {
    Track(
      segments: altitudes.map { segment in
        Segment(
          fixes: segment.enumerated().map { index, altitude in
            Fix(
              timestamp: Date(timeIntervalSinceReferenceDate: Double(index)),
              latitudeDegrees: 50, longitudeDegrees: 0, altitudeMeters: altitude)
          })
      })
  }

  @Test func theRiseIsFromALowToALaterHigh() {
    // The high of 120 comes before the low of 90, so it bounds nothing; 90 to 115 does.
    let rise = RealClimbScore.largestRiseMeters(track([[100, 120, 90, 115, 105]]))
    #expect(rise == 25)
  }

  @Test func aRiseRunsAcrossSegmentsAndPastMissingAltitudes() {
    let rise = RealClimbScore.largestRiseMeters(track([[224.2, nil], [230, 261.4]]))
    #expect(abs((rise ?? 0) - 37.2) < 1e-9)
  }

  @Test func noAltitudeNoRise() {
    #expect(RealClimbScore.largestRiseMeters(track([[nil, nil]])) == nil)
    #expect(RealClimbScore.largestRiseMeters(track([[10, 5, 1]])) == 0)
  }
}
