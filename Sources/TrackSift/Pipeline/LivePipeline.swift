/// The live stages, one fix at a time: the excursion look-ahead, the ``FixGate``, the
/// ``LiveFilter`` (whose innovation test may still refuse a fix), a fixed-lag smoother over the
/// fixes the look-ahead holds, the speed and stop layers, and a
/// ``MetricsAccumulator`` for the live figures.
///
/// Both ``TrackAnalysis`` (for segments with times) and ``Recorder`` run every fix through this
/// one type, so replaying a recording live gives exactly the live figures of its analysis.
/// Fixes come out ``ExcursionLookAhead/lengthFixes`` fixes after they went in (the look-ahead
/// that refuses excursions), in the order they went in; ``endSegment()`` releases the rest.
struct LivePipeline: Sendable {
  /// How many of the fixes the look-ahead still holds smooth each released fix's position, at
  /// no extra delay: the live filter alone follows the noise of a slow walk in a city, and its
  /// steps add up (see <doc:SmoothingDefaults>).
  static let smoothingLagFixes = 6

  private(set) var profile: ActivityProfile
  private(set) var gate: FixGate
  private(set) var counts = VerdictCounts()
  /// Counts of the speed verdicts of the accepted fixes.
  private(set) var speedCounts = SpeedVerdictCounts()
  /// The live figures so far.
  private(set) var metrics: MetricsAccumulator
  private var lookAhead: ExcursionLookAhead
  private var segment: SegmentState
  private var takenCount = 0
  private var releasedCount = 0

  /// What starts afresh with each segment.
  private struct SegmentState {
    var speed: SpeedEstimator
    var stops: StopDetector
    /// The last accepted, timed fix's time and filtered position.
    var previous: (timeSeconds: Double, coordinate: Coordinate)?
    /// The live moving flag of the last accepted fix, `nil` before the first.
    var lastIsMoving: Bool?
    /// The last accepted, timed fix's live position and velocity, where a ``GapPath`` starts.
    var lastLiveState:
      (
        coordinate: Coordinate, velocity: Velocity, timeSeconds: Double,
        intervalSeconds: Double?
      )?
    /// The speed verdicts' memory: the last trusted speed, recent positions, signal losses.
    var speedJudge: SpeedCorroboration
    /// The live filter, and the same run ahead through the fixes held for the fixed-lag
    /// smoother.
    var lead: LeadFilter
    /// The fixed-lag smoother's records, kept to reuse their storage.
    var smoothingWindow: [KalmanRecord] = []

    init(profile: ActivityProfile) {
      lead = LeadFilter(LiveFilter(profile: profile))
      speed = SpeedEstimator(configuration: profile.speed)
      speedJudge = SpeedCorroboration(profile: profile)
      stops = StopDetector(configuration: profile.stops)
    }
  }

  init(profile: ActivityProfile) {
    self.profile = profile
    gate = FixGate(configuration: profile.gate)
    metrics = MetricsAccumulator(
      elevationThresholdMeters: profile.elevationThresholdMeters,
      elevationAccuracyMultiple: profile.elevationAccuracyMultiple,
      isRecountable: profile.trimsStopDetectionDelay,
      countsStopMovement: profile.countsStopMovement, countsBarometricSwings: true,
      smoothsGNSSAltitudes: true)
    metrics.followsClockSetBacks = true
    lookAhead = ExcursionLookAhead(gate: profile.gate)
    segment = SegmentState(profile: profile)
    metrics.startSegment()
  }

  /// Number of fixes taken but not yet released.
  var heldCount: Int { takenCount - releasedCount }

  /// Takes one fix; returns the fixes whose processing is final.
  ///
  /// - Parameter sequence: the caller's number for the fix, given back in its ``Step``; one
  ///   more than the previous fix's within a segment.
  mutating func append(_ fix: Fix, sequence: Int, _ body: (Step) -> Void) {
    // The receiver policy at the entry: a fix with only an HDOP gets its accuracy here.
    let fix = fix.withAccuracyFromDilution
    takenCount += 1
    let marks = lookAhead.excursionMarkCount
    if lookAhead.append(fix, sequence: sequence) { segment.lead.append(fix, sequence: sequence) }
    if lookAhead.excursionMarkCount != marks { segment.lead.invalidate() }
    while let released = lookAhead.nextReleased() { body(process(released)) }
  }

