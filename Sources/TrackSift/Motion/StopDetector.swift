/// Decides, fix by fix, whether the user is moving or stopped, for auto-pause and moving time.
///
/// A new recording starts moving: the user pressed start to move, and calling the first
/// seconds a stop would hide real distance, while a real stop is found within
/// ``Configuration/stopAfterSeconds`` anyway.
///
/// Stopping (while moving):
/// - A fix with a valid speed counts as still when the speed is below
///   ``Configuration/stopSpeedMetersPerSecond``; still fixes spanning
///   ``Configuration/stopAfterSeconds`` make a stop.
/// - A fix without a speed relies on positions: a stop when the recent positions, over the
///   position dwell time, all lie within the dwell radius of their centroid. The dwell radius is
///   `max(dwellRadiusMeters, accuracyRadiusFactor * horizontal accuracy)`, so the wander of a
///   poor fix does not count as moving. The position dwell time is the longer of
///   ``Configuration/stopAfterSeconds`` and the time in which someone at
///   ``Configuration/resumeSpeedMetersPerSecond`` would carry the centroid check beyond the
///   radius (`2 * dwellRadiusMeters / resumeSpeedMetersPerSecond`), so a slow walk without a
///   reported speed is not taken for a stop.
///
/// Resuming (while stopped): speeds above ``Configuration/resumeSpeedMetersPerSecond`` over
/// fixes spanning ``Configuration/resumeAfterSeconds`` (one Doppler outlier at a standstill is
/// not a start), or a position farther from the stop's anchor (the centroid of its dwell positions) than
/// `max(resumeDistanceMeters, accuracyRadiusFactor * horizontal accuracy)`. The resume
/// thresholds lie above the stop thresholds (hysteresis), so a speed hovering at one threshold
/// does not flicker between the states.
///
/// A position dwell does not make a stop while the mean Doppler velocity of the
/// ``Configuration/stopAfterSeconds`` up to the latest reading (three readings or more, from
/// reported speeds and courses; the latest at most that old) exceeds the resume speed: an
/// error ramp can hold the positions still while a watch's noisy Doppler, each reading within
/// its noise of zero, keeps the walk's heading. Nor, with
/// ``Configuration/dopplerVetoesDwell``, while the mean over the dwell itself does (three
/// readings or more; a slow speed without a course reads as standing): positions held within
/// the radius for the whole dwell cannot travel at the resume speed, and the last few seconds
/// may hold no reading (a short gap, slow speeds without a course). Nor, with that option,
/// while the dwell's positions report speeds but never a course (a watch's FIT records), for
/// half of them or more, whose median reaches the stop speed: a watch that stands reports
/// about zero, while a hiker climbing a steep path at half a meter a second stays within the
/// radius long enough to read as a stop. Only speeds the caller says are reported count.
///
/// The decision is made at the fix that completes the dwell; the dwell's earlier fixes were
/// already reported moving. ``stopStartTimeSeconds`` tells the caller where the dwell began, so
/// a batch caller can re-label them; ``departureTimeSeconds`` likewise where a stop ended.
/// With ``Configuration/speedsPlaceEdges``, the speeds place both where they are clear: a
/// position dwell begins no earlier than the first fix, from the arrival, whose Doppler
/// velocity stops reading faster than the resume speed (a car's path curling into a parking
/// space keeps the approach inside the radius), and a departure is the last speed below the
/// stop speed, if the speeds rose from it above the resume speed within 2 s (otherwise the
/// last fix near the anchor, up to a dwell radius away). A stop that ends on distance (a
/// watch in a city, whose stated speed noise puts resuming on speed out of a walker's reach)
/// departs no later than the last Doppler reading before those that carry the person toward
/// the resuming fix at the resume speed or more.
///
/// Bad input never traps: a fix without a finite time is reported moving (an untimed track
/// cannot show a dwell, so it counts as moving) and changes nothing; a time not after the
/// previous one is ignored and reports the current state; a position out of range, a speed
/// that is not finite or negative and an accuracy that is not finite or not above 0 are
/// treated as absent.
///
/// - Complexity: O(n) per fix in the positions held for the dwell, at most 64.
public struct StopDetector: Sendable {
  /// The knobs of the stop detector.
  public struct Configuration: Sendable, Hashable {
    /// A speed below this, in meters per second, counts as standing still.
    public var stopSpeedMetersPerSecond: Double
    /// A speed above this, in meters per second, ends a stop; keep it above the stop speed.
    public var resumeSpeedMetersPerSecond: Double
    /// Still fixes must span this many seconds before a stop is declared.
    public var stopAfterSeconds: Double
    /// Fast fixes must span this many seconds before a stop ends on speed alone; 0 resumes at
    /// the first fast fix.
    public var resumeAfterSeconds: Double
    /// Without a speed, the positions of a dwell must stay within this many meters of their
    /// centroid (or more for poor fixes, see ``accuracyRadiusFactor``).
    public var dwellRadiusMeters: Double
    /// A stop ends when a position lies farther than this many meters from the stop's anchor;
    /// keep it above the dwell radius and the GPS wander at a standstill.
    public var resumeDistanceMeters: Double
    /// The dwell and resume radii grow to this many times a fix's horizontal accuracy, so
    /// the wander of a poor fix does not count as moving.
    public var accuracyRadiusFactor: Double
    /// A reported speed within this many times its own accuracy of zero may be noise (a
    /// watch's Doppler at a standstill reads 0.5-1 m/s in a city): below it the positions
    /// decide too, and resuming on speed needs more than it.
    public var speedNoiseFactor: Double
    /// Whether a position dwell makes no stop while the mean Doppler velocity over the dwell
    /// exceeds the resume speed, or its speeds reported without a course read moving (see
    /// ``StopDetector``). The refined stops turn it off for the candidates they check against
    /// the whole recording.
    public var dopplerVetoesDwell: Bool
    /// Whether the speeds place a stop's edges where they are clear (see ``StopDetector``):
    /// a position dwell starts after the Doppler's approach, and a departure at the last
    /// still speed before the fast ones. The refined stops turn it off, as they place the edges
    /// themselves against the whole recording.
    public var speedsPlaceEdges: Bool

