import Foundation
import Testing

@testable import TrackSift

/// The live climb of GNSS altitudes: smoothed with a lag, the receiver's wander parted from
/// the ground, counted swing by swing.
struct LiveGNSSClimbTests {
  /// One altitude a second of a walk at 1.4 m/s: `ground` over the distance walked, plus a
  /// wander of `wanderMeters` that swings over `wanderPeriodSeconds`, plus alternating white
  /// noise of `jitter`.
  private struct Walk {
    var seconds = 3_600
    var jitter = 0.5
    var wanderMeters = 6.0
    var wanderPeriodSeconds = 240.0
    var ground: (Double) -> Double

    var samples: [(time: Double, distance: Double, ground: Double, altitude: Double)] {
      (0..<seconds).map { second in
        let time = Double(second)
        let distance = 1.4 * time
        let wander = wanderMeters * sin(2 * Double.pi * time / wanderPeriodSeconds)
        let noise = second % 2 == 0 ? jitter : -jitter
        return (time, distance, ground(distance), ground(distance) + wander + noise)
      }
    }
  }

  private func trueGain(_ walk: Walk) -> Double {
    let samples = walk.samples
    return zip(samples, samples.dropFirst()).reduce(0) { $0 + max(0, $1.1.ground - $1.0.ground) }
  }

  /// Feeds a walk to an accumulator as the live figures do (a vertical accuracy of 5 m stated
  /// when `statesQuality`) and ends the segment.
  private func climb(
    _ walk: Walk, statesQuality: Bool = true, smooths: Bool = true, breaksAt: Set<Int> = []
  ) -> ElevationAccumulator {
    var accumulator = ElevationAccumulator(
      countsBarometricSwings: true, smoothsGNSSAltitudes: smooths)
    for (index, sample) in walk.samples.enumerated() {
      if breaksAt.contains(index) { accumulator.breakSegment() }
      accumulator.add(
        altitudeMeters: sample.altitude, verticalAccuracyMeters: statesQuality ? 5 : nil,
        timeSeconds: sample.time, statesQuality: statesQuality, distanceMeters: sample.distance)
    }
    accumulator.breakSegment()
    return accumulator
  }