  /// Takes one fix; returns the fixes whose processing is final.
  mutating func append(_ fix: Fix, sequence: Int) -> [Step] {
    var steps: [Step] = []
    append(fix, sequence: sequence) { steps.append($0) }
    return steps
  }

  /// Releases the fixes still held and starts a new segment: the next fix is not joined to
  /// the previous one.
  mutating func endSegment(_ body: (Step) -> Void) {
    lookAhead.flush()
    while let released = lookAhead.nextReleased() { body(process(released)) }
    gate.beginNewSegment()
    metrics.startSegment()
    segment = SegmentState(profile: profile)
  }

  /// Releases the fixes still held and starts a new segment; returns the released fixes.
  mutating func endSegment() -> [Step] {
    var steps: [Step] = []
    endSegment { steps.append($0) }
    return steps
  }

  /// Measures the fixes from the next segment on with `profile`'s gate, look-ahead, filter,
  /// speed and stop rules (a multisport file's next sport); the counts and the live figures go
  /// on, with the elevation bands they were created with. Call it between segments: after
  /// ``endSegment(_:)`` or before the first fix, when no fix is held.
  mutating func beginSegment(with profile: ActivityProfile) {
    guard profile != self.profile else { return }
    self.profile = profile
    metrics.countsStopMovement = profile.countsStopMovement
    gate.configuration = profile.gate
    lookAhead = ExcursionLookAhead(gate: profile.gate)
    segment = SegmentState(profile: profile)
  }

  /// Takes one fix of a segment whose times say nothing (see ``TrackAnalysis``): only the gate
  /// judges it, and only a re-anchored step (a long gap, a confirmed jump) is known not to be
  /// travelled. Nothing is held back.
  mutating func appendWithoutMotionModel(_ fix: Fix, sequence: Int) -> Step {
    let fix = fix.withAccuracyFromDilution
    takenCount += 1
    releasedCount += 1
    var step = Step(
      sequence: sequence, verdict: gate.evaluate(fix), coordinate: fix.coordinate)
    counts.record(step.verdict)
    guard step.verdict.isAccepted else { return step }
    step.isMoving = !gate.lastAcceptanceReanchored
    step.splits = metrics.add(
      MetricsSample(
        timeSeconds: fix.timeSeconds, coordinate: fix.coordinate,
        altitudeMeters: fix.validAltitudeMeters,
        verticalAccuracyMeters: fix.verticalAccuracyMeters, isMoving: step.isMoving,
        statesAltitudeQuality: fix.statesAltitudeQuality))
    return step
  }

  /// Runs one released fix through the stages: the position's verdict, the reported speed's,
  /// the filter, the speed estimate, the stop detector and the live figures.
  private mutating func process(_ released: ExcursionLookAhead.Released) -> Step {
    releasedCount += 1
    let fix = released.fix
    var step = Step(
      sequence: released.sequence, verdict: judgePosition(of: released),
      coordinate: fix.coordinate)
    guard step.verdict.isAccepted else {
      segment.lead.part(at: released.sequence)
      recordRefusal(of: fix, as: step.verdict)
      return step
    }
    // The reported speed is judged before the filter sees it: an untrusted one must not steer
    // the Kalman velocity.
    let reported = SpeedCorroboration.reportedSpeed(of: fix)
    var reportedVerdict = SpeedVerdict.unjudged
    if let reported {
      reportedVerdict = segment.speedJudge.verdict(
        for: fix, speedMetersPerSecond: reported, isReported: true,
        upcoming: lookAhead.upcomingFixes)
    }
    let filtered = fix.timeSeconds == nil ? nil : filter(released, speedVerdict: reportedVerdict)
    guard let filtered, filtered.verdict.isAccepted else {
      let reason = filtered?.verdict.rejectionReason ?? .missingTimestamp
      gate.overruleLastAcceptance(as: reason)
      step.verdict = .rejected(reason)
      recordRefusal(of: fix, as: step.verdict)
      return step
    }
    counts.record(step.verdict)
    step.record = filtered.record
    let live =
      filtered.record.flatMap { lagSmoothedState(from: $0) }
      ?? (filtered.coordinate, filtered.velocity)
    step.coordinate = live.coordinate
    estimateSpeed(&step, of: fix, filtered: filtered, reported: reported, verdict: reportedVerdict)
    let wasMoving = segment.lastIsMoving == true
    judgeMotion(&step, of: fix, filtered: filtered)
    takeGapPath(into: &step, live: live, of: fix, wasMoving: wasMoving)
    addToLiveFigures(&step, of: fix)
    return step
  }

