/// Gives each accepted fix's speed a ``SpeedVerdict``: trusted only when corroborated.
///
/// A receiver's reported (Doppler) speed is far better than a speed from positions while it
/// tracks, and far worse when it does not: speed-sailing logs show 20-350 m/s "speeds" after a
/// signal loss, at 4-6 satellites and HDOP 6-99, often for seconds on end and with positions
/// dead-reckoned along them. The speed-sailing tools refuse such speeds with independent
/// filters (GPSResults and GPS Speedreader, as summarised by Logiqx's gps-wizard "Filtering"
/// notes, https://logiqx.github.io/gps-wizard/filtering/, and the GP3S rules): a time gap
/// filter, fewer than 5 satellites, HDOP above 5, a speed accuracy (SDoP or u-blox sAcc)
/// above 2-4 knots, and an acceleration limit between consecutive readings (4 m/s² at 1 Hz,
/// 7.5-8 m/s² at 5 Hz). Here the same limits hold, with three changes that make them
/// stronger together than each alone:
///
/// - the acceleration is measured from the last *trusted* speed, not the previous reading
///   (as boardsurfr's "Reader Comments about Filters", 2017, asks: a spike's ramp down never
///   re-qualifies itself), with an allowance of twice the two speeds' combined accuracy, so one
///   physical limit serves 1 Hz and 10 Hz logs alike instead of a limit per rate;
/// - after a signal loss, or once the last trusted speed is too old, a speed must agree with
///   the speeds the look-ahead already holds after it before it becomes the reference (a
///   spike episode after a gap ends with a jump back to the true speed);
/// - a reported speed well above the positions' displacement over about two seconds around
///   the fix is refused (a speed spike whose positions did not move); one the second before
///   the fix already bears out passes without the look-ahead;
/// - a speed repeated to the last digit over equal steps is dead reckoning, not a measurement.
///
/// Rules, in order (the first that fails names the ``SpeedRejectionReason``):
/// 1. the reported speed is at or above the profile's ceiling;
/// 2. the fix is less than ``SignalLossReconvergence/reconvergenceSeconds`` after a signal
///    loss: a pause between accepted fixes longer than ``Configuration/signalLossSeconds`` and
///    than ``Configuration/signalLossIntervalMultiple`` times the interval before it (a sparse recording's
///    pauses are its pace, not a loss);
/// 2a. the fix is less than ``Configuration/positionOutlierSeconds`` after a fix refused for its position
///    (``recordRefusal(_:reason:)``): the solution that put a position off by
///    tens of meters also gave the speeds around it;
/// 3. satellites below ``Configuration/minimumSatellitesUsed``, HDOP above
///    ``Configuration/maximumHorizontalDilution``, speed accuracy above
///    ``Configuration/maximumSpeedAccuracyMetersPerSecond``, where the fix says;
/// 3a. where the fix states none of satellites, HDOP, speed accuracy or horizontal accuracy, the
///    positions within ``Configuration/jitterHalfWindowSeconds`` of it jitter beyond any body's
///    motion: most of their second differences imply more than
///    ``Configuration/maximumPositionAccelerationMetersPerSecondSquared`` (one g), or the fix
///    comes less than ``Configuration/jitterHoldSeconds`` after one refused so. It stands in for
///    the receiver's quality: a solution whose 5 Hz positions jump by meters from epoch to
///    epoch gives its speed from the same poor geometry;
/// 4. the speed is extrapolated: the receiver repeats its last velocity, to the last digit, over
///    at least ``Configuration/extrapolationRunSeconds`` of equal steps;
/// 5. acceleration (see above; ``Configuration/maximumSpeedChangeMetersPerSecondSquared``);
/// 6. displacement (reported speeds only): the speed exceeds the positions' displacement speed
///    by more than the tolerance, or, within ``SignalLossReconvergence/signalLossSeconds`` of a
///    signal loss, falls short of it by as much: while the receiver reconverges, both come
///    from the same unconverged solution. Elsewhere positions that outrun the speed do not
///    refuse it: in a city, or in a ramp of position error, it is the positions that run off
///    while the Doppler speed holds;
/// 6a. the reported speed comes less than ``Configuration/displacementHoldSeconds`` after one
///    refused by rule 6 (``SpeedRejectionReason/afterDisplacement``): a velocity that
///    disagreed with the positions comes from a disturbed solution, which settles over seconds.
///
/// A derived speed (from positions, when none is reported) goes through rules 2, 2a, 3, 3a and 5
/// against the same reference, so a spike carried by positions alone is held to the same
/// physics.
///
/// Use: ``verdict(for:speedMetersPerSecond:isReported:upcoming:)`` for each fix the gate
/// accepted, then ``record(_:speedMetersPerSecond:verdict:)`` once the fix is finally accepted.
///
/// - Complexity: O(k) per fix for k fixes of look-ahead, without allocation.
public struct SpeedCorroboration: Sendable {
  /// A trusted speed, the reference of the acceleration rule.
  private struct Reference: Sendable {
    var timeSeconds: Double
    var metersPerSecond: Double
    var sigmaMetersPerSecond: Double
  }

