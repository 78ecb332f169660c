import Foundation
import Testing

@testable import TrackSift

struct SwingCounterTests {
  /// Rolling ground of 5 m swings counted with a 1 m band keeps every meter of them, where the
  /// stepping dead band loses up to a band at each top and bottom.
  @Test func wholeSwingsAreCounted() {
    var counter = SwingCounter()
    var stepping = ElevationAccumulator(thresholdMeters: 1, accuracyMultiple: 0)
    var trueGain = 0.0
    var previous = 100.0
    for step in 0...2_000 {
      let altitude = 100 + 2.5 * sin(Double(step) / 100)
      counter.add(altitudeMeters: altitude, deadBandMeters: 1)
      stepping.add(altitudeMeters: altitude)
      trueGain += max(0, altitude - previous)
      previous = altitude
    }
    #expect(abs(counter.gainMeters - trueGain) < 0.01, "\(counter.gainMeters)")
    #expect(stepping.gainMeters < trueGain - 1)
    #expect(counter.minimumAltitudeMeters! < 97.51 && counter.maximumAltitudeMeters! > 102.49)
  }

  /// Wobbles smaller than the band count nothing; a segment break counts the swing under way.
  @Test func wobblesCountNothingAndABreakCommits() {
    var counter = SwingCounter()
    for step in 0..<100 {
      counter.add(altitudeMeters: 50 + (step % 2 == 0 ? 0.4 : 0), deadBandMeters: 1)
    }
    #expect(counter.gainMeters == 0 && counter.lossMeters == 0)
    counter.add(altitudeMeters: 53, deadBandMeters: 1)
    #expect(counter.gainMeters == 3)
    counter.breakSegment()
    counter.add(altitudeMeters: 10, deadBandMeters: 1)
    counter.add(altitudeMeters: 12, deadBandMeters: 1)
    #expect(counter.gainMeters == 5 && counter.lossMeters == 0)
  }
}