  /// The live filter's step at a released fix: the lead's, where the lead took the fix with
  /// the same values (see ``LeadFilter``), else the live filter's own.
  private mutating func filter(
    _ released: ExcursionLookAhead.Released, speedVerdict: SpeedVerdict
  ) -> KalmanStep {
    // After a signal loss the filter has its own reconvergence (a widened accuracy) and checks
    // the Doppler against its state; the speed is kept out of the figures only.
    guard let reason = speedVerdict.rejectionReason, reason != .afterSignalLoss else {
      if let step = segment.lead.adopt(released.sequence) { return step }
      return segment.lead.updateLive(released.fix)
    }
    segment.lead.invalidate()
    var fix = released.fix
    fix.speedMetersPerSecond = nil
    return segment.lead.updateLive(fix)
  }

  /// The position's verdict: an excursion or a time jump is refused before the gate sees it,
  /// so the gate's memory stays on the track it left.
  private mutating func judgePosition(of released: ExcursionLookAhead.Released) -> Verdict {
    if released.isTimeJump { return .rejected(.timeJump) }
    if released.isExcursion { return .rejected(.impliedSpeed) }
    return gate.evaluate(released.fix)
  }

  /// Counts a refused fix, tells the speed judge, and runs the live clock where its time is
  /// trusted.
  private mutating func recordRefusal(of fix: Fix, as verdict: Verdict) {
    counts.record(verdict)
    segment.speedJudge.recordRefusal(fix, reason: verdict.rejectionReason)
    advanceClock(to: fix, refusedAs: verdict.rejectionReason)
  }

  /// The step's speed, its verdict (a derived speed held to the same physics as a reported
  /// one), and whether it counts for the sustained speed.
  private mutating func estimateSpeed(
    _ step: inout Step, of fix: Fix, filtered: KalmanStep, reported: Double?,
    verdict reportedVerdict: SpeedVerdict
  ) {
    var speedVerdict = reportedVerdict
    if filtered.startedRun { segment.speed.reset() }
    step.speed = segment.speed.update(
      timeSeconds: fix.timeSeconds, coordinate: filtered.coordinate,
      reportedSpeedMetersPerSecond: fix.validSpeedMetersPerSecond)
    if reported == nil, let derived = step.speed, derived.source == .derived {
      speedVerdict = segment.speedJudge.verdict(
        for: fix, speedMetersPerSecond: derived.metersPerSecond, isReported: false,
        upcoming: EmptyCollection())
    }
    segment.speedJudge.record(
      fix, speedMetersPerSecond: reported ?? step.speed?.metersPerSecond, verdict: speedVerdict)
    step.speedVerdict = speedVerdict
    let trustedSpeed = speedVerdict.isTrusted ? step.speed?.metersPerSecond : nil
    speedCounts.record(speedVerdict)
    step.countsForSustainedSpeed =
      speedVerdict.rejectionReason == nil
      && Self.isPlausibleStep(
        from: segment.previous, to: filtered.coordinate, of: fix, trusted: trustedSpeed,
        profile)
  }

  /// Whether the person moves at the step, and where a stop began or ended.
  private mutating func judgeMotion(_ step: inout Step, of fix: Fix, filtered: KalmanStep) {
    // The fix's own position: the filter, trusting a Doppler that dips, can pull its positions
    // together while the person walks on.
    step.reportedVelocity = fix.reportedVelocity
    step.isMoving = segment.stops.update(
      timeSeconds: fix.timeSeconds, coordinate: fix.coordinate,
      speedMetersPerSecond: step.speed?.metersPerSecond,
      horizontalAccuracyMeters: fix.validHorizontalAccuracyMeters,
      speedAccuracyMetersPerSecond: step.speed?.source == .reported
        ? fix.speedAccuracyMetersPerSecond : nil,
      dopplerVelocity: step.reportedVelocity, speedIsReported: step.speed?.source == .reported)
    if gate.lastAcceptanceReanchored || (filtered.startedRun && segment.lastIsMoving != nil) {
      step.isMoving = Self.crossesGapPlausibly(
        from: segment.previous, to: fix, at: filtered.coordinate, profile)
      step.isMovingAcrossGap = true
      if let time = fix.timeSeconds { segment.stops.keepFlags(through: time) }
    }
    segment.previous = (fix.timeSeconds ?? 0, filtered.coordinate)
    if let wasMoving = segment.lastIsMoving, wasMoving != step.isMoving {
      if step.isMoving {
        step.departureTimeSeconds = segment.stops.departureTimeSeconds
      } else {
        step.stopStartTimeSeconds = segment.stops.stopStartTimeSeconds
      }
    }
    segment.lastIsMoving = step.isMoving
  }