    /// Creates a configuration; the defaults suit running.
    public init(
      stopSpeedMetersPerSecond: Double = 0.5,
      resumeSpeedMetersPerSecond: Double = 1,
      stopAfterSeconds: Double = 5,
      resumeAfterSeconds: Double = 1,
      dwellRadiusMeters: Double = 10,
      resumeDistanceMeters: Double = 20,
      accuracyRadiusFactor: Double = 1.5,
      speedNoiseFactor: Double = 2,
      dopplerVetoesDwell: Bool = true,
      speedsPlaceEdges: Bool = true
    ) {
      self.stopSpeedMetersPerSecond = stopSpeedMetersPerSecond
      self.resumeSpeedMetersPerSecond = resumeSpeedMetersPerSecond
      self.stopAfterSeconds = stopAfterSeconds
      self.resumeAfterSeconds = resumeAfterSeconds
      self.dwellRadiusMeters = dwellRadiusMeters
      self.resumeDistanceMeters = resumeDistanceMeters
      self.accuracyRadiusFactor = accuracyRadiusFactor
      self.speedNoiseFactor = speedNoiseFactor
      self.dopplerVetoesDwell = dopplerVetoesDwell
      self.speedsPlaceEdges = speedsPlaceEdges
    }

    /// Defaults for an activity: faster activities need a higher speed to resume and wider
    /// radii; driving stops sooner, at traffic lights, but only below 0.5 m/s, since a car
    /// creeping in a queue moves and its Doppler says so.
    public static func defaults(for activity: ActivityKind) -> Configuration {
      switch activity {
      case .walking:
        Configuration(stopSpeedMetersPerSecond: 0.3, resumeSpeedMetersPerSecond: 0.8)
      case .running:
        Configuration()
      case .cycling:
        Configuration(
          stopSpeedMetersPerSecond: 1, resumeSpeedMetersPerSecond: 2, dwellRadiusMeters: 15,
          resumeDistanceMeters: 30)
      case .driving:
        Configuration(
          stopSpeedMetersPerSecond: 0.5, resumeSpeedMetersPerSecond: 3, stopAfterSeconds: 3,
          dwellRadiusMeters: 20, resumeDistanceMeters: 40)
      }
    }

