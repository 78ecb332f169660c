import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct StopDetectorTests {
  static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 47.37, longitudeDegrees: 8.54))

  /// A position `east` meters along a straight line, displaced by a seeded jitter of
  /// `jitterMeters` in a random direction.
  static func point(
    east: Double, jitterMeters: ClosedRange<Double> = 0...0, random: inout SplitMix64
  ) -> Coordinate {
    let radius =
      jitterMeters.lowerBound + random.nextUnit()
      * (jitterMeters.upperBound - jitterMeters.lowerBound)
    let angle = random.nextUnit() * 2 * .pi
    return plane.unproject(eastMeters: east + radius * cos(angle), northMeters: radius * sin(angle))
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func aJitteryStandstillStopsAndStaysStoppedWithSpeeds(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var detector = StopDetector(configuration: .defaults(for: .walking))
    for second in 0..<30 {
      let moving = detector.update(
        timeSeconds: Double(second),
        coordinate: Self.point(east: 1.3 * Double(second), random: &random),
        speedMetersPerSecond: 1.3, horizontalAccuracyMeters: 5)
      #expect(moving)
    }
    var states: [Bool] = []
    for second in 30..<150 {
      states.append(
        detector.update(
          timeSeconds: Double(second),
          coordinate: Self.point(east: 39, jitterMeters: 5...8, random: &random),
          speedMetersPerSecond: 0.2 * random.nextUnit(), horizontalAccuracyMeters: 8))
    }
    // Still from t = 30, stopped from t = 35 on, never resumed by the jitter.
    #expect(states[0..<5].allSatisfy { $0 })
    #expect(states[5...].allSatisfy { !$0 })
    #expect(detector.stopStartTimeSeconds == 30)
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func aJitteryStandstillWithoutSpeedsReliesOnTheDwellRadius(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var detector = StopDetector(configuration: .defaults(for: .walking))
    for second in 0..<30 {
      _ = detector.update(
        timeSeconds: Double(second),
        coordinate: Self.point(east: 1.3 * Double(second), random: &random),
        speedMetersPerSecond: nil, horizontalAccuracyMeters: 5)
    }
    #expect(detector.isMoving)
    var firstStopped: Int?
    for second in 30..<150 {
      let moving = detector.update(
        timeSeconds: Double(second),
        coordinate: Self.point(east: 39, jitterMeters: 5...8, random: &random),
        speedMetersPerSecond: nil, horizontalAccuracyMeters: 8)
      if !moving, firstStopped == nil { firstStopped = second }
      if firstStopped != nil { #expect(!moving) }
    }
    // The walking position dwell is 2 * 10 m / 0.8 m/s = 25 s; the last meters of the
    // approach lie within the 12 m radius of the poor standstill fixes, so it may begin there.
    let stopped = try #require(firstStopped)
    #expect(stopped >= 35 && stopped <= 60)
    let dwellStart = try #require(detector.stopStartTimeSeconds)
    #expect(dwellStart >= 10 && dwellStart <= 35)

    // Walking away without speeds resumes once beyond the 20 m resume distance (15-16 s).
    var resumedAt: Int?
    for step in 1...30 {
      let moving = detector.update(
        timeSeconds: Double(150 + step),
        coordinate: Self.point(east: 39 + 1.3 * Double(step), random: &random),
        speedMetersPerSecond: nil, horizontalAccuracyMeters: 5)
      if moving, resumedAt == nil { resumedAt = step }
    }
    let resumed = try #require(resumedAt)
    #expect(resumed >= 13 && resumed <= 18)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func walkingNeverStops(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var withSpeeds = StopDetector(configuration: .defaults(for: .walking))
    var withoutSpeeds = StopDetector(configuration: .defaults(for: .walking))
    for second in 0..<600 {
      let position = Self.point(east: 1.3 * Double(second), jitterMeters: 0...3, random: &random)
      let speed = 1.3 + 0.4 * (random.nextUnit() - 0.5)
      let moving1 = withSpeeds.update(
        timeSeconds: Double(second), coordinate: position, speedMetersPerSecond: speed,
        horizontalAccuracyMeters: 5)
      #expect(moving1)
      let moving2 = withoutSpeeds.update(
        timeSeconds: Double(second), coordinate: position, speedMetersPerSecond: nil,
        horizontalAccuracyMeters: 5)
      #expect(moving2)
    }
  }

  @Test func hysteresisKeepsAHoveringSpeedFromFlickering() {
    var detector = StopDetector(configuration: .defaults(for: .walking))
    let place = Self.plane.origin
    var time = 0.0
    var transitions: [(time: Double, moving: Bool)] = []
    var last = true
    func feed(_ speeds: [Double], repeating count: Int) {
      for index in 0..<count {
        // A confident Doppler (0.1 m/s): the speeds decide, not the unmoving position.
        let moving = detector.update(
          timeSeconds: time, coordinate: place, speedMetersPerSecond: speeds[index % speeds.count],
          horizontalAccuracyMeters: 5, speedAccuracyMetersPerSecond: 0.1)
        if moving != last { transitions.append((time, moving)) }
        last = moving
        time += 1
      }
    }
    feed([1.5], repeating: 10)
    // Hovering around the 0.3 m/s stop speed never stays below it for 5 s.
    feed([0.25, 0.35], repeating: 60)
    // Zero is within the Doppler's noise, and the position has not moved for a minute: a
    // stop at once (by speed alone it would come at t = 70 + 5).
    feed([0], repeating: 10)
    // Hovering between the thresholds, with a lone fast reading now and then, keeps the stop.
    feed([0.25, 0.35, 0.9, 0.5], repeating: 40)
    feed([0.9], repeating: 2)  // fast over 1 s: resume at t = 121
    // Hovering between the thresholds keeps moving.
    feed([0.35, 0.75, 0.5], repeating: 40)
    feed([0.1], repeating: 10)  // likewise at t = 162
    #expect(transitions.map(\.time) == [70, 121, 162])
    #expect(transitions.map(\.moving) == [false, true, false])
  }

  @Test func aPoorFixDriftingWithinItsAccuracyDoesNotResume() {
    var detector = StopDetector(configuration: .defaults(for: .walking))
    for second in 0..<10 {
      _ = detector.update(
        timeSeconds: Double(second), coordinate: Self.plane.origin, speedMetersPerSecond: 0,
        horizontalAccuracyMeters: 5)
    }
    #expect(!detector.isMoving)
    let drifted = Self.plane.unproject(eastMeters: 35, northMeters: 0)
    // 35 m away, but the fix claims 30 m accuracy: the resume radius is 45 m.
    let moving3 = detector.update(
      timeSeconds: 10, coordinate: drifted, speedMetersPerSecond: nil,
      horizontalAccuracyMeters: 30)
    #expect(!moving3)
    // The same offset from a good fix is a real move.
    let moving4 = detector.update(
      timeSeconds: 11, coordinate: drifted, speedMetersPerSecond: nil,
      horizontalAccuracyMeters: 4)
    #expect(moving4)
  }

  @Test func aNoisyWatchDopplerAtAStandstillStillStops() {
    // A watch in a city reads 0.5-1.2 m/s standing (its speed accuracy 0.9 m/s); the
    // positions, wandering within a few meters, show the stop.
    var random = SplitMix64(seed: 21)
    var standing = StopDetector(configuration: .defaults(for: .walking))
    var walking = StopDetector(configuration: .defaults(for: .walking))
    var stoppedAt: Double?
    var walkingEverStopped = false
    for second in 0..<120 {
      let time = Double(second)
      let jitter = Self.plane.unproject(
        eastMeters: 2 * random.nextGaussian(), northMeters: 2 * random.nextGaussian())
      let noisy = abs(0.6 * random.nextGaussian() + 0.6)
      if !standing.update(
        timeSeconds: time, coordinate: jitter, speedMetersPerSecond: noisy,
        horizontalAccuracyMeters: 6, speedAccuracyMetersPerSecond: 0.9), stoppedAt == nil
      {
        stoppedAt = time
      }
      let ahead = Self.plane.unproject(
        eastMeters: 1.4 * time + 2 * random.nextGaussian(), northMeters: 2 * random.nextGaussian())
      walkingEverStopped =
        !walking.update(
          timeSeconds: time, coordinate: ahead,
          speedMetersPerSecond: abs(1.4 + 0.6 * random.nextGaussian()),
          horizontalAccuracyMeters: 6, speedAccuracyMetersPerSecond: 0.9) || walkingEverStopped
    }
    #expect(stoppedAt.map { $0 <= 30 } == true, "stopped at \(String(describing: stoppedAt))")
    #expect(!walkingEverStopped)
  }

  /// A walk east at 1.3 m/s whose positions an error ramp holds within a few meters for 60 s,
  /// while the watch's Doppler (speed accuracy 0.9 m/s, so every reading may be noise) keeps
  /// the heading; or, with `standing`, a standstill whose Doppler noise points every way.
  /// With `garbled`, the velocities are not finite. Returns the time of the first stop.
  static func firstStopOfAHeldWalk(
    standing: Bool, readsCourse: Bool, garbled: Bool = false, seed: UInt64
  ) -> Double? {
    var random = SplitMix64(seed: seed)
    var detector = StopDetector(configuration: .defaults(for: .walking))
    for second in 0..<90 {
      let time = Double(second)
      let held = Self.plane.unproject(
        eastMeters: 2 * random.nextGaussian(), northMeters: 2 * random.nextGaussian())
      let speed =
        standing ? abs(0.6 * random.nextGaussian() + 0.6) : 1.3 + 0.2 * random.nextGaussian()
      let course = standing ? 360 * random.nextUnit() : 90 + 20 * random.nextGaussian()
      let radians = course * .pi / 180
      let moving = detector.update(
        timeSeconds: time, coordinate: held, speedMetersPerSecond: speed,
        horizontalAccuracyMeters: 6, speedAccuracyMetersPerSecond: 0.9,
        dopplerVelocity: garbled
          ? doppler(.nan, .infinity)
          : readsCourse ? doppler(speed * sin(radians), speed * cos(radians)) : nil)
      if !moving { return time }
    }
    return nil
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aDopplerKeepingItsHeadingOutweighsPositionsHeldStill(seed: UInt64) {
    // Without the course the positions' dwell makes a stop; with it the walk goes on.
    #expect(Self.firstStopOfAHeldWalk(standing: false, readsCourse: false, seed: seed) != nil)
    let walkStop = Self.firstStopOfAHeldWalk(standing: false, readsCourse: true, seed: seed)
    #expect(walkStop == nil, "stopped at \(String(describing: walkStop))")
    // Noise at a standstill averages out: the stop comes as soon as without the course.
    let standStop = Self.firstStopOfAHeldWalk(standing: true, readsCourse: true, seed: seed)
    #expect(standStop.map { $0 <= 30 } == true, "stopped at \(String(describing: standStop))")
    // Velocities that are not finite are absent.
    #expect(
      Self.firstStopOfAHeldWalk(standing: false, readsCourse: true, garbled: true, seed: seed)
        == Self.firstStopOfAHeldWalk(standing: false, readsCourse: false, seed: seed))
  }

  @Test(arguments: [true, false])
  func theFirstFixAfterAShortGapStillSeesTheDopplerBeforeIt(dopplerVetoesDwell: Bool) {
    // Positions held still for 30 s while the Doppler reads a walk east at 1.3 m/s; then 4 s
    // without fixes, and a fix without a speed (the first after a gap) at the same place.
    var configuration = StopDetector.Configuration.defaults(for: .walking)
    configuration.dopplerVetoesDwell = dopplerVetoesDwell
    var detector = StopDetector(configuration: configuration)
    for second in 0..<30 {
      let moving = detector.update(
        timeSeconds: Double(second), coordinate: Self.plane.origin, speedMetersPerSecond: 1.3,
        horizontalAccuracyMeters: 6, speedAccuracyMetersPerSecond: 0.9,
        dopplerVelocity: doppler(1.3, 0))
      #expect(moving, "second \(second)")
    }
    let moving = detector.update(
      timeSeconds: 34, coordinate: Self.plane.origin, speedMetersPerSecond: nil,
      horizontalAccuracyMeters: 6)
    #expect(moving)
    // Once the latest reading is older than stopAfterSeconds, the Doppler over the dwell
    // still reads the walk; without that veto the positions decide.
    let later = detector.update(
      timeSeconds: 35, coordinate: Self.plane.origin, speedMetersPerSecond: nil,
      horizontalAccuracyMeters: 6)
    #expect(later == dopplerVetoesDwell)
  }

  @Test(arguments: [false, true])
  func aDwellWhoseDopplerReadsAWalkMakesNoStop(oneReadingGarbled: Bool) {
    // Positions held still by an error ramp while the Doppler reads a walk east at 1.4 m/s for
    // 22 s, then 4 s without a speed and slow speeds without a course: the last 5 s hold no
    // reading with a course, but over the 25 s dwell the walk outweighs the slow speeds; a
    // velocity that is not finite is absent, not a poison.
    var detector = StopDetector(configuration: .defaults(for: .walking))
    for second in 0...32 {
      let speed: Double? = second < 22 ? 1.4 : second < 26 ? nil : 0.4
      let moving = detector.update(
        timeSeconds: Double(second), coordinate: Self.plane.origin,
        speedMetersPerSecond: speed, horizontalAccuracyMeters: 6,
        speedAccuracyMetersPerSecond: speed == nil ? nil : 0.9,
        dopplerVelocity: oneReadingGarbled && second == 10
          ? doppler(.nan, .infinity) : second < 22 ? doppler(1.4, 0) : nil)
      #expect(moving, "second \(second)")
    }
  }

  /// Whether a walker on a zig-zag climb, whose positions stay within the dwell radius
  /// (0.4 m/s straight on, 60 s), is ever shown stopped, reporting `speed` without a course
  /// (a watch's FIT records) for most fixes, and with `speed` east as a course every tenth
  /// fix if `someWithACourse`.
  static func isEverStoppedOnASlowClimb(
    speed: Double, speedIsReported: Bool, dopplerVetoesDwell: Bool = true,
    someWithACourse: Bool = false
  ) -> Bool {
    var configuration = StopDetector.Configuration.defaults(for: .walking)
    configuration.dopplerVetoesDwell = dopplerVetoesDwell
    var detector = StopDetector(configuration: configuration)
    var random = SplitMix64(seed: 7)
    var everStopped = false
    for second in 0...60 {
      let coordinate = point(east: 0.4 * Double(second), jitterMeters: 0...1, random: &random)
      everStopped =
        !detector.update(
          timeSeconds: Double(second), coordinate: coordinate,
          speedMetersPerSecond: second % 4 == 3 ? nil : speed, horizontalAccuracyMeters: nil,
          dopplerVelocity: someWithACourse && second % 10 == 0 ? doppler(speed, 0) : nil,
          speedIsReported: speedIsReported) || everStopped
    }
    return everStopped
  }

  @Test func aSlowClimbWhoseSpeedsCameWithoutACourseIsNotAStop() {
    // The watch's own speeds read a walk: no stop.
    #expect(!Self.isEverStoppedOnASlowClimb(speed: 0.6, speedIsReported: true))
    // Speeds derived from the wandering positions say nothing; nor does the same climb when
    // the veto is off (the refined stops' candidates).
    #expect(Self.isEverStoppedOnASlowClimb(speed: 0.6, speedIsReported: false))
    #expect(
      Self.isEverStoppedOnASlowClimb(speed: 0.6, speedIsReported: true, dopplerVetoesDwell: false))
    // Where some speeds came with a course, the Doppler velocity judges (here, too slow to
    // outweigh the positions).
    #expect(
      Self.isEverStoppedOnASlowClimb(speed: 0.6, speedIsReported: true, someWithACourse: true))
  }

  @Test func anErrorRampWhileTheDopplerReadsStillDoesNotResume() {
    var detector = StopDetector(configuration: .defaults(for: .cycling))
    for second in 0..<20 {
      _ = detector.update(
        timeSeconds: Double(second), coordinate: Self.plane.origin, speedMetersPerSecond: 0,
        horizontalAccuracyMeters: 5, speedAccuracyMetersPerSecond: 0.3)
    }
    #expect(!detector.isMoving)
    // The position runs 8 m/s away for 6 s; the Doppler keeps reading 0.2 m/s.
    for step in 1...6 {
      let drifted = Self.plane.unproject(eastMeters: 8 * Double(step), northMeters: 0)
      let moving = detector.update(
        timeSeconds: 19 + Double(step), coordinate: drifted, speedMetersPerSecond: 0.2,
        horizontalAccuracyMeters: 5, speedAccuracyMetersPerSecond: 0.3)
      #expect(!moving, "step \(step)")
    }
    // A Doppler that agrees (the rider leaves) resumes.
    let leaving = Self.plane.unproject(eastMeters: 60, northMeters: 0)
    let moving = detector.update(
      timeSeconds: 27, coordinate: leaving, speedMetersPerSecond: 1.5,
      horizontalAccuracyMeters: 5, speedAccuracyMetersPerSecond: 0.3)
    #expect(moving)
  }

  @Test func startsMovingAndTreatsBadInputAsAbsent() {
    var detector = StopDetector()
    #expect(detector.isMoving)
    let place = Self.plane.origin
    let nowhere = Coordinate(latitudeDegrees: .nan, longitudeDegrees: .infinity)
    for second in 0..<4 {
      _ = detector.update(
        timeSeconds: Double(second), coordinate: place, speedMetersPerSecond: 0,
        horizontalAccuracyMeters: .nan)
    }
    // Untimed fixes are reported moving and change nothing.
    let moving5 = detector.update(
      timeSeconds: nil, coordinate: place, speedMetersPerSecond: 0, horizontalAccuracyMeters: 5)
    #expect(moving5)
    let moving6 = detector.update(
      timeSeconds: .nan, coordinate: nowhere, speedMetersPerSecond: .nan,
      horizontalAccuracyMeters: -1)
    #expect(moving6)
    // A time going back is ignored.
    let moving7 = detector.update(
      timeSeconds: 2, coordinate: place, speedMetersPerSecond: 9, horizontalAccuracyMeters: 5)
    #expect(moving7)
    // A bad position and bad speed are absent: the slow run from t = 0 reaches 5 s at t = 5.
    let moving8 = detector.update(
      timeSeconds: 4, coordinate: nowhere, speedMetersPerSecond: -.infinity,
      horizontalAccuracyMeters: .infinity)
    #expect(moving8)
    let moving9 = detector.update(
      timeSeconds: 5, coordinate: place, speedMetersPerSecond: 0, horizontalAccuracyMeters: 5)
    #expect(!moving9)
    #expect(detector.stopStartTimeSeconds == 0)
    // A bad speed cannot resume; good ones over a second can.
    let moving10 = detector.update(
      timeSeconds: 6, coordinate: nowhere, speedMetersPerSecond: .infinity,
      horizontalAccuracyMeters: nil)
    #expect(!moving10)
    let moving11 = detector.update(
      timeSeconds: 7, coordinate: place, speedMetersPerSecond: 2, horizontalAccuracyMeters: nil)
    #expect(!moving11)
    let moving12 = detector.update(
      timeSeconds: 8, coordinate: place, speedMetersPerSecond: 2, horizontalAccuracyMeters: nil)
    #expect(moving12)
    #expect(detector.stopStartTimeSeconds == nil)
    detector.reset()
    #expect(detector.isMoving)
  }

  @Test func updatesFromAFix() {
    var detector = StopDetector(configuration: .defaults(for: .driving))
    var results: [Bool] = []
    for second in 0..<5 {
      let fix = Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: Double(second)),
        latitudeDegrees: 47.37, longitudeDegrees: 8.54, horizontalAccuracyMeters: 5,
        speedMetersPerSecond: 0.3)
      results.append(detector.update(with: fix))
    }
    // Driving stops after 3 s below 0.5 m/s.
    #expect(results == [true, true, true, false, false])
  }

  /// A car that drives east at 10 m/s, circles a parking lot once at 3.5 m/s (radius 7 m,
  /// 12.6 s) and stands at the circle's start from t = 33; the Doppler reads each fix's
  /// velocity.
  /// Returns the stop's start as the detector places it.
  static func stopStartOfACarCirclingIntoAParkingSpace(speedsPlaceEdges: Bool) -> Double? {
    var configuration = StopDetector.Configuration.defaults(for: .driving)
    configuration.speedsPlaceEdges = speedsPlaceEdges
    var detector = StopDetector(configuration: configuration)
    let radius = 7.0
    let circleSeconds = 2 * .pi * radius / 3.5
    for tenth in 0...400 {
      let time = Double(tenth) / 10
      guard tenth % 10 == 0 else { continue }
      let (east, north, velocity): (Double, Double, (Double, Double))
      if time < 20 {
        (east, north, velocity) = (10 * (time - 20), 0, (10, 0))
      } else if time - 20 < circleSeconds {
        // Counter-clockwise from the circle's southern point, its center 7 m north.
        let angle = (time - 20) / circleSeconds * 2 * .pi
        (east, north, velocity) = (
          radius * sin(angle), radius - radius * cos(angle),
          (3.5 * cos(angle), 3.5 * sin(angle))
        )
      } else {
        (east, north, velocity) = (0, 0, (0.02, 0))
      }
      _ = detector.update(
        timeSeconds: time, coordinate: plane.unproject(eastMeters: east, northMeters: north),
        speedMetersPerSecond: (velocity.0 * velocity.0 + velocity.1 * velocity.1).squareRoot(),
        horizontalAccuracyMeters: 1, dopplerVelocity: doppler(velocity.0, velocity.1))
    }
    return detector.isMoving ? nil : detector.stopStartTimeSeconds
  }

  @Test func aCarCirclingIntoAParkingSpaceStopsWhereItsDopplerSlowed() throws {
    // The circle stays within the 20 m dwell radius, so the positions alone begin the stop
    // when the circle does; the Doppler read 3.5 m/s, faster than the 3 m/s resume speed,
    // until the car stood.
    let placed = try #require(Self.stopStartOfACarCirclingIntoAParkingSpace(speedsPlaceEdges: true))
    #expect(placed == 33)
    let byPositions = try #require(
      Self.stopStartOfACarCirclingIntoAParkingSpace(speedsPlaceEdges: false))
    #expect(byPositions < 25)
  }

  /// A car that stands for 30 s, then reads `departureSpeeds` (m/s, one a second, east) and
  /// drives on at 8 m/s; returns the departure the detector gives when it resumes.
  static func departureOfACar(departureSpeeds: [Double]) -> Double? {
    var detector = StopDetector(configuration: .defaults(for: .driving))
    var east = 0.0
    let speeds = [Double](repeating: 0.02, count: 30) + departureSpeeds + [8, 8, 8, 8, 8]
    for (second, speed) in speeds.enumerated() {
      east += speed > 0.02 ? speed : 0
      _ = detector.update(
        timeSeconds: Double(second), coordinate: plane.unproject(eastMeters: east, northMeters: 0),
        speedMetersPerSecond: speed, horizontalAccuracyMeters: 1, dopplerVelocity: doppler(speed, 0)
      )
      if second >= 30, detector.isMoving { return detector.departureTimeSeconds }
    }
    return nil
  }

  /// The departure of a watch standing 40 s in a city (Doppler noise of 0.25 m/s, stated as
  /// 0.9 m/s, so resuming on speed takes 1.8 m/s) who walks off east at 1.4 m/s: the stop ends
  /// on distance, 20 m out, at t = 55.
  static func departureOfAWalkerInACity(speedsPlaceEdges: Bool) -> Double? {
    var configuration = StopDetector.Configuration.defaults(for: .walking)
    configuration.speedsPlaceEdges = speedsPlaceEdges
    var detector = StopDetector(configuration: configuration)
    var random = SplitMix64(seed: 11)
    for second in 0...70 {
      let walked = max(0, Double(second - 40)) * 1.4
      let velocity =
        second > 40
        ? (1.4 + 0.25 * random.nextGaussian(), 0.25 * random.nextGaussian())
        : (0.25 * random.nextGaussian(), 0.25 * random.nextGaussian())
      let moving = detector.update(
        timeSeconds: Double(second),
        coordinate: point(east: walked, jitterMeters: 0...2, random: &random),
        speedMetersPerSecond: hypot(velocity.0, velocity.1), horizontalAccuracyMeters: 8,
        speedAccuracyMetersPerSecond: 0.9, dopplerVelocity: doppler(velocity.0, velocity.1))
      if second > 40, moving { return detector.departureTimeSeconds }
    }
    return nil
  }

  @Test func aDepartureNeverReachesBeforeAFlagTheCallerKept() throws {
    // A car stands 30 s and drives off; its caller judged a later fix itself (a step across a
    // gap), so the departure handed on for a re-label stops there.
    var detector = StopDetector(configuration: .defaults(for: .driving))
    var east = 0.0
    for (second, speed) in ([Double](repeating: 0.02, count: 30) + [8, 8, 8, 8]).enumerated() {
      east += speed > 0.02 ? speed : 0
      _ = detector.update(
        timeSeconds: Double(second),
        coordinate: Self.plane.unproject(eastMeters: east, northMeters: 0),
        speedMetersPerSecond: speed, horizontalAccuracyMeters: 1,
        dopplerVelocity: doppler(speed, 0))
    }
    let departure = try #require(detector.departureTimeSeconds)
    detector.keepFlags(through: departure - 5)
    #expect(detector.departureTimeSeconds == departure)
    detector.keepFlags(through: departure + 2)
    #expect(detector.departureTimeSeconds == departure + 2)
  }

  @Test func aDepartureOnDistanceIsWhereTheDopplerBeganToCarryThePersonAway() throws {
    // The readings point the way out from t = 41: the last one before is the departure (the
    // positions keep every other fix).
    let departure = try #require(Self.departureOfAWalkerInACity(speedsPlaceEdges: true))
    #expect((39...40).contains(departure), "departure \(departure)")
    // The last fix within the 12 m dwell radius of the anchor is 8 s into the walk.
    let nearAnchor = try #require(Self.departureOfAWalkerInACity(speedsPlaceEdges: false))
    #expect(nearAnchor >= 47, "departure \(nearAnchor)")
  }

  @Test func aDepartureIsTheLastStillSpeedWhenTheSpeedsRoseQuickly() throws {
    // 0.3 m/s at t = 30, 1.8 at 31, 3.5 at 32: the car left after t = 30.
    #expect(try #require(Self.departureOfACar(departureSpeeds: [0.3, 1.8, 3.5])) == 30)
    // A still speed 4 s before the fast ones says nothing of the departure: the last fix near
    // the anchor, within its 20 m dwell radius, is the departure (t = 34: 10.8 m out).
    #expect(try #require(Self.departureOfACar(departureSpeeds: [0.3, 2, 2.5, 2.5, 3.5])) == 34)
  }
}

/// A Doppler velocity from its east and north components in meters per second.
private func doppler(_ east: Double, _ north: Double) -> Velocity {
  Velocity(eastMetersPerSecond: east, northMetersPerSecond: north)
}
