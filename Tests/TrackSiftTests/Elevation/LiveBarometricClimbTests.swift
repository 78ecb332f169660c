import Foundation
import Testing

@testable import TrackSift

/// The live climb of barometric altitudes, counted swing by swing once they read as
/// barometric, and GNSS altitudes still counted in steps.
struct LiveBarometricClimbTests {
  /// Rolling ground of 3 m swings, one altitude a second; `jitter` adds alternating noise.
  private func rolling(seconds: Int, jitter: Double = 0) -> [(time: Double, altitude: Double)] {
    (0..<seconds).map { second in
      let noise = second % 2 == 0 ? jitter : -jitter
      return (Double(second), 100 + 1.5 * sin(Double(second) / 40) + noise)
    }
  }

  private func trueGain(_ samples: [(time: Double, altitude: Double)]) -> Double {
    zip(samples, samples.dropFirst()).reduce(0) { $0 + max(0, $1.1.altitude - $1.0.altitude) }
  }

  /// A barometer's smooth record on rolling ground keeps nearly all its climb; stepping with
  /// the same 2 m band keeps only part of it.
  @Test func barometricSwingsCountInFull() {
    let samples = rolling(seconds: 3_000)
    var live = ElevationAccumulator(countsBarometricSwings: true)
    var stepping = ElevationAccumulator()
    for sample in samples {
      live.add(altitudeMeters: sample.altitude, timeSeconds: sample.time)
      stepping.add(altitudeMeters: sample.altitude, timeSeconds: sample.time)
    }
    let truth = trueGain(samples)
    // Only the first minute, before the source is decided, is counted in steps.
    #expect(live.gainMeters > 0.9 * truth, "\(live.gainMeters) of \(truth)")
    #expect(live.gainMeters <= truth + 1e-9)
    #expect(stepping.gainMeters < 0.75 * truth, "\(stepping.gainMeters) of \(truth)")
  }

  /// Altitudes that jitter by a meter read as GNSS, and a fix stating its quality is GNSS at
  /// once: both keep the steps, so the jitter adds no more climb than before.
  @Test func gnssAltitudesKeepTheSteps() {
    for (jitter, statesQuality) in [(1.0, false), (0.0, true)] {
      let samples = rolling(seconds: 3_000, jitter: jitter)
      var live = ElevationAccumulator(countsBarometricSwings: true)
      var stepping = ElevationAccumulator()
      for sample in samples {
        live.add(
          altitudeMeters: sample.altitude, timeSeconds: sample.time, statesQuality: statesQuality)
        stepping.add(altitudeMeters: sample.altitude, timeSeconds: sample.time)
      }
      #expect(live.gainMeters == stepping.gainMeters, "jitter \(jitter)")
      #expect(live.lossMeters == stepping.lossMeters, "jitter \(jitter)")
    }
  }

  /// The decision waits for a minute of close altitudes, and a gap between them gives none.
  @Test func theSourceIsDecidedOnCloseAltitudes() {
    var source = LiveAltitudeSource()
    for second in 0...LiveAltitudeSource.decisionDifferenceCount {
      source.add(altitudeMeters: 100, timeSeconds: Double(second * 10), statesQuality: false)
    }
    #expect(source.source == nil)
    // Three altitudes give the first second difference.
    for second in 0..<(LiveAltitudeSource.decisionDifferenceCount + 2) {
      #expect(source.source == nil)
      source.add(
        altitudeMeters: 100 + 0.01 * Double(second), timeSeconds: Double(10_000 + second),
        statesQuality: false)
    }
    #expect(source.source == .barometer)
    source.add(altitudeMeters: 100, timeSeconds: 20_000, statesQuality: true)
    #expect(source.source == .gnss)
  }

  /// A segment break and an altitude jump count the swing under way and start afresh, never
  /// bridging the step.
  @Test func breaksAndJumpsAreNotBridged() {
    var live = ElevationAccumulator(countsBarometricSwings: true)
    var time = 0.0
    func add(_ altitude: Double) {
      live.add(altitudeMeters: altitude, timeSeconds: time)
      time += 1
    }
    for _ in 0..<80 { add(100) }
    for step in 1...10 { add(100 + Double(step)) }
    #expect(live.gainMeters == 10)
    live.breakSegment()
    for _ in 0..<5 { add(500) }
    #expect(live.gainMeters == 10)
    for step in 1...3 { add(500 + Double(step)) }
    #expect(live.gainMeters == 13)
    // A 400 m jump in a second is no climb; the altitude stays there, so it moved for good.
    add(903)
    add(903)
    for step in 1...4 { add(903 + Double(step)) }
    #expect(live.gainMeters == 17)
    #expect(live.refusedJumpCount == 1)
  }

  /// A fenix 2's start glitch (55 m, then 142.4 m three times, then back to 56 m a second
  /// later) counts neither its rise nor a restart, live as refined; the raw steps keep it.
  /// Samples held back at a segment's end are counted then.
  @Test func anOutAndBackGlitchIsNoClimb() {
    var live = ElevationAccumulator(countsBarometricSwings: true)
    var stepping = ElevationAccumulator()
    let start: [(Double, Double)] = [(0, 55.0), (2, 142.4), (3, 142.4), (4, 142.4), (5, 56.0)]
    let climb = (6..<120).map { (Double($0), 56.0 + 0.1 * Double($0 - 5)) }
    for (time, altitude) in start + climb {
      live.add(altitudeMeters: altitude, timeSeconds: time)
      stepping.add(altitudeMeters: altitude, timeSeconds: time)
    }
    #expect(live.gainMeters > 10 && live.gainMeters < 12.5, "\(live.gainMeters)")
    #expect(live.maximumAltitudeMeters == 56.0 + 0.1 * 114)
    #expect(live.refusedJumpCount == 1)
    #expect(stepping.gainMeters > 87, "\(stepping.gainMeters)")
    // A step held back at the segment's end, which no later sample can judge, still counts.
    live.add(altitudeMeters: 80, timeSeconds: 120)
    let before = live.gainMeters
    live.breakSegment()
    #expect(live.gainMeters == before + 80 - (56.0 + 0.1 * 114))
  }
}
