import Foundation

/// The live recording state machine an app embeds: fixes, motion readings, user commands and
/// clock ticks in; events and a ``LiveMetrics`` snapshot out. It does no I/O and reads no
/// clock: every input carries the device time (`now`), so a test or a replay drives it on a
/// simulated clock.
///
/// States: ``RecorderState/idle`` until ``start(at:)``; ``RecorderState/acquiring`` until a
/// reliable fix (the warm-up of the ``AcquisitionPolicy``); ``RecorderState/recording``;
/// ``RecorderState/paused(_:)`` by ``pause(at:)`` (manual) or by standing still (automatic);
/// ``RecorderState/finished`` after ``finish(at:)``. Commands that make no sense in the current
/// state (resume while recording, a fix after finishing) change nothing and return no events.
///
/// **One pipeline.** Every fix goes through the same stages as ``TrackAnalysis`` (look-ahead,
/// gate, filter, speed, stops, metrics), so replaying a recording gives exactly the live
/// distance, moving time and splits that analysing it reports. The look-ahead that refuses
/// excursions holds each fix for ``lookAheadFixes`` fixes: verdicts, auto-pause and split
/// cues come that much later (their times are the fixes' own, so a split's time is exact),
/// while ``LiveMetrics/provisionalDistanceMeters`` covers the held fixes for the display.
///
/// **Speed and pace** for the display come from the newest fixes at once: a gate of their own
/// (the profile's, plus the speedometer's five guards in speedometer mode), reported speed
/// first with a derived fallback, and the time-aware ``CurrentPaceEstimator``, which ignores a
/// lone 0.0 at speed. The display reads 0 until a speed is available, so a launch never
/// spikes. When no satellite fix arrived for ``RecorderConfiguration/sensorFallbackAfterSeconds``
/// the motion sensors take over (see ``SensorFallback``), flagged as estimated; estimated
/// readings never reach the maximum speed or the route.
///
/// **Pauses and segments.** A manual pause ends the segment: fixes that arrive while paused
/// are recorded and refused as ``RejectionReason/recordingPaused``, and the first fix after
/// ``resume(at:)`` starts a new segment, so distance never bridges a pause.
/// ``startNewSegment(at:)`` does the same when the source was interrupted (gpsd restarted).
/// Auto-pause is the profile's stop detector: standing within the dwell radius for the dwell
/// time pauses, leaving the resume radius resumes; stopped time is not moving time.
///
/// **Signal.** Each fix sets the ``SignalQuality`` from its accuracy; ``tick(at:)`` returns it
/// to searching when no fix arrived within ``RecorderConfiguration/watchdogSeconds``.
///
/// - Complexity: O(1) amortised per input; memory O(1) besides the splits (the look-ahead
///   holds a few fixes). Reading ``liveMetrics`` copies the split lists, O(splits).
public struct Recorder: Sendable {
  /// How many fixes the look-ahead holds before a fix's verdict is final.
  public static let lookAheadFixes = ExcursionLookAhead.lengthFixes

  /// The knobs.
  public let configuration: RecorderConfiguration
  /// The current state.
  public private(set) var state: RecorderState = .idle
  /// What the platform should request now.
  public private(set) var acquisitionPolicy: AcquisitionPolicy = .off
  /// The current signal quality.
  public private(set) var signalQuality: SignalQuality = .searching
  /// The index of the current segment, from 0.
  public private(set) var segmentIndex = 0
  /// Number of fixes received (every verdict).
  public private(set) var receivedFixCount = 0

  private var pipeline: LivePipeline
  private var display: DisplaySpeed
  private var fallback: SensorFallback
  private var estimatedSource: SensorFallback.Source?
  private var isAutoPaused = false
  private var hasReliableFix = false
  private var segmentHasFix = false
  private var startTime: Date?
  private var latestTime: Date?
  private var lastFixArrival: Date?
  private var lastSatelliteFixArrival: Date?
  private var pausedSeconds = 0.0
  private var pausedSince: Date?
  private var signalHold = SignalQualityHold()
  /// The held fixes the display accepted: the provisional distance runs through them.
  private var provisional = ProvisionalTrail()
  /// Tells once when the recording holds a speed the profile's gate refuses.
  private var outpacing: ProfileOutpacing

  /// Creates an idle recorder.
  public init(configuration: RecorderConfiguration) {
    self.configuration = configuration
    pipeline = LivePipeline(profile: configuration.profile)
    display = DisplaySpeed(configuration: configuration)
    fallback = SensorFallback(configuration: configuration.sensorFallback)
    outpacing = ProfileOutpacing(profile: configuration.profile)
  }