  /// The knobs in force.
  public var configuration: Configuration
  /// The ceiling of reported speeds, in m/s (the profile's speed layer's).
  public var reportedSpeedCeilingMetersPerSecond: Double
  private var reference: Reference?
  // The last judged speed, refused or not: a refused run must agree with itself to re-anchor.
  private var previous: Reference?
  private var breachStartSeconds: Double?
  private var lastTimeSeconds: Double?
  private var lastIntervalSeconds: Double?
  private var backSeconds: Double?
  /// The time of the latest fix refused for its position.
  private var positionRefusalSeconds: Double?
  private var displacementRefusalSeconds: Double?
  /// The time of the latest fix whose speed was refused for jittery positions.
  private var jitterSeconds: Double?
  // The last accepted fix with a reported speed, and the run of fixes before it that repeat
  // that speed exactly (its start time and its equal step), for the extrapolation rule.
  private var lastReported: (timeSeconds: Double, coordinate: Coordinate, speed: Double)?
  private var repeatRun: RepeatRun?
  /// Recent accepted positions, for the displacement and jitter rules (see
  /// `SpeedCorroboration+Positions`).
  private(set) var positions = FixedCapacityRingBuffer<
    (timeSeconds: Double, coordinate: Coordinate)
  >(capacity: 32)

  /// A step between two positions, east and north in meters.
  private typealias Step = (east: Double, north: Double)

  /// Fixes that repeat one reported speed over equal steps (`step`: `nil` while there is one).
  private struct RepeatRun: Sendable {
    var startSeconds: Double
    var step: Step?
    var fixCount: Int
  }

  /// Creates a judge that has seen nothing.
  public init(configuration: Configuration, reportedSpeedCeilingMetersPerSecond: Double) {
    self.configuration = configuration
    self.reportedSpeedCeilingMetersPerSecond = reportedSpeedCeilingMetersPerSecond
  }

  /// Creates a judge with a profile's knobs.
  public init(profile: ActivityProfile) {
    self.init(
      configuration: profile.speedCorroboration,
      reportedSpeedCeilingMetersPerSecond: profile.speed.reportedSpeedCeilingMetersPerSecond)
  }

  /// The reported speed of a fix as this judge reads it: a finite speed of at least 0
  /// (`nil` for none or a negative "unknown"), possibly above the ceiling.
  public static func reportedSpeed(of fix: Fix) -> Double? {
    guard let speed = fix.speedMetersPerSecond, speed.isFinite, speed >= 0 else { return nil }
    return speed
  }

  /// The verdict on a fix's speed. Changes nothing: call ``record(_:speedMetersPerSecond:verdict:)``
  /// when the fix is finally accepted.
  ///
  /// - Parameters:
  ///   - fix: the fix, accepted by the gate.
  ///   - speedMetersPerSecond: its speed: the reported one (``reportedSpeed(of:)``) or one
  ///     derived from positions; `nil` gives ``SpeedVerdict/unjudged``.
  ///   - isReported: whether the speed is the receiver's own.
  ///   - upcoming: the fixes that follow, oldest first (the live look-ahead), read only as far
  ///     as needed; may be empty.
  // Inlined, as the rules `record` calls: a call would copy the whole judge (416 bytes).
  @inline(__always)
  public func verdict(
    for fix: Fix, speedMetersPerSecond: Double?, isReported: Bool,
    upcoming: some Sequence<Fix>
  ) -> SpeedVerdict {
    guard let speed = speedMetersPerSecond, let time = fix.timeSeconds, time.isFinite else {
      return .unjudged
    }
    let rules = configuration
    if isReported, speed >= reportedSpeedCeilingMetersPerSecond {
      return .rejected(.aboveCeiling)
    }
    if isReconverging(atTimeSeconds: time) { return .rejected(.afterSignalLoss) }
    if Self.isHeld(time, after: positionRefusalSeconds, for: rules.positionOutlierSeconds) {
      return .rejected(.afterPositionOutlier)
    }
    if let minimum = rules.minimumSatellitesUsed, let used = fix.receiver.satellitesUsed,
      used < minimum
    {
      return .rejected(.tooFewSatellites)
    }
    if let maximum = rules.maximumHorizontalDilution,
      let dilution = fix.receiver.horizontalDilution,
      dilution > maximum
    {
      return .rejected(.highDilution)
    }
    let statedSigma = isReported ? fix.validSpeedAccuracyMetersPerSecond : nil
    if let maximum = rules.maximumSpeedAccuracyMetersPerSecond, let sigma = statedSigma,
      sigma > maximum
    {
      return .rejected(.poorSpeedAccuracy)
    }
    if !Self.statesQuality(fix),
      Self.isHeld(time, after: jitterSeconds, for: rules.jitterHoldSeconds)
        || hasJitteryPositions(around: fix, at: time, upcoming: upcoming)
    {
      return .rejected(.jitteryPositions)
    }
    if isReported, isExtrapolated(speed, of: fix, at: time, upcoming: upcoming) {
      return .rejected(.extrapolated)
    }
    let sigma = statedSigma ?? rules.assumedSpeedAccuracyMetersPerSecond
    if !isPlausible(speed, sigma, at: time, isReported: isReported, upcoming: upcoming) {
      return .rejected(.acceleration)
    }
    if isReported, exceedsDisplacement(speed, of: fix, at: time, upcoming: upcoming) {
      return .rejected(.displacement)
    }
    if isReported,
      Self.isHeld(time, after: displacementRefusalSeconds, for: rules.displacementHoldSeconds)
    {
      return .rejected(.afterDisplacement)
    }
    return .trusted
  }

