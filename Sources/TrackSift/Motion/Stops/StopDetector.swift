/// Decides, fix by fix, whether the user is moving or stopped, for auto-pause and moving time.
///
/// A new recording starts moving: the user pressed start to move, and calling the first
/// seconds a stop would hide real distance, while a real stop is found within
/// ``Configuration/stopAfterSeconds`` anyway.
///
/// The rules, stopping and resuming, the Doppler vetoes and where a stop's edges are placed,
/// are in <doc:StopDetection>. The decision is made at the fix that completes a dwell, whose
/// earlier fixes were already reported moving: ``stopStartTimeSeconds`` and
/// ``departureTimeSeconds`` tell a batch caller where a stop began and ended, to re-label them.
///
/// Bad input never traps: a fix without a finite time is reported moving (an untimed track
/// cannot show a dwell, so it counts as moving) and changes nothing; a time not after the
/// previous one is ignored and reports the current state; a position out of range, a speed
/// that is not finite or negative and an accuracy that is not finite or not above 0 are
/// treated as absent.
///
/// - Complexity: O(n) per fix in the positions held for the dwell, at most 64.
public struct StopDetector: Sendable {
  private struct Position: Sendable {
    var timeSeconds: Double
    var coordinate: Coordinate
    /// The Doppler velocity reported with the position, if any.
    var velocity: Velocity?
    /// The reported speed, when it came without a course.
    var courselessSpeedMetersPerSecond: Double?
  }

  /// The knobs in force; may be changed between fixes.
  public var configuration: Configuration
  /// Whether the last timed fix was judged moving; true for a new detector.
  public private(set) var isMoving = true
  /// While stopped, the time in seconds at which the dwell that led to the stop began; `nil`
  /// while moving. Never before a fix whose flag the caller judged (``keepFlags(through:)``).
  public var stopStartTimeSeconds: Double? { dwellStartSeconds.map { max($0, keptSeconds) } }
  /// After a stop ended, the time of its last fix near the stop's anchor: the person left
  /// then, so a batch caller can count the fixes after it as moving. Never before a fix whose
  /// flag the caller judged (``keepFlags(through:)``).
  public var departureTimeSeconds: Double? { leftSeconds.map { max($0, keptSeconds) } }

  private var dwellStartSeconds: Double?
  private var leftSeconds: Double?
  // The latest fix whose flag the caller judged itself.
  private var keptSeconds = -Double.infinity

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
  ///   - dopplerVelocity: the reported velocity, from a reported speed and course; `nil`
  ///     without a course.
  ///   - speedIsReported: whether `speedMetersPerSecond` is the receiver's own (Doppler)
  ///     speed rather than one derived from positions: only a reported speed without a course
  ///     can veto a position dwell (see ``Configuration/dopplerVetoesDwell``).
  /// - Returns: whether the user is moving at this fix.
  public mutating func update(
    timeSeconds: Double?, coordinate: Coordinate, speedMetersPerSecond: Double?,
    horizontalAccuracyMeters: Double?, speedAccuracyMetersPerSecond: Double? = nil,
    dopplerVelocity: Velocity? = nil,
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
      dopplerVelocity.flatMap { $0.isFinite ? $0 : nil }
      ?? speed.flatMap { $0 < configuration.resumeSpeedMetersPerSecond ? .zero : nil }
    if let position {
      remember(
        Position(
          timeSeconds: timeSeconds, coordinate: position, velocity: reading,
          courselessSpeedMetersPerSecond: speedIsReported && dopplerVelocity == nil ? speed : nil))
    }

    if isMoving {
      judgeWhileMoving(
        at: timeSeconds, position, speed: speed, speedNoise: speedNoise,
        dwellRadiusMeters: dwellRadiusMeters)
    } else {
      judgeWhileStopped(
        at: timeSeconds, position, speed: speed, speedNoise: speedNoise,
        dwellRadiusMeters: dwellRadiusMeters, accuracyRadiusMeters: accuracyRadiusMeters)
    }
    return isMoving
  }

  /// While moving: a stop once the speed stayed slow for ``Configuration/stopAfterSeconds``,
  /// or once the positions dwelt within `dwellRadiusMeters` while the speed may be noise.
  private mutating func judgeWhileMoving(
    at timeSeconds: Double, _ position: Coordinate?, speed: Double?, speedNoise: Double?,
    dwellRadiusMeters: Double
  ) {
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
  }

  /// While stopped: a departure once the speed stayed fast for
  /// ``Configuration/resumeAfterSeconds``, or once the position left the anchor.
  private mutating func judgeWhileStopped(
    at timeSeconds: Double, _ position: Coordinate?, speed: Double?, speedNoise: Double?,
    dwellRadiusMeters: Double, accuracyRadiusMeters: Double
  ) {
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

  /// Tells the detector that its caller judged the flag of the fix at `timeSeconds` itself (a
  /// step across a gap): the stop starts and departures it reports for a re-label never reach
  /// that fix or any before it. A departure from a stop long before a paused recording would
  /// otherwise re-label the pause as moving.
  public mutating func keepFlags(through timeSeconds: Double) {
    keptSeconds = max(keptSeconds, timeSeconds)
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
      positions.removeFirst(1)
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
    if configuration.dopplerVetoesDwell, readings.count >= Self.minimumDwellPositions,
      let mean = Velocity.mean(readings),
      mean.speedMetersPerSecond > configuration.resumeSpeedMetersPerSecond
    {
      return nil
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
      velocity.speedMetersPerSecond > travelSpeedMetersPerSecond
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
      let along =
        (velocity.eastMetersPerSecond * east + velocity.northMetersPerSecond * north) / length
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
    self.dwellStartSeconds = dwellStartSeconds
    leftSeconds = nil
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
    leftSeconds = lastNearAnchorSeconds
    // The person left at the last still speed, if the speeds rose from it to the fast ones
    // as quickly as a start does (a still speed long before is noise that ran on).
    if configuration.speedsPlaceEdges, let lastSlowSeconds,
      (fastSinceSeconds ?? timeSeconds) - lastSlowSeconds <= Self.departureAccelerationSeconds
    {
      leftSeconds = min(leftSeconds ?? lastSlowSeconds, lastSlowSeconds)
    }
    // Out on distance, no later than the Doppler began to carry the person that way.
    if onDistance, let position, let departure = leftSeconds,
      let walkedAway = dopplerDepartureSeconds(toward: position)
    {
      leftSeconds = min(departure, walkedAway)
    }
    dwellStartSeconds = nil
    anchor = nil
    slowSinceSeconds = nil
    fastSinceSeconds = nil
    // A new dwell must be built from fixes after the resume.
    positions.removeAll()
    if let position { positions.append(Position(timeSeconds: timeSeconds, coordinate: position)) }
  }
}