  /// Creates an idle recorder with TrackSift's defaults for a profile.
  public init(profile: ActivityProfile) {
    self.init(configuration: RecorderConfiguration(profile: profile))
  }

  // MARK: - Commands

  /// Starts recording (from idle): the warm-up begins.
  public mutating func start(at now: Date) -> [RecorderEvent] {
    guard state == .idle else { return [] }
    advanceClock(to: now)
    startTime = now
    var events = [RecorderEvent(time: now, kind: .segmentStarted(index: 0))]
    setState(.acquiring, at: now, &events)
    setPolicy(.warmUp, at: now, &events)
    return events
  }

  /// Pauses (from acquiring, recording or an automatic pause): the segment ends.
  public mutating func pause(at now: Date) -> [RecorderEvent] {
    switch state {
    case .acquiring, .recording, .paused(.automatic): break
    case .idle, .paused(.manual), .finished: return []
    }
    advanceClock(to: now)
    var events = endSegment(at: now)
    pausedSince = now
    isAutoPaused = false
    setState(.paused(.manual), at: now, &events)
    return events
  }

  /// Resumes after a manual pause: the next fix starts a new segment.
  public mutating func resume(at now: Date) -> [RecorderEvent] {
    guard state == .paused(.manual) else { return [] }
    advanceClock(to: now)
    if let pausedSince { pausedSeconds += max(0, now.timeIntervalSince(pausedSince)) }
    pausedSince = nil
    var events = startSegment(at: now)
    setState(hasReliableFix ? .recording : .acquiring, at: now, &events)
    return events
  }

  /// Starts a new segment without pausing, because the source was interrupted (a gpsd
  /// restart, a receiver reset): distance does not bridge the interruption. Does nothing
  /// before the current segment has a fix.
  public mutating func startNewSegment(at now: Date) -> [RecorderEvent] {
    switch state {
    case .acquiring, .recording, .paused(.automatic): break
    case .idle, .paused(.manual), .finished: return []
    }
    guard segmentHasFix else { return [] }
    advanceClock(to: now)
    var events = endSegment(at: now)
    events += startSegment(at: now)
    return events
  }

  /// Measures the fixes from the current segment on with `profile` (a multisport recording's
  /// next sport): its gate, filter, speed and stop rules, and the warning of a speed it
  /// refuses; the figures run on. Only before the segment's first fix (after ``start(at:)``,
  /// ``resume(at:)`` or ``startNewSegment(at:)``); otherwise nothing changes.
  /// - Returns: whether the profile is used.
  @discardableResult
  public mutating func measureSegment(with profile: ActivityProfile) -> Bool {
    guard state != .finished, !segmentHasFix else { return false }
    pipeline.beginSegment(with: profile)
    outpacing = ProfileOutpacing(profile: profile)
    return true
  }

  /// Finishes: the held fixes are judged and nothing more is recorded.
  public mutating func finish(at now: Date) -> [RecorderEvent] {
    guard state != .idle, state != .finished else { return [] }
    advanceClock(to: now)
    var events = state == .paused(.manual) ? [] : endSegment(at: now)
    if let pausedSince { pausedSeconds += max(0, now.timeIntervalSince(pausedSince)) }
    pausedSince = nil
    setState(.finished, at: now, &events)
    setPolicy(.off, at: now, &events)
    return events
  }

  // MARK: - Inputs