  /// Takes a fix the pipeline refused, with its reason. One refused for its position (an
  /// implied-speed jump or an innovation outlier, ``RejectionReason/isPositionOutlier``) keeps
  /// the speeds of the next ``Configuration/positionOutlierSeconds`` from being trusted; any other refusal,
  /// or a fix without a usable time, changes nothing.
  public mutating func recordRefusal(_ fix: Fix, reason: RejectionReason?) {
    guard reason?.isPositionOutlier == true, let time = fix.timeSeconds, time.isFinite else {
      return
    }
    positionRefusalSeconds = max(positionRefusalSeconds ?? time, time)
  }

  /// Takes a fix that was finally accepted, with the speed judged and its verdict.
  public mutating func record(_ fix: Fix, speedMetersPerSecond: Double?, verdict: SpeedVerdict) {
    guard let time = fix.timeSeconds, time.isFinite else { return }
    if verdict.rejectionReason == .displacement { displacementRefusalSeconds = time }
    // A refusal the hold gave starts no new hold.
    if verdict.rejectionReason == .jitteryPositions,
      !Self.isHeld(time, after: jitterSeconds, for: configuration.jitterHoldSeconds)
    {
      jitterSeconds = time
    }
    if isSignalLoss(atTimeSeconds: time) { backSeconds = time }
    if let lastTimeSeconds, time > lastTimeSeconds { lastIntervalSeconds = time - lastTimeSeconds }
    lastTimeSeconds = max(lastTimeSeconds ?? time, time)
    _ = positions.append((time, fix.coordinate))
    if let reported = Self.reportedSpeed(of: fix), fix.coordinate.isInRange {
      repeatRun =
        continuedRun(reported, at: time, coordinate: fix.coordinate)
        ?? RepeatRun(startSeconds: time, step: nil, fixCount: 1)
      lastReported = (time, fix.coordinate, reported)
    }
    guard let speed = speedMetersPerSecond else { return }
    let sigma =
      fix.validSpeedAccuracyMetersPerSecond ?? configuration.assumedSpeedAccuracyMetersPerSecond
    let judged = Reference(timeSeconds: time, metersPerSecond: speed, sigmaMetersPerSecond: sigma)
    switch verdict {
    case .trusted:
      reference = judged
      breachStartSeconds = nil
    case .rejected(.acceleration):
      breachStartSeconds = breachStartSeconds ?? time
    default:
      break
    }
    previous = judged
  }

  // MARK: - Rules

  /// Whether `time` is at most `hold` seconds after a refusal at `refused` (none: `false`): the
  /// holds after a position outlier, a displacement refusal and jittery positions.
  private static func isHeld(_ time: Double, after refused: Double?, for hold: Double) -> Bool {
    guard let refused else { return false }
    return time >= refused && time - refused <= hold
  }

  @inline(__always)
  private func isSignalLoss(atTimeSeconds time: Double) -> Bool {
    guard let lastTimeSeconds else { return false }
    let pause = time - lastTimeSeconds
    return pause > configuration.signalLossSeconds
      && pause > configuration.signalLossIntervalMultiple * (lastIntervalSeconds ?? 0)
  }

  private func isReconverging(atTimeSeconds time: Double) -> Bool {
    if isSignalLoss(atTimeSeconds: time) { return true }
    guard let backSeconds else { return false }
    return time - backSeconds < SignalLossReconvergence.reconvergenceSeconds
  }

