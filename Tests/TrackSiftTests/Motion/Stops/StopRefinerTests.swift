import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct StopRefinerTests {
  static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 47.37, longitudeDegrees: 8.54))
  static let walking = StopDetector.Configuration.defaults(for: .walking)
  static let refiner = StopRefiner(configuration: walking)

  /// One second of a walk east: where the person is, and the Doppler velocity reported.
  struct Second {
    var eastMeters: Double
    var speed: Double
    var courseDegrees: Double?
    var northMeters = 0.0
  }

  /// A walk at 1.4 m/s for `walkBefore` s, a standstill of `standSeconds`, a walk on for
  /// `walkAfter` s; Doppler noise of `noise` m/s per axis at a standstill.
  static func walkStopWalk(
    walkBefore: Int = 60, standSeconds: Int = 40, walkAfter: Int = 60, noise: Double = 0.3,
    seed: UInt64 = 1
  ) -> [Second] {
    var random = SplitMix64(seed: seed)
    var seconds: [Second] = []
    var east = 0.0
    for _ in 0..<walkBefore {
      east += 1.4
      seconds.append(Second(eastMeters: east, speed: 1.4, courseDegrees: 90))
    }
    for _ in 0..<standSeconds {
      let (e, n) = ((random.nextUnit() - 0.5) * 2 * noise, (random.nextUnit() - 0.5) * 2 * noise)
      let speed = (e * e + n * n).squareRoot()
      seconds.append(
        Second(
          eastMeters: east, speed: speed,
          courseDegrees: speed < 0.5 ? nil : atan2(e, n) * 180 / .pi))
    }
    for _ in 0..<walkAfter {
      east += 1.4
      seconds.append(Second(eastMeters: east, speed: 1.4, courseDegrees: 90))
    }
    return seconds
  }

  /// The seconds of a walk given by its speed and course each second, from the origin.
  static func path(_ steps: [(speed: Double, courseDegrees: Double)]) -> [Second] {
    var east = 0.0
    var north = 0.0
    return steps.map { step in
      let radians = step.courseDegrees * .pi / 180
      east += step.speed * sin(radians)
      north += step.speed * cos(radians)
      return Second(
        eastMeters: east, speed: step.speed,
        courseDegrees: step.speed > 0 ? step.courseDegrees : nil, northMeters: north)
    }
  }

  static func inputs(
    _ seconds: [Second], reportsSpeed: Bool = true, speedAccuracy: Double? = 0.3
  ) -> [StopRefiner.Input] {
    seconds.enumerated().map { time, second in
      let fix = Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(time)),
        latitudeDegrees: plane.unproject(
          eastMeters: second.eastMeters, northMeters: second.northMeters
        ).latitudeDegrees,
        longitudeDegrees: plane.unproject(
          eastMeters: second.eastMeters, northMeters: second.northMeters
        ).longitudeDegrees,
        horizontalAccuracyMeters: 5,
        speedMetersPerSecond: reportsSpeed ? second.speed : nil,
        speedAccuracyMetersPerSecond: reportsSpeed ? speedAccuracy : nil,
        courseDegrees: reportsSpeed ? second.courseDegrees : nil)
      let speed =
        reportsSpeed ? SpeedEstimate(metersPerSecond: second.speed, source: .reported) : nil
      return StopRefiner.Input(fix: fix, speed: speed, configuration: walking)
    }
  }

  static func flags(stoppedFrom start: Int, through end: Int, count: Int) -> [Bool] {
    (0..<count).map { !(start...end).contains($0) }
  }

  static func refined(
    _ live: [Bool], _ inputs: [StopRefiner.Input],
    configuration: StopDetector.Configuration = walking
  ) -> [Bool] {
    StopRefiner(configuration: configuration).movingFlags(
      live: live, inputs: StopRefiner.Inputs(inputs),
      keepsLive: [Bool](repeating: false, count: live.count))
  }

  @Test func aStopThatBeganStridesEarlyStartsWhereTheDopplerFell() {
    let seconds = Self.walkStopWalk()
    // Live, the stop began 4 s before the walker stood (at index 60) and ended on time.
    let live = Self.flags(stoppedFrom: 56, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined.lastIndex(of: false) == 99)
  }

  @Test func aStopFoundLateStartsWhereTheDopplerFell() {
    let seconds = Self.walkStopWalk()
    // Live, the stop began 6 s after the walker stood: the wander still carried the positions.
    let live = Self.flags(stoppedFrom: 66, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined[60...99].allSatisfy { !$0 })
  }

  @Test func aStopFoundFarTooEarlyStartsWhereTheDopplerFell() {
    let seconds = Self.walkStopWalk()
    // Live, the stop began 20 s before the walker stood: past the 10 s the first window covers.
    let live = Self.flags(stoppedFrom: 40, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined[60...99].allSatisfy { !$0 })
  }

  @Test func aStopFoundFarTooEarlyStartsWhereTheDopplerFellWithinTheLastWindow() {
    let seconds = Self.walkStopWalk(walkBefore: 66, standSeconds: 34)
    // Live, the stop began 16 s before the walker stood: the window after the first holds
    // 5 s of walk, too few for the positions to travel at the resume speed over it.
    let live = Self.flags(stoppedFrom: 50, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 66)
    #expect(refined[66...99].allSatisfy { !$0 })
  }

  @Test func aFixWithoutADopplerAtTheEndOfTheFirstWindowReadsNoStop() {
    // The walker stood at index 72; live, the stop began 12 s early. The first window ends at
    // a fix after a short gap, which reports no speed: it says nothing, and the start moves
    // on past it.
    let seconds = Self.walkStopWalk(walkBefore: 72, standSeconds: 40)
    var inputs = Self.inputs(seconds)
    inputs[70].speedMetersPerSecond = nil
    inputs[70].dopplerVelocity = nil
    let live = Self.flags(stoppedFrom: 60, through: 111, count: inputs.count)
    let refined = Self.refined(live, inputs)
    #expect(refined.firstIndex(of: false) == 72)
    #expect(refined[72...111].allSatisfy { !$0 })
  }

  @Test func aFixWithoutADopplerAfterAPauseCrossedAtAWalkIsNoStop() {
    // Fixes 57 and 58 were lost; fix 59, the first after the pause, reports no speed, but the
    // step to it went on at the walk's 1.4 m/s: the walker stood at 60, not before.
    var inputs = Self.inputs(Self.walkStopWalk(noise: 0))
    inputs[59].speedMetersPerSecond = nil
    inputs[59].dopplerVelocity = nil
    inputs.removeSubrange(57...58)
    // Live, the stop began at fix 59 (index 57 now).
    let live = Self.flags(stoppedFrom: 57, through: 97, count: inputs.count)
    let refined = Self.refined(live, inputs)
    #expect(refined.firstIndex(of: false) == 58)
  }

  @Test func aStopFoundLongAfterTheWalkerStoodStartsWhereTheDopplerFell() {
    // The walker stood at index 60, a watch's Doppler noise (0.9 m/s accuracy) reading
    // 0.9 m/s back west for 8 s; live, the stop began 13 s late. The 10 s before the first
    // window, walk and noise, give no direction: the approach is sought 10 s further back.
    var seconds = Self.walkStopWalk(standSeconds: 45)
    for index in 60..<68 {
      seconds[index].speed = 0.9
      seconds[index].courseDegrees = 270
    }
    let live = Self.flags(stoppedFrom: 73, through: 104, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds, speedAccuracy: 0.9))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined[60...104].allSatisfy { !$0 })
  }

  @Test func aStartMovesOnNoFurtherThanThePositionsTravel() {
    // The walker stood at index 50, 10 s after the live start, and the Doppler noise read a
    // walk on for 15 s more: the positions stand, so the start goes no further than the
    // first window.
    var seconds = Self.walkStopWalk(walkBefore: 50, standSeconds: 50)
    for index in 50..<65 { seconds[index].speed = 1.2 }
    for index in 50..<65 { seconds[index].courseDegrees = 90 }
    let live = Self.flags(stoppedFrom: 40, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 51)
  }

  @Test func thePositionsTellAStandingWatchWhoseDopplerReadsAWalk() throws {
    // The walker stood at index 60; a watch's Doppler noise (0.9 m/s accuracy) read 1 m/s on
    // along the street for 7 s more, while the positions stood.
    var seconds = Self.walkStopWalk(noise: 0)
    for index in 60..<67 {
      seconds[index].speed = 1
      seconds[index].courseDegrees = 90
    }
    let live = Self.flags(stoppedFrom: 56, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds, speedAccuracy: 0.9))
    let start = try #require(refined.firstIndex(of: false))
    #expect((60...62).contains(start))  // by the Doppler alone: 67
  }

  @Test func aWalkWhoseDopplerDippedTravelsByItsPositions() {
    // Walking at 1.4 m/s while a watch's Doppler (0.9 m/s accuracy) reads 0.4 m/s: the
    // positions carry the mean over the resume speed; standing, they do not.
    var seconds = (0..<40).map {
      Second(eastMeters: 1.4 * Double($0), speed: 0.4, courseDegrees: 90)
    }
    let walk = StopRefiner.Inputs(Self.inputs(seconds, speedAccuracy: 0.9))
    #expect(Self.refiner.travelsByDopplerAndPositions(10...25, walk))
    for index in seconds.indices { seconds[index].eastMeters = 0 }
    let stand = StopRefiner.Inputs(Self.inputs(seconds, speedAccuracy: 0.9))
    #expect(!Self.refiner.travelsByDopplerAndPositions(10...25, stand))
  }

  @Test(arguments: [(0.3, 95), (0.8, 99)])
  func aStopEndsWhereTheDopplerRoseAboveItsNoise(speedAccuracy: Double, end: Int) {
    // Standing still until index 99, the Doppler reading 0.6 m/s east for its last 4 s: a
    // phone's (accuracy 0.3 m/s) says the walker was getting going, a watch's (0.8) is noise.
    var seconds = Self.walkStopWalk(noise: 0)
    for index in 96...99 { seconds[index] = Second(eastMeters: 84, speed: 0.6, courseDegrees: 90) }
    let live = Self.flags(stoppedFrom: 60, through: 104, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds, speedAccuracy: speedAccuracy))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined.lastIndex(of: false) == end)
  }

  @Test func aStopThatEndedLateEndsWhereTheDopplerRose() {
    let seconds = Self.walkStopWalk()
    let live = Self.flags(stoppedFrom: 60, through: 104, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined.lastIndex(of: false) == 99)
  }

  @Test func aStopThatEndedEarlyIsCarriedToItsEndByTheBackwardRun() throws {
    // Positions only: the backward detector finds the departure from the dwell.
    let seconds = Self.walkStopWalk(noise: 0)
    let live = Self.flags(stoppedFrom: 60, through: 80, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds, reportsSpeed: false))
    #expect(refined.firstIndex(of: false) == 60)
    // Without a Doppler the departure is the last fix within half the dwell radius (5 m)
    // of the stop: up to 3.6 s of walking after it.
    let end = try #require(refined.lastIndex(of: false))
    #expect((99...103).contains(end), "ends at \(end)")
  }

  @Test func aStopWhosePositionsRanAheadEndsWhenTheDopplerRose() {
    // Standing until index 99 while, for the last 8 s, the positions' wander ran 1.2 m/s
    // ahead along the street (and stayed ahead) and the Doppler noise read 0.5 m/s back: live,
    // and run backwards, the positions' dwell ended when the wander set off.
    var seconds = Self.walkStopWalk(noise: 0)
    for index in 92..<seconds.count {
      seconds[index].eastMeters += 1.2 * Double(min(index, 99) - 91)
    }
    for index in 92...99 {
      seconds[index].speed = 0.5
      seconds[index].courseDegrees = 270
    }
    let live = Self.flags(stoppedFrom: 60, through: 91, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined.lastIndex(of: false) == 99)
  }

  @Test func aStopLeftForACornerEndsOnTime() {
    // The walker left at index 100 and turned north 8 s later: along the departure judged
    // from 10 s on, the first strides east read standing, but they are walking.
    var seconds = Self.walkStopWalk(noise: 0)
    for index in 108..<seconds.count {
      seconds[index].northMeters = 1.4 * Double(index - 107)
      seconds[index].eastMeters = seconds[107].eastMeters
      seconds[index].courseDegrees = 0
    }
    let live = Self.flags(stoppedFrom: 60, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.lastIndex(of: false) == 99)
  }

  @Test func aStopGoesOnOverTheFixesWithoutADopplerThatFollowIt() {
    // The walker stood from index 60 to 101; live, the stop ended at 99, and the two fixes
    // after it report no speed: nothing says the walker left.
    let seconds = Self.walkStopWalk(standSeconds: 42, noise: 0)
    var inputs = Self.inputs(seconds)
    for index in 100...101 {
      inputs[index].speedMetersPerSecond = nil
      inputs[index].dopplerVelocity = nil
    }
    let live = Self.flags(stoppedFrom: 60, through: 99, count: inputs.count)
    #expect(Self.refined(live, inputs).lastIndex(of: false) == 101)
  }

  @Test func aStopEndingAtAGapEndsThere() {
    // The 15 s after the stop were lost in a gap: nothing within 10 s says more.
    var inputs = Self.inputs(Self.walkStopWalk(noise: 0))
    inputs.removeSubrange(100..<115)
    let live = Self.flags(stoppedFrom: 60, through: 99, count: inputs.count)
    #expect(Self.refined(live, inputs).lastIndex(of: false) == 99)
  }

  /// A walk east that stands from index 60 to 99 and sets off slowly (`departure`, 5 s)
  /// before a 15 s gap; the fixes state no speed accuracy, as NMEA's do. At the stop the
  /// Doppler reads `standingSpeed` on a course of its own. Live, the stop ended 4 s late.
  static func refinedEndBeforeAGap(
    standingSpeed: Double, departure: [Double] = [0.5, 0.6, 0.8, 1.0, 1.2],
    reportsCourse: Bool = true
  ) -> Int? {
    var seconds = path(
      [(speed: Double, courseDegrees: Double)](repeating: (1.4, 90), count: 60)
        + [(speed: Double, courseDegrees: Double)](repeating: (standingSpeed, 200), count: 40)
        + departure.map { (speed: $0, courseDegrees: 90) }
        + [(speed: Double, courseDegrees: Double)](repeating: (1.4, 90), count: 60))
    if !reportsCourse {
      for index in seconds.indices { seconds[index].courseDegrees = nil }
    }
    var inputs = inputs(seconds, speedAccuracy: nil)
    // Standing does not move the positions; the Doppler reading does not either.
    for index in 60..<100 { inputs[index].coordinate = inputs[59].coordinate }
    inputs.removeSubrange(105..<120)
    let live = flags(stoppedFrom: 60, through: 103, count: inputs.count)
    return refined(live, inputs).lastIndex(of: false)
  }

  @Test func aStopLeftBeforeAGapEndsWhereADopplerReadingZeroWhileStandingRose() {
    // Too few readings after the window to give the departure's direction; the Doppler read
    // 0.01 m/s while the walker stood, so its speed alone is trusted near zero.
    #expect(Self.refinedEndBeforeAGap(standingSpeed: 0.01) == 99)
  }

  @Test func aStopLeftBeforeAGapKeepsItsEndWhereTheDopplerReadNoiseWhileStanding() {
    // Standing, the Doppler read 0.2 m/s: twice that is above the stop speed, and its speed
    // alone would read the noise as strides.
    #expect(Self.refinedEndBeforeAGap(standingSpeed: 0.2) == 103)
  }

  @Test func aStopLeftBeforeAGapKeepsItsEndWhereTheSpeedsReportNoCourse() {
    // A watch's FIT records: without a course a speed below the resume speed stands for a
    // zero velocity, which reads standing whatever the person does, so such speeds say
    // nothing of the noise. Judged by them, the slow strides would carry the stop on.
    let end = Self.refinedEndBeforeAGap(
      standingSpeed: 0.01, departure: [0.5, 0.6, 0.7, 0.7, 0.7], reportsCourse: false)
    #expect(end == 103)
  }

  @Test func aCarThatCreptAndLeftInAUTurnLeavesWhereTheDopplerRose() {
    // A car stands from index 60 to 99 (its NMEA Doppler reads 0.01 m/s on its last course),
    // creeps 4 m, waits 2 s, creeps on, and pulls out into a U-turn, its course sweeping 30° a
    // second, to drive back past the stop; live, the stop ended after the creeping (as on
    // the F9K drive). The positions stay within the dwell radius for seconds, and the
    // backward run took the U-turn for part of the stop; its velocities cancel in their mean,
    // but their course sweeps steadily.
    let creep = [0.4, 1.5, 1.9, 1.1, 0.02, 0.02, 0.23, 0.8, 1.3, 1.8]
    let pullOut = [3.2, 3.5, 3.8, 4.0, 4.0, 4.0, 4.0]
    let seconds = Self.path(
      [(speed: Double, courseDegrees: Double)](repeating: (10, 60), count: 60)
        + [(speed: Double, courseDegrees: Double)](repeating: (0.01, 60), count: 40)
        + creep.map { (speed: $0, courseDegrees: 60) }
        + pullOut.enumerated().map { (speed: $1, courseDegrees: 60 + 30 * Double($0)) }
        + [(speed: Double, courseDegrees: Double)](repeating: (8, 240), count: 60))
    var inputs = Self.inputs(seconds, speedAccuracy: nil)
    for index in 60..<100 { inputs[index].coordinate = inputs[59].coordinate }
    let live = Self.flags(stoppedFrom: 60, through: 109, count: inputs.count)
    let refined = Self.refined(live, inputs, configuration: .defaults(for: .driving))
    #expect(refined.lastIndex(of: false) == 100)
  }

  @Test func aStopInterruptedByAnErrorRampIsOneStop() {
    // Standing from index 60 to 99 while an error ramp carried the positions north at 5 m/s
    // for 6 s before they snapped back: live, the stop ended in the ramp and began anew.
    var seconds = Self.walkStopWalk(noise: 0)
    for index in 75...80 { seconds[index].northMeters = 5 * Double(index - 74) }
    var live = Self.flags(stoppedFrom: 60, through: 99, count: seconds.count)
    for index in 77...81 { live[index] = true }
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined.firstIndex(of: false) == 60)
    #expect(refined[60...99].allSatisfy { !$0 })
  }

  @Test func twoStopsAWalkApartStayTwo() {
    // Standing, then 10 s at 1.4 m/s, then standing 14 m on.
    var seconds = Self.walkStopWalk(standSeconds: 20, walkAfter: 0)
    for index in 0..<10 {
      seconds.append(
        Second(eastMeters: 84 + 1.4 * Double(index + 1), speed: 1.4, courseDegrees: 90))
    }
    for _ in 0..<30 { seconds.append(Second(eastMeters: 98, speed: 0)) }
    let live = (0..<seconds.count).map { !((60...79).contains($0) || $0 >= 90) }
    let refined = Self.refined(live, Self.inputs(seconds))
    #expect(refined[81...88].allSatisfy { $0 })
  }

  @Test(arguments: [(3.0, true), (14.0, false)])
  func anInterruptionIsWhereTheStopWas(metersApart: Double, isInterruption: Bool) {
    // Two stops 8 s apart, the Doppler reading nothing between them.
    let seconds = (0..<60).map {
      Second(eastMeters: $0 < 30 ? 0 : metersApart, speed: 0)
    }
    let live = (0..<60).map { (22..<30).contains($0) }
    let runs = Self.refiner.interruptions(of: live, StopRefiner.Inputs(Self.inputs(seconds)))
    #expect(runs == (isInterruption ? [22...29] : []))
  }

  @Test func anInterruptionWhoseDopplerFellSilentIsNone() {
    // Two stops 8 s apart in the same place, one reading between them: too little to say.
    let seconds = (0..<60).map { _ in Second(eastMeters: 0, speed: 0) }
    var inputs = Self.inputs(seconds)
    for index in 23..<30 { inputs[index].dopplerVelocity = nil }
    let live = (0..<60).map { (22..<30).contains($0) }
    let inputsWithOneReading = StopRefiner.Inputs(inputs)
    #expect(Self.refiner.interruptions(of: live, inputsWithOneReading).isEmpty)
  }

  @Test func aStopAfterAUTurnStartsWhereTheDopplerFell() {
    // West for a minute, round to east at 30° a second, 4 s east, and standing from index 70:
    // the approach cancels in its mean. Live, the stop began 3 s early.
    let turn = (1...6).map { (speed: 1.4, courseDegrees: 270 - 30 * Double($0)) }
    let seconds = Self.path(
      [(speed: Double, courseDegrees: Double)](repeating: (1.4, 270), count: 60) + turn
        + [(1.4, 90), (1.4, 90), (1.4, 90), (1.4, 90)]
        + [(speed: Double, courseDegrees: Double)](repeating: (0, 0), count: 60))
    let live = Self.flags(stoppedFrom: 67, through: 110, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds, speedAccuracy: 0.1))
    #expect(refined.firstIndex(of: false) == 70)
  }

  /// The last stopped index of the refined flags for a walk east that stands from index 60
  /// to 99, then leaves east for 2 s, through `turn`, and north; live, the stop ended 3 s late.
  /// The Doppler's stated accuracy (0.1 m/s) trusts it near zero.
  static func refinedEndLeavingRound(_ turn: [(speed: Double, courseDegrees: Double)]) -> Int? {
    let seconds = path(
      [(speed: Double, courseDegrees: Double)](repeating: (1.4, 90), count: 60)
        + [(speed: Double, courseDegrees: Double)](repeating: (0, 0), count: 40)
        + [(1.4, 90), (1.4, 90)] + turn
        + [(speed: Double, courseDegrees: Double)](repeating: (1.4, 0), count: 60))
    let live = flags(stoppedFrom: 60, through: 102, count: seconds.count)
    return refined(live, inputs(seconds, speedAccuracy: 0.1)).lastIndex(of: false)
  }

  @Test func aStopLeftRoundACornerEndsWhereTheDopplerRose() {
    // Round a corner to the north over 3 s: along the departure 10 s on, the first strides
    // read standing.
    let turn = (1...3).map { (speed: 1.4, courseDegrees: 90 - 30 * Double($0)) }
    #expect(Self.refinedEndLeavingRound(turn) == 99)
  }

  @Test func aStopLeftSharplyRoundACornerEndsWhereATrustedDopplerRose() {
    // A sharp turn north: the course does not sweep, but a Doppler whose stated accuracy is
    // trusted near zero reads the strides by their speed.
    #expect(Self.refinedEndLeavingRound([]) == 99)
  }

  @Test func aStrideRoundACornerClearOfTheNoiseIsNoStop() {
    // East for a minute, a sharp turn north for 3 s, and standing from index 63. Along the
    // street before the corner the strides north read slow, but at 1.4 m/s, clear of the
    // Doppler's noise (0.3 m/s accuracy, not trusted near zero), they read moving. Live, the
    // stop began 2 s early.
    let seconds = Self.path(
      [(speed: Double, courseDegrees: Double)](repeating: (1.4, 90), count: 60)
        + [(1.4, 0), (1.4, 0), (1.4, 0)]
        + [(speed: Double, courseDegrees: Double)](repeating: (0, 0), count: 60))
    let live = Self.flags(stoppedFrom: 61, through: 122, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds, speedAccuracy: 0.3))
    #expect(refined.firstIndex(of: false) == 63)
  }

  @Test func aStopWhoseDopplerKeptItsPaceIsAWalk() {
    // A steady walk the live detector took for a stop (its positions bunched up).
    let seconds = (0..<120).map {
      Second(eastMeters: 1.4 * Double($0), speed: 1.4, courseDegrees: 90)
    }
    let live = Self.flags(stoppedFrom: 50, through: 70, count: seconds.count)
    #expect(Self.refined(live, Self.inputs(seconds)).allSatisfy { $0 })
  }

  @Test func aStopWhoseTwoDopplerReadingsKeepThePaceIsAWalk() {
    // Three fixes after a 3 s gap, the first without a speed, the other two at 1.4 m/s east:
    // no more readings to average, and they keep the pace.
    let seconds = (0..<120).map {
      Second(eastMeters: 1.4 * Double($0), speed: 1.4, courseDegrees: 90)
    }
    var inputs = Self.inputs(seconds)
    for index in inputs.indices where !(61...62).contains(index) {
      inputs[index].dopplerVelocity = nil
    }
    for index in 60..<inputs.count {
      inputs[index].timeSeconds = inputs[index].timeSeconds.map { $0 + 2 }
    }
    let live = Self.flags(stoppedFrom: 60, through: 62, count: seconds.count)
    #expect(Self.refined(live, inputs).allSatisfy { $0 })
  }

  @Test func aStopShorterThanTheDwellIsNone() {
    let seconds = (0..<120).map {
      Second(eastMeters: 1.4 * Double($0), speed: 1.4, courseDegrees: 90)
    }
    let live = Self.flags(stoppedFrom: 60, through: 62, count: seconds.count)
    #expect(Self.refined(live, Self.inputs(seconds, reportsSpeed: false)).allSatisfy { $0 })
  }

  @Test func aStopWithoutADopplerBetweenFixesWithOneIsNone() {
    // A walk with a 13 s gap before index 60; the first fix after it reports no speed and lies
    // 12 m back (a reconverging receiver), so the step to it reads slow, and the live stop
    // around the gap shrinks to that one fix.
    var seconds = (0..<120).map {
      Second(eastMeters: 1.4 * Double($0), speed: 1.4, courseDegrees: 90)
    }
    seconds[60].eastMeters -= 12
    var inputs = Self.inputs(seconds)
    for index in 60..<inputs.count {
      inputs[index].timeSeconds = inputs[index].timeSeconds.map { $0 + 12 }
    }
    inputs[60].speedMetersPerSecond = nil
    inputs[60].dopplerVelocity = nil
    let live = Self.flags(stoppedFrom: 60, through: 60, count: seconds.count)
    #expect(Self.refined(live, inputs).allSatisfy { $0 })
  }

  @Test func withoutDopplerTheLiveStartStands() {
    let seconds = Self.walkStopWalk(noise: 0)
    let live = Self.flags(stoppedFrom: 56, through: 99, count: seconds.count)
    let refined = Self.refined(live, Self.inputs(seconds, reportsSpeed: false))
    #expect(refined.firstIndex(of: false) == 56)
  }

  @Test func aFlagJudgedAcrossAGapStands() {
    let seconds = Self.walkStopWalk()
    let live = Self.flags(stoppedFrom: 56, through: 99, count: seconds.count)
    var keepsLive = [Bool](repeating: false, count: live.count)
    keepsLive[57] = true
    let refined = Self.refiner.movingFlags(
      live: live, inputs: StopRefiner.Inputs(Self.inputs(seconds)), keepsLive: keepsLive)
    #expect(refined[57] == false)
    #expect(refined[56] && refined[58])
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomFlagsAndReadingsNeverTrap(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = 1 + Int(random.nextUnit() * 300)
    var inputs: [StopRefiner.Input] = []
    for index in 0..<count {
      let time: Date? =
        random.nextUnit() < 0.05
        ? nil : Date(timeIntervalSinceReferenceDate: Double(index) * (random.nextUnit() * 3))
      let fix = Fix(
        timestamp: time, latitudeDegrees: 47 + random.nextUnit() * 1e-3,
        longitudeDegrees: 8 + random.nextUnit() * 1e-3,
        horizontalAccuracyMeters: random.nextUnit() < 0.1 ? -1 : random.nextUnit() * 30,
        speedMetersPerSecond: random.nextUnit() < 0.2 ? nil : random.nextUnit() * 4,
        courseDegrees: random.nextUnit() < 0.3 ? nil : random.nextUnit() * 360)
      inputs.append(
        StopRefiner.Input(
          fix: fix, speed: SpeedEstimate(metersPerSecond: random.nextUnit() * 4, source: .derived),
          configuration: Self.walking))
    }
    let live = (0..<count).map { _ in random.nextUnit() < 0.7 }
    let keepsLive = (0..<count).map { _ in random.nextUnit() < 0.05 }
    let refined = Self.refiner.movingFlags(
      live: live, inputs: StopRefiner.Inputs(inputs), keepsLive: keepsLive)
    #expect(refined.count == count)
    for index in 0..<count where keepsLive[index] { #expect(refined[index] == live[index]) }
  }
}