  /// Takes a fix as it arrives.
  ///
  /// - Parameters:
  ///   - fix: the fix; its own time orders it, its arrival time (if set) judges staleness.
  ///   - now: the device clock at arrival.
  /// - Returns: the fix's reception, the verdicts that became final, and any state, signal,
  ///   auto-pause, split or acquisition events.
  public mutating func receive(_ fix: Fix, at now: Date) -> [RecorderEvent] {
    switch state {
    case .idle, .finished: return []
    case .acquiring, .recording, .paused: break
    }
    advanceClock(to: now)
    let sequence = receivedFixCount
    receivedFixCount += 1
    lastFixArrival = now
    var events: [RecorderEvent] = []
    events.reserveCapacity(4)  // the reception, a verdict and room for a state or split event
    events.append(
      RecorderEvent(
        time: now, kind: .fixReceived(sequence: sequence, segmentIndex: segmentIndex, fix: fix)))
    observeSignal(
      SignalQuality(
        horizontalAccuracyMeters: fix.validHorizontalAccuracyMeters,
        strongBelowMeters: configuration.strongSignalBelowMeters,
        goodBelowMeters: configuration.goodSignalBelowMeters, keeping: signalQuality,
        hysteresis: configuration.signalHysteresisFactor), at: now, &events)
    if state == .paused(.manual) {
      display.observeWhilePaused(fix)
      events.append(
        RecorderEvent(
          time: now, kind: .fixJudged(sequence: sequence, verdict: .rejected(.recordingPaused))))
      return events
    }
    segmentHasFix = true
    if display.update(with: fix) {
      provisional.hold(
        sequence: sequence, coordinate: fix.coordinate,
        timeSeconds: fix.timestamp?.timeIntervalSinceReferenceDate)
      if fix.source != .network {
        lastSatelliteFixArrival = now
        if estimatedSource != nil {
          estimatedSource = nil
          events.append(RecorderEvent(time: now, kind: .readingEstimated(nil)))
        }
      }
      if state == .acquiring,
        (fix.validHorizontalAccuracyMeters ?? 0) <= configuration.reliableAccuracyMeters
      {
        hasReliableFix = true
        setState(.recording, at: now, &events)
        setPolicy(
          .tracking(distanceFilterMeters: configuration.trackingDistanceFilterMeters), at: now,
          &events)
      }
    }
    if let outpaced = outpacing.observe(fix) {
      events.append(RecorderEvent(time: now, kind: outpaced))
    }
    for step in pipeline.append(fix, sequence: sequence) { handle(step, at: now, &events) }
    return events
  }

  /// Takes a motion sensor reading (used only while satellites are silent).
  public mutating func receive(_ motion: MotionSample, at now: Date) -> [RecorderEvent] {
    guard state != .idle, state != .finished else { return [] }
    advanceClock(to: now)
    fallback.add(motion)
    return []
  }

  /// Lets time pass without a fix: runs the watchdog and the sensor fallback. Call it about
  /// once a second.
  public mutating func tick(at now: Date) -> [RecorderEvent] {
    switch state {
    case .idle, .finished, .paused(.manual): return []
    case .acquiring, .recording, .paused(.automatic): break
    }
    advanceClock(to: now)
    var events: [RecorderEvent] = []
    let lastFix = lastFixArrival ?? startTime ?? now
    if now.timeIntervalSince(lastFix) >= configuration.watchdogSeconds {
      setSignal(.searching, at: now, &events)
    }
    let lastSatellite = lastSatelliteFixArrival ?? startTime ?? now
    if now.timeIntervalSince(lastSatellite) >= configuration.sensorFallbackAfterSeconds {
      let source = fallback.estimate(atTimeSeconds: now.timeIntervalSinceReferenceDate).source
      if source != estimatedSource {
        estimatedSource = source
        events.append(RecorderEvent(time: now, kind: .readingEstimated(source)))
      }
    }
    return events
  }

  // MARK: - Output

  /// The snapshot for a display, as of the latest time given to the recorder.
  public var liveMetrics: LiveMetrics {
    let now = latestTime ?? Date(timeIntervalSinceReferenceDate: 0)
    let elapsed = startTime.map { max(0, now.timeIntervalSince($0)) } ?? 0
    let pausedNow = pausedSince.map { max(0, now.timeIntervalSince($0)) } ?? 0
    let metrics = pipeline.metrics.metrics
    var speed = 0.0
    var pace: Double?
    if state == .finished || state == .paused(.manual) {
      speed = 0
    } else if estimatedSource != nil {
      speed =
        fallback.estimate(atTimeSeconds: now.timeIntervalSinceReferenceDate)
        .speedMetersPerSecond
      pace = PaceFormatter.secondsPerUnit(fromMetersPerSecond: speed, unit: .kilometer)
    } else if let arrival = lastFixArrival {
      (speed, pace) = display.reading(afterSeconds: max(0, now.timeIntervalSince(arrival)))
    }
    return LiveMetrics(
      state: state, metrics: metrics, provisionalDistanceMeters: provisionalDistanceMeters,
      elapsedSeconds: elapsed, timerSeconds: max(0, elapsed - pausedSeconds - pausedNow),
      movingSeconds: metrics.movingTimeSeconds ?? 0,
      provisionalMovingSeconds: provisionalMovingSeconds, speedMetersPerSecond: speed,
      currentPaceSecondsPerKilometer: pace,
      averagePaceSecondsPerKilometer: metrics.averagePaceSecondsPerKilometer,
      signalQuality: signalQuality, isEstimated: estimatedSource != nil,
      receivedFixCount: receivedFixCount)
  }