    /// How long positions alone must show a dwell, in seconds (see ``StopDetector``).
    func positionDwellSeconds(radiusMeters: Double) -> Double {
      guard resumeSpeedMetersPerSecond > 0 else { return stopAfterSeconds }
      return max(stopAfterSeconds, 2 * radiusMeters / resumeSpeedMetersPerSecond)
    }

    /// The largest radius a position dwell uses (poor fixes widen it up to this), meters.
    var maximumDwellRadiusMeters: Double { 3 * dwellRadiusMeters }
  }

  private struct Position: Sendable {
    var timeSeconds: Double
    var coordinate: Coordinate
    /// The Doppler velocity east and north reported with the position, if any.
    var velocity: (east: Double, north: Double)?
    /// The reported speed, when it came without a course.
    var courselessSpeedMetersPerSecond: Double?
  }

  /// The knobs in force; may be changed between fixes.
  public var configuration: Configuration
  /// Whether the last timed fix was judged moving; true for a new detector.
  public private(set) var isMoving = true
  /// While stopped, the time in seconds at which the dwell that led to the stop began; `nil`
  /// while moving.
  public private(set) var stopStartTimeSeconds: Double?
  /// After a stop ended, the time of its last fix near the stop's anchor: the person left
  /// then, so a batch caller can count the fixes after it as moving.
  public private(set) var departureTimeSeconds: Double?

  private var lastTimeSeconds: Double?
  // Start of the current run of fixes whose speed is below the stop speed.
  private var slowSinceSeconds: Double?
  // Start of the current run of fixes, while stopped, whose speed is above the resume speed.
  private var fastSinceSeconds: Double?
  // Recent positions, thinned so that they span the position dwell time in bounded memory.
  private var positions = FixedCapacityRingBuffer<Position>(capacity: Self.positionCapacity)
  // The centroid of the dwell positions while stopped.
  private var anchor: Coordinate?
  // While stopped, the time of the last fix within the dwell radius of the anchor.
  private var lastNearAnchorSeconds: Double?
  // While stopped, the time of the last fix whose speed was below the stop speed.
  private var lastSlowSeconds: Double?

  // The Doppler velocities of the stopAfterSeconds up to the latest one.
  private var dopplerWindow: DopplerVelocityWindow

  private static let positionCapacity = 64
  // Positions are kept at most this many per longest dwell time.
  private static let positionsPerDwell = 60.0
  // A position dwell needs at least this many positions.
  private static let minimumDwellPositions = 3
  // How long speeds may take to rise from the stop speed to the resume speed at a departure
  // (a car reaches 3 m/s from 0.5 m/s in under 2 s).
  private static let departureAccelerationSeconds = 2.0

