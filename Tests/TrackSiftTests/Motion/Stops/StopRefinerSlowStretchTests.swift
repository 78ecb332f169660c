import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

/// The stops the live detector missed, found from the Doppler (`StopRefiner.slowStretches`).
@Suite struct StopRefinerSlowStretchTests {
  typealias Second = StopRefinerTests.Second

  /// A walk east at 1.4 m/s, then `standSeconds` standing while the positions drift north, across
  /// the street, at `driftMetersPerSecond` (an error ramp) and a watch's Doppler reads noise
  /// of up to 0.6 m/s per axis in every direction, then a walk on.
  ///
  /// (A drift along the street the positions' witness of the boundaries reads as walking on:
  /// the stop then starts late, see ``StopRefiner/alongSpeeds(_:along:speedMetersPerSecond:_:)``.)
  static func walkStandWalk(
    standSeconds: Int = 30, driftMetersPerSecond: Double = 0.5, seed: UInt64 = 3
  ) -> [Second] {
    var seconds = StopRefinerTests.walkStopWalk(
      standSeconds: standSeconds, noise: 0.6, seed: seed)
    for index in 60..<(60 + standSeconds) {
      seconds[index].northMeters += driftMetersPerSecond * Double(index - 59)
    }
    for index in (60 + standSeconds)..<seconds.count {
      seconds[index].northMeters += driftMetersPerSecond * Double(standSeconds)
    }
    return seconds
  }

  static func inputs(_ seconds: [Second], timeOffsets: [Double] = []) -> [StopRefiner.Input] {
    var inputs = StopRefinerTests.inputs(seconds, speedAccuracy: 0.9)
    for (index, offset) in timeOffsets.enumerated() where offset != 0 {
      inputs[index].timeSeconds = inputs[index].timeSeconds.map { $0 + offset }
    }
    return inputs
  }

  @Test func aStopTheDetectorMissedIsFoundFromTheDoppler() {
    let seconds = Self.walkStandWalk()
    let live = [Bool](repeating: true, count: seconds.count)
    let refined = StopRefinerTests.refined(live, Self.inputs(seconds))
    #expect(refined[62...87].allSatisfy { !$0 })
    #expect(refined[..<58].allSatisfy { $0 })
    #expect(refined[92...].allSatisfy { $0 })
  }

  @Test func aWalkWhoseDopplerReadsSlowForAWhileStaysAWalk() {
    // The Doppler noise points backwards for 20 s and cancels the pace; the positions go on.
    var seconds = (0..<150).map {
      Second(eastMeters: 1.4 * Double($0), speed: 1.4, courseDegrees: 90)
    }
    var random = SplitMix64(seed: 5)
    for index in 60..<80 {
      let course = random.nextUnit() * 360
      seconds[index].speed = 0.4
      seconds[index].courseDegrees = course
    }
    let live = [Bool](repeating: true, count: seconds.count)
    #expect(StopRefinerTests.refined(live, Self.inputs(seconds)).allSatisfy { $0 })
  }

  @Test(arguments: [true, false])
  func afterAGapTheDopplerAloneTellsAStop(gapBefore: Bool) {
    // The positions drift at 1 m/s while the person stands: after a gap that is the receiver
    // reconverging, and the Doppler decides; without one it may be a slow walk.
    let seconds = Self.walkStandWalk(driftMetersPerSecond: 1)
    // A 20 s gap just before the stand: every fix from index 60 on comes 20 s later.
    let offsets = (0..<seconds.count).map { gapBefore && $0 >= 60 ? 20.0 : 0 }
    let live = [Bool](repeating: true, count: seconds.count)
    let refined = StopRefinerTests.refined(live, Self.inputs(seconds, timeOffsets: offsets))
    #expect(refined[62...87].allSatisfy { !$0 } == gapBefore)
    #expect(refined[..<58].allSatisfy { $0 })
  }

  @Test func aStopThatEndsAtAGapGoesOnAfterIt() {
    // The live detector found the stop, then a 20 s gap came (index 70 on) and it started
    // afresh, moving; after the gap the positions drift at 1 m/s as the receiver reconverges,
    // and the Doppler still reads standing until index 90.
    let seconds = Self.walkStandWalk(driftMetersPerSecond: 1)
    let offsets = (0..<seconds.count).map { $0 >= 70 ? 20.0 : 0 }
    let live = StopRefinerTests.flags(stoppedFrom: 60, through: 69, count: seconds.count)
    let refined = StopRefinerTests.refined(live, Self.inputs(seconds, timeOffsets: offsets))
    #expect(refined[60...87].allSatisfy { !$0 })
    #expect(refined[92...].allSatisfy { $0 })
  }

  @Test func aStopWhoseDopplerNoisePointsOneWayIsFoundFromItsPositions() {
    // Standing from index 60 to 99 while a watch's Doppler reads 0.7 m/s south-east all along:
    // its mean is no standstill's, but the positions stand.
    var seconds = StopRefinerTests.walkStopWalk(noise: 0)
    for index in 60..<100 {
      seconds[index].speed = 0.7
      seconds[index].courseDegrees = 135
    }
    let live = [Bool](repeating: true, count: seconds.count)
    let refined = StopRefinerTests.refined(live, Self.inputs(seconds))
    #expect(refined[62...97].allSatisfy { !$0 })
    #expect(refined[..<58].allSatisfy { $0 })
    #expect(refined[102...].allSatisfy { $0 })
  }

  @Test func aSlowWalkIsNoStop() {
    // Two minutes at 0.7 m/s, the Doppler reading the pace: slower than the resume speed, but
    // the positions travel.
    let seconds = (0..<120).map {
      Second(eastMeters: 0.7 * Double($0), speed: 0.7, courseDegrees: 90)
    }
    let live = [Bool](repeating: true, count: seconds.count)
    #expect(StopRefinerTests.refined(live, Self.inputs(seconds)).allSatisfy { $0 })
  }
}