  /// After the segment's end, the live climb is the refined climb's smoother's (counted over
  /// the whole segment at once), but for the lag.
  @Test func theLiveClimbIsTheRefinedSmoothersLagged() {
    let rolling = Walk(wanderMeters: 3) { 50 + 15 * sin(2 * Double.pi * $0 / 2_000) }
    let live = climb(rolling)
    let samples = rolling.samples
    let differences = (2..<samples.count).map {
      abs(samples[$0].altitude - 2 * samples[$0 - 1].altitude + samples[$0 - 2].altitude)
    }
    let white = max(AltitudeNoise.whiteSigmaMeters(secondDifferences: differences) ?? 0, 1)
    let smoothed = GNSSAltitudeSmoother.smoothed(
      samples.map {
        GNSSAltitudeSmoother.Sample(
          timeSeconds: $0.time, distanceMeters: $0.distance, altitudeMeters: $0.altitude,
          wanderSigmaMeters: 5, whiteSigmaMeters: white)
      })
    var refined = SwingCounter()
    for altitude in smoothed.altitudesMeters {
      refined.add(altitudeMeters: altitude, deadBandMeters: white)
    }
    #expect(refined.gainMeters > 0.8 * trueGain(rolling), "\(refined.gainMeters)")
    #expect(
      abs(live.gainMeters - refined.gainMeters) < 0.05 * refined.gainMeters,
      "live \(live.gainMeters), refined \(refined.gainMeters)")
    #expect(abs(live.lossMeters - refined.lossMeters) < 0.05 * refined.lossMeters)
  }

  /// The ground moves only along the way: altitudes that wander while the distance stands
  /// still are the receiver's, and add no climb, where the steps count the wander.
  @Test func standingStillTheWanderIsNotClimb() {
    let standing = Walk(wanderMeters: 6) { _ in 50 }
    var smoothed = ElevationAccumulator(smoothsGNSSAltitudes: true)
    var stepped = ElevationAccumulator()
    for sample in standing.samples {
      smoothed.add(
        altitudeMeters: sample.altitude, verticalAccuracyMeters: 3, timeSeconds: sample.time,
        statesQuality: true, distanceMeters: 0)
      stepped.add(
        altitudeMeters: sample.altitude, verticalAccuracyMeters: 3, timeSeconds: sample.time)
    }
    smoothed.breakSegment()
    #expect(stepped.gainMeters > 100, "\(stepped.gainMeters)")
    #expect(smoothed.gainMeters < 0.1 * stepped.gainMeters, "\(smoothed.gainMeters)")
  }

  /// A steady climb without wander is counted in full.
  @Test func aSteadyClimbIsKept() {
    let steady = Walk(jitter: 0.5, wanderMeters: 0) { $0 / 20 }
    let smoothed = climb(steady)
    let truth = trueGain(steady)
    #expect(abs(smoothed.gainMeters - truth) < 0.02 * truth, "\(smoothed.gainMeters) of \(truth)")
  }

  /// The climb is counted two minutes behind, and all of it once the segment ends.
  @Test func theClimbLagsAndTheSegmentsEndCountsTheRest() {
    let steady = Walk(seconds: 600, wanderMeters: 0) { $0 / 20 }
    var accumulator = ElevationAccumulator(smoothsGNSSAltitudes: true)
    var counted: [Double] = []
    for sample in steady.samples {
      accumulator.add(
        altitudeMeters: sample.altitude, verticalAccuracyMeters: 5, timeSeconds: sample.time,
        statesQuality: true, distanceMeters: sample.distance)
      counted.append(accumulator.gainMeters)
    }
    // Nothing before the first window is full; afterwards never ahead of the ground's climb
    // two minutes earlier, give or take the noise.
    let lag = LiveGNSSClimb.lagSamples
    #expect(counted[lag + LiveGNSSClimb.batchSamples - 2] == 0)
    for index in stride(from: lag, to: counted.count, by: 30) {
      #expect(counted[index] <= steady.samples[index - lag].ground + 2, "at \(index)")
    }
    let before = accumulator.gainMeters
    accumulator.breakSegment()
    let truth = steady.samples.last!.ground
    #expect(accumulator.gainMeters > before + 0.5 * 1.4 * Double(lag) / 20)
    #expect(abs(accumulator.gainMeters - truth) < 0.15 * truth, "\(accumulator.gainMeters)")
  }

  /// Altitudes that state nothing are counted in steps until they read as GNSS, then
  /// smoothed from the first one on: the same climb as altitudes stating their quality.
  @Test func anUndecidedStartIsSmoothedOnceDecided() {
    let rolling = Walk(jitter: 1.5) { 50 + 10 * sin(2 * Double.pi * $0 / 1_500) }
    let stating = climb(rolling, breaksAt: [700])
    let silent = climb(rolling, statesQuality: false, breaksAt: [700])
    // The same wander (the default 5 m) and the same measured white noise: the same figures.
    var fiveMeters = ElevationAccumulator(smoothsGNSSAltitudes: true)
    for (index, sample) in rolling.samples.enumerated() {
      if index == 700 { fiveMeters.breakSegment() }
      fiveMeters.add(
        altitudeMeters: sample.altitude, timeSeconds: sample.time, statesQuality: true,
        distanceMeters: sample.distance)
    }
    fiveMeters.breakSegment()
    #expect(silent.gainMeters == fiveMeters.gainMeters)
    #expect(silent.lossMeters == fiveMeters.lossMeters)
    #expect(abs(stating.gainMeters - silent.gainMeters) < 0.1 * stating.gainMeters)
  }

  /// Altitudes never close enough to measure their noise are never decided: beyond what the
  /// accumulator keeps, they stay counted in steps, as without smoothing.
  @Test func altitudesNeverDecidedKeepTheSteps() {
    var smoothing = ElevationAccumulator(countsBarometricSwings: true, smoothsGNSSAltitudes: true)
    var stepping = ElevationAccumulator()
    for index in 0..<(ElevationAccumulator.undecidedCapacity + 100) {
      let altitude = 100 + 5 * sin(Double(index) / 7)
      smoothing.add(
        altitudeMeters: altitude, timeSeconds: Double(index) * 5, distanceMeters: Double(index))
      stepping.add(altitudeMeters: altitude, timeSeconds: Double(index) * 5)
    }
    #expect(smoothing.gainMeters == stepping.gainMeters)
    #expect(smoothing.gainMeters > 0)
  }

  /// A spike, a non-finite altitude and an untimed one count nothing and break nothing.
  @Test func badAltitudesCountNothing() {
    let flat = Walk(seconds: 900, jitter: 0.3, wanderMeters: 0) { _ in 50 }
    var accumulator = ElevationAccumulator(smoothsGNSSAltitudes: true)
    for (index, sample) in flat.samples.enumerated() {
      var altitude = sample.altitude
      if index == 300 { altitude = 9_999 }
      if index == 400 { altitude = .nan }
      accumulator.add(
        altitudeMeters: altitude, verticalAccuracyMeters: 5,
        timeSeconds: index == 500 ? nil : sample.time, statesQuality: true,
        distanceMeters: sample.distance)
    }
    accumulator.breakSegment()
    #expect(accumulator.gainMeters < 2, "\(accumulator.gainMeters)")
    #expect(accumulator.maximumAltitudeMeters ?? 0 < 100)
  }

  /// Whatever a caller passes (infinite or negative accuracies, times that go back, a distance
  /// that shrinks or is not finite), the figures stay finite and nothing traps.
  @Test func strangeInputsKeepTheFiguresFinite() {
    var accumulator = ElevationAccumulator(smoothsGNSSAltitudes: true)
    let accuracies: [Double?] = [nil, 5, -3, 0, .infinity, .nan, 1e300]
    let distances: [Double?] = [nil, 0, 10, 5, .infinity, -.infinity, .nan, 1e12]
    for index in 0..<2_000 {
      let time = Double(index % 97 == 0 ? index - 50 : index)
      accumulator.add(
        altitudeMeters: 100 + Double(index % 13) * (index % 2 == 0 ? 1 : -1),
        verticalAccuracyMeters: accuracies[index % accuracies.count], timeSeconds: time,
        statesQuality: index % 5 == 0,
        horizontalAccuracyMeters: accuracies[(index / 3) % accuracies.count],
        distanceMeters: distances[index % distances.count], isMoving: index % 7 != 0)
      if index % 500 == 499 { accumulator.breakSegment() }
    }
    accumulator.breakSegment()
    #expect(accumulator.gainMeters.isFinite)
    #expect(accumulator.lossMeters.isFinite)
    #expect(accumulator.gainMeters >= 0 && accumulator.lossMeters >= 0)
    // A sound segment afterwards still counts its climb.
    let before = accumulator.gainMeters
    for second in 0..<900 {
      accumulator.add(
        altitudeMeters: 100 + Double(second) / 20, verticalAccuracyMeters: 5,
        timeSeconds: 10_000 + Double(second), statesQuality: true,
        distanceMeters: 1.4 * Double(second))
    }
    accumulator.breakSegment()
    #expect(accumulator.gainMeters - before > 40, "\(accumulator.gainMeters - before)")
  }
}