  /// Creates a detector, starting as moving.
  ///
  /// - Parameter configuration: the knobs, e.g. `.defaults(for: .walking)`.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
    dopplerWindow = DopplerVelocityWindow(windowSeconds: configuration.stopAfterSeconds)
  }

  /// Judges one fix.
  ///
  /// - Parameters:
  ///   - timeSeconds: the fix's own time in seconds (any fixed epoch), or `nil` when unknown.
  ///   - coordinate: the fix's position.
  ///   - speedMetersPerSecond: the reported or derived speed in meters per second, if any.
  ///   - horizontalAccuracyMeters: the fix's horizontal accuracy in meters, if known.
  ///   - speedAccuracyMetersPerSecond: the reported speed's accuracy, if known.
  ///   - dopplerVelocity: the reported velocity east and north in meters per second, from a
  ///     reported speed and course; `nil` without a course.
  ///   - speedIsReported: whether `speedMetersPerSecond` is the receiver's own (Doppler)
  ///     speed rather than one derived from positions: only a reported speed without a course
  ///     can veto a position dwell (see ``Configuration/dopplerVetoesDwell``).
  /// - Returns: whether the user is moving at this fix.
  public mutating func update(
    timeSeconds: Double?, coordinate: Coordinate, speedMetersPerSecond: Double?,
    horizontalAccuracyMeters: Double?, speedAccuracyMetersPerSecond: Double? = nil,
    dopplerVelocity: (eastMetersPerSecond: Double, northMetersPerSecond: Double)? = nil,
    speedIsReported: Bool = false
  ) -> Bool {
    guard let timeSeconds, timeSeconds.isFinite else { return true }
    if let lastTimeSeconds, !(timeSeconds > lastTimeSeconds) { return isMoving }
    lastTimeSeconds = timeSeconds
    dopplerWindow.windowSeconds = configuration.stopAfterSeconds
    dopplerWindow.update(timeSeconds: timeSeconds, velocity: dopplerVelocity)

    let speed = speedMetersPerSecond.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    let accuracy = horizontalAccuracyMeters.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    let accuracyRadiusMeters = (accuracy ?? 0) * configuration.accuracyRadiusFactor
    let dwellRadiusMeters = max(configuration.dwellRadiusMeters, accuracyRadiusMeters)
    // Speeds below this may be noise around zero; without a stated accuracy (a derived
    // speed) the resume speed is the bound.
    let speedNoise = speedAccuracyMetersPerSecond.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
      .map { $0 * configuration.speedNoiseFactor }
    let position = coordinate.isInRange ? coordinate : nil
    // A slow speed without a course reads as standing; a fast one says nothing of its way.
    // A velocity that is not finite is absent.
    let reading =
      dopplerVelocity.flatMap {
        $0.eastMetersPerSecond.isFinite && $0.northMetersPerSecond.isFinite
          ? (east: $0.eastMetersPerSecond, north: $0.northMetersPerSecond) : nil
      } ?? speed.flatMap { $0 < configuration.resumeSpeedMetersPerSecond ? (0, 0) : nil }
    if let position {
      remember(
        Position(
          timeSeconds: timeSeconds, coordinate: position, velocity: reading,
          courselessSpeedMetersPerSecond: speedIsReported && dopplerVelocity == nil ? speed : nil))
    }

    if isMoving {
      if let speed {
        if speed < configuration.stopSpeedMetersPerSecond {
          if slowSinceSeconds == nil { slowSinceSeconds = timeSeconds }
        } else {
          slowSinceSeconds = nil
        }
      }
      let speedMayBeNoise =
        speed.map { $0 < (speedNoise ?? configuration.resumeSpeedMetersPerSecond) } ?? true
      if let slowSinceSeconds, timeSeconds - slowSinceSeconds >= configuration.stopAfterSeconds {
        stop(since: slowSinceSeconds, at: position)
      } else if position != nil, speedMayBeNoise, !dopplerReadsTravel,
        let dwellStart = positionDwellStart(
          radiusMeters: dwellRadiusMeters,
          travelSpeedMetersPerSecond: max(
            configuration.resumeSpeedMetersPerSecond, speedNoise ?? 0))
      {
        stop(since: dwellStart, at: position)
      }
    } else {
      if let speed, speed < configuration.stopSpeedMetersPerSecond {
        lastSlowSeconds = timeSeconds
      }
      let resumeSpeed = max(configuration.resumeSpeedMetersPerSecond, speedNoise ?? 0)
      if let speed, speed > resumeSpeed {
        if fastSinceSeconds == nil { fastSinceSeconds = timeSeconds }
      } else {
        fastSinceSeconds = nil
      }
      let distanceFromAnchor = position.flatMap { position in
        anchor.map { Geodesic.distanceMeters(from: $0, to: position) }
      }
      if let fastSinceSeconds, timeSeconds - fastSinceSeconds >= configuration.resumeAfterSeconds {
        resume(at: timeSeconds, position)
      } else if let distanceFromAnchor,
        distanceFromAnchor > max(configuration.resumeDistanceMeters, accuracyRadiusMeters),
        speed.map({ $0 >= configuration.stopSpeedMetersPerSecond }) ?? true
      {
        // Leaving the anchor while the Doppler reads still is a position error drifting (an
        // error ramp), not a departure.
        resume(at: timeSeconds, position, onDistance: true)
      } else if let distanceFromAnchor, distanceFromAnchor <= dwellRadiusMeters {
        lastNearAnchorSeconds = timeSeconds
      }
    }
    return isMoving
  }

  /// Whether the mean recent Doppler velocity exceeds the resume speed.
  private var dopplerReadsTravel: Bool {
    (dopplerWindow.meanSpeedMetersPerSecond ?? 0) > configuration.resumeSpeedMetersPerSecond
  }

  /// Judges one fix from its time, position and valid speed, horizontal accuracy, speed
  /// accuracy and course.
  ///
  /// - Returns: whether the user is moving at this fix.
  public mutating func update(with fix: Fix) -> Bool {
    update(
      timeSeconds: fix.timeSeconds, coordinate: fix.coordinate,
      speedMetersPerSecond: fix.validSpeedMetersPerSecond,
      horizontalAccuracyMeters: fix.validHorizontalAccuracyMeters,
      speedAccuracyMetersPerSecond: fix.validSpeedAccuracyMetersPerSecond,
      dopplerVelocity: fix.reportedVelocity, speedIsReported: true)
  }

  /// Forgets everything but the configuration and starts moving again; call it at a new
  /// recording or a manual resume.
  public mutating func reset() {
    self = StopDetector(configuration: configuration)
  }

  private mutating func remember(_ position: Position) {
    let dwellSeconds = configuration.positionDwellSeconds(
      radiusMeters: configuration.maximumDwellRadiusMeters)
    if let newest = positions.last,
      position.timeSeconds - newest.timeSeconds < dwellSeconds / Self.positionsPerDwell
    {
      return
    }
    positions.append(position)
    // Keep just enough history to span the dwell time.
    while positions.count > 1,
      position.timeSeconds - positions[1].timeSeconds >= dwellSeconds
    {
      positions.popFirst()
    }
  }

  /// The start of a position dwell ending now, or `nil` when the positions do not show one.
  ///
  /// A path that curls (a turn into a parking space, a U-turn) can keep the last seconds of an
  /// approach within the radius; with ``Configuration/speedsPlaceEdges``, the dwell starts at
  /// the first fix from the arrival on whose Doppler velocity no longer reads faster than
  /// `travelSpeedMetersPerSecond`.
  private func positionDwellStart(radiusMeters: Double, travelSpeedMetersPerSecond: Double)
    -> Double?
  {
    // A wider radius (a poor fix) needs a longer dwell, or a slow walk would fit inside it.
    let radius = min(radiusMeters, configuration.maximumDwellRadiusMeters)
    let dwellSeconds = configuration.positionDwellSeconds(radiusMeters: radius)
    guard let oldest = positions.first, let newest = positions.last,
      newest.timeSeconds - oldest.timeSeconds >= dwellSeconds
    else { return nil }
    let window = positions.filter { $0.timeSeconds >= newest.timeSeconds - dwellSeconds }
    guard window.count >= Self.minimumDwellPositions, let start = window.first else { return nil }
    let plane = LocalTangentPlane(origin: start.coordinate)
    let offsets = window.map { plane.project($0.coordinate) }
    let count = Double(offsets.count)
    let centerEast = offsets.reduce(0) { $0 + $1.eastMeters } / count
    let centerNorth = offsets.reduce(0) { $0 + $1.northMeters } / count
    let distances = offsets.map {
      let east = $0.eastMeters - centerEast
      let north = $0.northMeters - centerNorth
      return (east * east + north * north).squareRoot()
    }
    guard distances.allSatisfy({ $0 <= radius }) else { return nil }
    // Positions held within the radius for the whole dwell cannot travel at the resume speed;
    // a Doppler whose mean over the dwell does says the positions are in error.
    let readings = window.compactMap(\.velocity)
    if configuration.dopplerVetoesDwell, readings.count >= Self.minimumDwellPositions {
      let count = Double(readings.count)
      let east = readings.reduce(0) { $0 + $1.east } / count
      let north = readings.reduce(0) { $0 + $1.north } / count
      if (east * east + north * north).squareRoot() > configuration.resumeSpeedMetersPerSecond {
        return nil
      }
    }
    if configuration.dopplerVetoesDwell,
      Self.courselessSpeedsReadMoving(window, atLeast: configuration.stopSpeedMetersPerSecond)
    {
      return nil
    }
    // The window opens before the arrival; the stop began at the first position close in.
    let arrival = distances.firstIndex { $0 <= radius / 2 } ?? 0
    var first = arrival
    while configuration.speedsPlaceEdges, first < window.count - 1,
      let velocity = window[first].velocity,
      (velocity.east * velocity.east + velocity.north * velocity.north).squareRoot()
        > travelSpeedMetersPerSecond
    {
      first += 1
    }
    return window[first].timeSeconds
  }

  /// The last reading before the Doppler began to carry the person away from the anchor
  /// toward `position`: the latest run of readings whose velocity along that way reaches the
  /// resume speed starts after it. `nil` without ``Configuration/speedsPlaceEdges`` or a run.
  private func dopplerDepartureSeconds(toward position: Coordinate) -> Double? {
    guard configuration.speedsPlaceEdges, let anchor else { return nil }
    let plane = LocalTangentPlane(origin: anchor)
    let (east, north) = plane.project(position)
    let length = (east * east + north * north).squareRoot()
    guard length > 0 else { return nil }
    var isRunning = false
    for recent in positions.reversed() {
      guard let velocity = recent.velocity else { continue }
      let along = (velocity.east * east + velocity.north * north) / length
      if along < configuration.resumeSpeedMetersPerSecond {
        return isRunning ? recent.timeSeconds : nil
      }
      isRunning = true
    }
    return nil
  }

  /// Whether a dwell's positions report speeds but never a course (a watch's FIT or TCX
  /// records), for at least half of them, and the median speed reaches `stopSpeed`: a watch
  /// that stands reports about zero, while a hiker climbing a steep path at half a meter a
  /// second stays within the dwell radius long enough to read as a stop.
  private static func courselessSpeedsReadMoving(
    _ window: [Position], atLeast stopSpeedMetersPerSecond: Double
  ) -> Bool {
    var speeds: [Double] = []
    for position in window {
      if let speed = position.courselessSpeedMetersPerSecond {
        speeds.append(speed)
      } else if position.velocity != nil {
        return false  // a course (or a derived speed) speaks: not a watch's records
      }
    }
    guard speeds.count >= minimumDwellPositions, 2 * speeds.count >= window.count else {
      return false
    }
    return speeds.sorted()[speeds.count / 2] >= stopSpeedMetersPerSecond
  }

  private mutating func stop(since dwellStartSeconds: Double, at position: Coordinate?) {
    isMoving = false
    stopStartTimeSeconds = dwellStartSeconds
    departureTimeSeconds = nil
    lastNearAnchorSeconds = lastTimeSeconds  // the fix that decided the stop
    lastSlowSeconds = nil
    slowSinceSeconds = nil
    let dwell = positions.filter { $0.timeSeconds >= dwellStartSeconds }
    if let first = dwell.first {
      let plane = LocalTangentPlane(origin: first.coordinate)
      let offsets = dwell.map { plane.project($0.coordinate) }
      let count = Double(offsets.count)
      anchor = plane.unproject(
        eastMeters: offsets.reduce(0) { $0 + $1.eastMeters } / count,
        northMeters: offsets.reduce(0) { $0 + $1.northMeters } / count)
    } else {
      anchor = position
    }
  }

  /// Ends the stop at `timeSeconds`; `onDistance` when a position left the anchor.
  private mutating func resume(
    at timeSeconds: Double, _ position: Coordinate?, onDistance: Bool = false
  ) {
    isMoving = true
    departureTimeSeconds = lastNearAnchorSeconds
    // The person left at the last still speed, if the speeds rose from it to the fast ones
    // as quickly as a start does (a still speed long before is noise that ran on).
    if configuration.speedsPlaceEdges, let lastSlowSeconds,
      (fastSinceSeconds ?? timeSeconds) - lastSlowSeconds <= Self.departureAccelerationSeconds
    {
      departureTimeSeconds = min(departureTimeSeconds ?? lastSlowSeconds, lastSlowSeconds)
    }
    // Out on distance, no later than the Doppler began to carry the person that way.
    if onDistance, let position, let departure = departureTimeSeconds,
      let walkedAway = dopplerDepartureSeconds(toward: position)
    {
      departureTimeSeconds = min(departure, walkedAway)
    }
    stopStartTimeSeconds = nil
    anchor = nil
    slowSinceSeconds = nil
    fastSinceSeconds = nil
    // A new dwell must be built from fixes after the resume.
    positions.removeAll()
    if let position { positions.append(Position(timeSeconds: timeSeconds, coordinate: position)) }
  }
}