  /// Adds the step to the live figures, re-counting the time since a stop began or ended
  /// where the profile trims the detector's delay.
  private mutating func addToLiveFigures(_ step: inout Step, of fix: Fix) {
    // Only a measured speed sets the maximum, not one derived from positions (SpeedDefaults).
    if fix.source.countsForMaximumSpeed, gate.isSpeedAvailable, step.speedVerdict.isTrusted,
      let speed = step.speed, speed.source == .reported
    {
      step.speedForMaximumMetersPerSecond = speed.metersPerSecond
    }
    if profile.trimsStopDetectionDelay {
      if let dwellStart = step.stopStartTimeSeconds {
        metrics.recount(after: dwellStart, asMoving: false)
      }
      if let departure = step.departureTimeSeconds {
        metrics.recount(after: departure, asMoving: true)
      }
    }
    step.splits = metrics.add(
      MetricsSample(
        timeSeconds: fix.timeSeconds, coordinate: step.coordinate,
        altitudeMeters: fix.validAltitudeMeters,
        verticalAccuracyMeters: fix.verticalAccuracyMeters,
        speedForMaximumMetersPerSecond: step.speedForMaximumMetersPerSecond,
        isMoving: step.isMoving, countsForSustainedSpeed: step.countsForSustainedSpeed,
        pathMeters: step.gapPath?.lengthMeters,
        statesAltitudeQuality: fix.statesAltitudeQuality,
        horizontalAccuracyMeters: fix.horizontalAccuracyMeters,
        crossesGap: step.isMovingAcrossGap))
  }

  /// Runs the live figures' clock to a refused fix whose time is trusted
  /// (``RejectionReason/keepsTime``).
  private mutating func advanceClock(to fix: Fix, refusedAs reason: RejectionReason?) {
    guard let reason, reason.keepsTime, let time = fix.timeSeconds else { return }
    metrics.advanceClock(toSeconds: time)
  }

  /// Gives an accepted fix the live smoother's path across a signal loss the person kept
  /// moving through (see ``GapPath``), and keeps its live state for the next fix.
  private mutating func takeGapPath(
    into step: inout Step, live: (coordinate: Coordinate, velocity: Velocity), of fix: Fix,
    wasMoving: Bool
  ) {
    guard let time = fix.timeSeconds else { return }
    let previous = segment.lastLiveState
    if wasMoving, step.isMoving, let previous {
      step.gapPath = GapPath.across(
        from: (previous.coordinate, previous.velocity, previous.timeSeconds),
        to: (live.coordinate, live.velocity, time),
        previousIntervalSeconds: previous.intervalSeconds,
        maximumIntervalSeconds: profile.filter.reanchorGapSeconds)
    }
    segment.lastLiveState = (
      live.coordinate, live.velocity, time, previous.map { time - $0.timeSeconds }
    )
  }

  /// The released fix's position and velocity smoothed (Rauch-Tung-Striebel) over the next
  /// ``smoothingLagFixes`` fixes the look-ahead holds, as the live filter would take them (the
  /// lead runs it ahead; a held fix it refuses is passed over, one that starts a new run ends
  /// the window). The live filter itself goes on from its own estimate.
  private mutating func lagSmoothedState(
    from record: KalmanRecord
  ) -> (coordinate: Coordinate, velocity: Velocity)? {
    if !segment.lead.isValid {
      // The held fixes are gathered first: a copy of the lead taken out to append to would
      // share, and so copy, all its entries.
      var upcoming: [(fix: Fix, sequence: Int)] = []
      lookAhead.forEachUpcoming { fix, sequence in
        upcoming.append((fix, sequence))
        return true
      }
      segment.lead.restart()
      for (fix, sequence) in upcoming { segment.lead.append(fix, sequence: sequence) }
    }
    // Taken out of the segment so that appending to it does not copy its storage.
    var window = segment.smoothingWindow
    segment.smoothingWindow = []
    window.removeAll(keepingCapacity: true)
    window.append(record)
    segment.lead.forEachRecord(Self.smoothingLagFixes) { window.append($0) }
    let state = RTSSmoother.smoothedFirstState(window)
    segment.smoothingWindow = window
    return state
  }
}