  /// Whether two speeds `seconds` apart differ by no more than the activity's acceleration
  /// allows, with twice their combined accuracy as slack.
  private func agree(
    _ first: Double, _ firstSigma: Double, _ second: Double, _ secondSigma: Double,
    seconds: Double
  ) -> Bool {
    let slack = 2 * (firstSigma * firstSigma + secondSigma * secondSigma).squareRoot()
    return abs(second - first)
      <= configuration.maximumSpeedChangeMetersPerSecondSquared * abs(seconds) + slack
  }

  private func isPlausible(
    _ speed: Double, _ sigma: Double, at time: Double, isReported: Bool,
    upcoming: some Sequence<Fix>
  ) -> Bool {
    if let reference,
      time - reference.timeSeconds <= SignalLossReconvergence.signalLossSeconds
    {
      if agree(
        reference.metersPerSecond, reference.sigmaMetersPerSecond, speed, sigma,
        seconds: time - reference.timeSeconds)
      {
        return true
      }
      // A refused run that agrees with itself for long enough: the reference was wrong.
      guard let start = breachStartSeconds, time - start >= configuration.reanchorSeconds,
        let previous
      else { return false }
      return agree(
        previous.metersPerSecond, previous.sigmaMetersPerSecond, speed, sigma,
        seconds: time - previous.timeSeconds)
    }
    // No reference: the speeds the look-ahead holds must agree with this one.
    guard isReported else { return true }
    var agrees = true
    let assumed = configuration.assumedSpeedAccuracyMetersPerSecond
    for next in upcoming {
      guard let nextTime = next.timeSeconds, nextTime > time,
        nextTime - time <= SignalLossReconvergence.signalLossSeconds,
        let nextSpeed = Self.reportedSpeed(of: next)
      else { continue }
      let nextSigma = next.validSpeedAccuracyMetersPerSecond ?? assumed
      agrees = agree(speed, sigma, nextSpeed, nextSigma, seconds: nextTime - time)
      if !agrees { break }
    }
    return agrees
  }

  /// The repeat run a fix with this speed and position continues, or `nil` when it continues
  /// none: its speed differs from the last one, or its step from the run's.
  @inline(__always)
  private func continuedRun(_ speed: Double, at time: Double, coordinate: Coordinate)
    -> RepeatRun?
  {
    guard let last = lastReported, var run = repeatRun, speed == last.speed, speed > 0,
      time > last.timeSeconds
    else { return nil }
    let step = Self.step(from: last.coordinate, to: coordinate)
    if let runStep = run.step, !areEqual(step, runStep) { return nil }
    run.step = run.step ?? step
    run.fixCount += 1
    return run
  }

  /// Whether a reported speed belongs to a run of exact repeats over equal steps, at least
  /// three fixes and ``Configuration/extrapolationRunSeconds`` long, counting the accepted fixes before it
  /// and the fixes the look-ahead holds after it. The run's first fix counts: its speed is the
  /// one the receiver went on repeating, measured as its tracking failed.
  private func isExtrapolated(
    _ speed: Double, of fix: Fix, at time: Double, upcoming: some Sequence<Fix>
  ) -> Bool {
    guard speed > 0, fix.coordinate.isInRange else { return false }
    var run =
      continuedRun(speed, at: time, coordinate: fix.coordinate)
      ?? RepeatRun(startSeconds: time, step: nil, fixCount: 1)
    var end = (timeSeconds: time, coordinate: fix.coordinate)
    for next in upcoming {
      guard let nextTime = next.timeSeconds, nextTime > end.timeSeconds,
        Self.reportedSpeed(of: next) == speed, next.coordinate.isInRange
      else { break }
      let step = Self.step(from: end.coordinate, to: next.coordinate)
      if let runStep = run.step, !areEqual(step, runStep) { break }
      run.step = run.step ?? step
      run.fixCount += 1
      end = (nextTime, next.coordinate)
    }
    guard let step = run.step,
      (step.east * step.east + step.north * step.north).squareRoot()
        > configuration.equalStepToleranceMeters
    else { return false }
    return run.fixCount >= 3
      && end.timeSeconds - run.startSeconds >= configuration.extrapolationRunSeconds
  }

  private static func step(from start: Coordinate, to end: Coordinate) -> Step {
    let (east, north) = LocalTangentPlane(origin: start).project(end)
    return (east, north)
  }

  private func areEqual(_ first: Step, _ second: Step) -> Bool {
    abs(first.east - second.east) <= configuration.equalStepToleranceMeters
      && abs(first.north - second.north) <= configuration.equalStepToleranceMeters
  }

  /// Whether `time` is within ``SignalLossReconvergence/signalLossSeconds`` of the end of the
  /// last signal loss.
  func isSettling(atTimeSeconds time: Double) -> Bool {
    guard let backSeconds else { return false }
    return time - backSeconds < SignalLossReconvergence.signalLossSeconds
  }
}