  /// Counts of the final verdicts of the judged fixes by reason (fixes refused while paused
  /// are not counted here).
  public var verdictCounts: VerdictCounts { pipeline.counts }

  // MARK: - Steps

  private mutating func handle(
    _ step: LivePipeline.Step, at now: Date, _ events: inout [RecorderEvent]
  ) {
    events.append(
      RecorderEvent(time: now, kind: .fixJudged(sequence: step.sequence, verdict: step.verdict)))
    provisional.release(
      through: step.sequence, acceptedAt: step.verdict.isAccepted ? step.coordinate : nil)
    guard step.verdict.isAccepted else { return }
    if !step.isMoving, !isAutoPaused, let since = step.stopStartTimeSeconds {
      isAutoPaused = true
      events.append(
        RecorderEvent(
          time: now, kind: .autoPaused(since: Date(timeIntervalSinceReferenceDate: since))))
      if state == .recording { setState(.paused(.automatic), at: now, &events) }
    } else if step.isMoving, isAutoPaused {
      isAutoPaused = false
      events.append(RecorderEvent(time: now, kind: .autoResumed))
      if state == .paused(.automatic) { setState(.recording, at: now, &events) }
    }
    for split in step.splits where split.distanceMeters == configuration.splitUnit.lengthMeters {
      events.append(
        RecorderEvent(time: now, kind: .splitReached(split, unit: configuration.splitUnit)))
    }
  }

  private mutating func endSegment(at now: Date) -> [RecorderEvent] {
    var events: [RecorderEvent] = []
    for step in pipeline.endSegment() { handle(step, at: now, &events) }
    provisional.reset()
    return events
  }

  private mutating func startSegment(at now: Date) -> [RecorderEvent] {
    guard segmentHasFix else { return [] }
    outpacing.breakRun()
    segmentIndex += 1
    segmentHasFix = false
    display.startSegment()
    return [RecorderEvent(time: now, kind: .segmentStarted(index: segmentIndex))]
  }

  /// The distance from the last judged position through the held fixes, summed in their
  /// order.
  private var provisionalDistanceMeters: Double {
    isAutoPaused ? 0 : provisional.distanceMeters
  }

  /// The time from the last judged fix through the held fixes, in seconds: the judged moving
  /// time trails the newest fix by the look-ahead (10 fixes), so without it a display's
  /// moving time would sit at 0:00 for the first 10 seconds and then lag. Counted as moving,
  /// as judged time is until the stop detector says otherwise; 0 while auto-paused.
  private var provisionalMovingSeconds: Double {
    isAutoPaused || state == .paused(.manual) ? 0 : provisional.movingSeconds
  }

  private mutating func advanceClock(to now: Date) {
    latestTime = max(latestTime ?? now, now)
  }

  private mutating func setState(
    _ newState: RecorderState, at now: Date, _ events: inout [RecorderEvent]
  ) {
    guard newState != state else { return }
    state = newState
    events.append(RecorderEvent(time: now, kind: .stateChanged(newState)))
  }

  private mutating func setPolicy(
    _ policy: AcquisitionPolicy, at now: Date, _ events: inout [RecorderEvent]
  ) {
    guard policy != acquisitionPolicy else { return }
    acquisitionPolicy = policy
    events.append(RecorderEvent(time: now, kind: .acquisitionPolicyChanged(policy)))
  }

  /// Shows a fix's signal quality once it held for
  /// ``RecorderConfiguration/signalChangeSeconds`` (see `SignalQualityHold`).
  private mutating func observeSignal(
    _ quality: SignalQuality, at now: Date, _ events: inout [RecorderEvent]
  ) {
    if let shown = signalHold.quality(
      after: quality, shown: signalQuality, at: now,
      holdSeconds: configuration.signalChangeSeconds)
    {
      setSignal(shown, at: now, &events)
    }
  }

  private mutating func setSignal(
    _ quality: SignalQuality, at now: Date, _ events: inout [RecorderEvent]
  ) {
    guard quality != signalQuality else { return }
    signalQuality = quality
    events.append(RecorderEvent(time: now, kind: .signalQualityChanged(quality)))
  }
}
