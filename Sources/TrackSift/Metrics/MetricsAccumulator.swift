/// Accumulates ``ActivityMetrics`` one sample at a time; used by the batch analysis and, live,
/// by the recorder, so both give the same figures.
///
/// Distance is summed between consecutive samples of the same segment only, and only over
/// intervals where the sample says the person is moving, so it never bridges a pause and never
/// grows while standing still. Average speed, pace and splits need every counted interval to
/// have a time at both ends: distance covered at an unknown time has no pace, so a track with
/// any untimed moving interval gets them as `nil` (and no splits) rather than a made-up rate.
///
/// Times (see ``ActivityMetrics`` for the definitions): the clock runs through every sample and
/// every time given to ``advanceClock(toSeconds:)`` (a fix refused for its position, not for
/// its time). A second is counted at most once: an interval, or the part of it, that lies
/// before the latest time already counted (a segment that overlaps an earlier one, a time that
/// went back) adds nothing, so moving time <= timer time <= elapsed time whatever the input.
/// With ``followsClockSetBacks``, a sample earlier than the one before it in its segment is a
/// clock set back, and the clock runs on from there (`SetBackClock`).
public struct MetricsAccumulator: Sendable, Hashable {
  private var distanceMeters = 0.0
  /// The distance counted so far, in meters (see ``ActivityMetrics/distanceMeters``).
  public var countedDistanceMeters: Double { distanceMeters }
  private var firstTimeSeconds: Double?
  private var lastTimeSeconds: Double?
  private var timerSeconds = 0.0
  private var movingSeconds = 0.0
  private var maximumSpeed: Double?
  private var previous: MetricsSample?
  private var elevation: ElevationAccumulator
  private var kilometers = SplitTracker(unit: .kilometer)
  private var miles = SplitTracker(unit: .mile)
  private var fixCount = 0
  private var segmentCount = 0
  private var hasTimes = false
  private var hasUntimedDistance = false
  private var segmentHasSample = false
  /// The latest time of the current segment that the clock reached.
  private var segmentLatestSeconds: Double?
  /// The latest time counted for the timer, over all segments.
  private var timerCountedUntilSeconds: Double?
  /// The latest sample time counted for the moving time, over all segments.
  private var movingCountedUntilSeconds: Double?
  /// The stretches of moving time, for the maximum speed.
  private var sustained = SustainedSpeed()
  /// The best 2 s and 10 s averages of the speeds that count for the maximum.
  private var bestWindows = BestWindowSpeeds(shorterSeconds: 2, longerSeconds: 10)
  /// The latest timed intervals of the current segment, for ``recount(after:asMoving:)``.
  private var recentIntervals: [Interval] = []
  /// Where the stop the oldest kept intervals belong to began, once older intervals were let
  /// go: the end of the last moving interval let go, and whether a step of the stop since
  /// then crosses a gap (see ``countsStopMovement``).
  private var stopBeforeKept: StopStart?

  private struct StopStart: Sendable, Hashable {
    var arrival: Coordinate
    var crossesGap: Bool
  }

  private struct Interval: Sendable, Hashable {
    var endTimeSeconds: Double
    var durationSeconds: Double
    var meters: Double
    var isMoving: Bool
    /// Whether the step crosses a signal gap or a re-anchoring.
    var crossesGap: Bool
    /// The sample's position at the interval's end.
    var endCoordinate: Coordinate
  }

  /// The longest interval over which one speed is taken to hold for the best 2 s and 10 s,
  /// in seconds; a longer one is a gap that breaks their runs. A speed is a measurement of an
  /// instant: 1-5 Hz loggers (the speed-sailing logs in `shared/data/spikes`) write one every
  /// 0.2-1 s, a watch's smart recording about every 3 s (the FR15 race in
  /// `shared/data/devices`: 686 points in 37 min), while the speed-sailing firmware's pauses
  /// below 5 knots and signal losses leave gaps of tens of seconds.
  public static let longestSpeedIntervalSeconds = 5.0

  /// How many recent intervals ``recount(after:asMoving:)`` can reach (an hour at 1 Hz).
  private static let recountableIntervals = 3_600

  /// Whether a sample earlier than the one before it in its segment is taken as the clock set
  /// back, and the times from it on run on from the time before (false: its time adds
  /// nothing, its distance does). For figures of samples whose times the gate judged: it
  /// takes an earlier time only once fixes confirm the clock was set back.
  public var followsClockSetBacks = false
  private var clock = SetBackClock()

  /// Whether the recent intervals are kept for ``recount(after:asMoving:)``.
  public let isRecountable: Bool
  /// Whether a stop's net movement counts as distance when the person leaves it (see
  /// ``init(elevationThresholdMeters:elevationAccuracyMultiple:isRecountable:countsStopMovement:countsBarometricSwings:smoothsGNSSAltitudes:)``);
  /// it may change between segments (a multisport recording's legs).
  public var countsStopMovement: Bool
  /// Whether the recent intervals are kept, for a recount or a stop's movement.
  private var keepsIntervals: Bool { isRecountable || countsStopMovement }

  /// Creates an accumulator.
  /// - Parameters:
  ///   - elevationThresholdMeters: the narrowest dead band of the elevation gain.
  ///   - elevationAccuracyMultiple: the dead band is at least this many times a sample's stated
  ///     vertical accuracy (see ``ElevationAccumulator``).
  ///   - isRecountable: keep the last hour's intervals so that ``recount(after:asMoving:)``
  ///     can count them again (about 48 bytes an interval, and a little time per sample).
  ///   - countsStopMovement: when the person leaves a stop, count its net movement as distance
  ///     (not moving time): the straight line from where the stop began to where the person
  ///     set off, less the step out of it, which counts already (`StopCreep`'s rule for the
  ///     refined figures of a walk). A stop the segment opened with and one that contains a
  ///     step across a signal gap count none. Keeps the intervals as `isRecountable` does.
  ///   - countsBarometricSwings: count a barometer's climb swing by swing once the altitudes
  ///     read as barometric (see ``ElevationAccumulator``), as the live figures do.
  ///   - smoothsGNSSAltitudes: count a GNSS receiver's climb through the ground-from-wander
  ///     smoother, about two minutes behind, once the altitudes read as GNSS (see
  ///     ``ElevationAccumulator``), as the live figures do.
  public init(
    elevationThresholdMeters: Double = 2, elevationAccuracyMultiple: Double = 2,
    isRecountable: Bool = false, countsStopMovement: Bool = false,
    countsBarometricSwings: Bool = false, smoothsGNSSAltitudes: Bool = false
  ) {
    elevation = ElevationAccumulator(
      thresholdMeters: elevationThresholdMeters, accuracyMultiple: elevationAccuracyMultiple,
      countsBarometricSwings: countsBarometricSwings, smoothsGNSSAltitudes: smoothsGNSSAltitudes)
    self.isRecountable = isRecountable
    self.countsStopMovement = countsStopMovement
  }

  /// Cumulative distance so far in meters.
  public var currentDistanceMeters: Double { distanceMeters }

  /// Cumulative timer time so far in seconds.
  public var currentTimerSeconds: Double { timerSeconds }

  /// Marks the start of a new segment: the next sample is not joined to the previous one.
  /// - Parameter keepsClock: whether the timer runs on from the segment before, as through a
  ///   stop rather than a pause (the segments of a cleaned file that one stop parts; see
  ///   ``CleanedMotion/stopped``).
  public mutating func startSegment(keepsClock: Bool = false) {
    previous = nil
    if !keepsClock { segmentLatestSeconds = nil }
    recentIntervals.removeAll()
    stopBeforeKept = nil
    segmentHasSample = false
    elevation.breakSegment()
    bestWindows.breakRun()
  }

  /// Adds one sample.
  /// - Returns: the splits (kilometer and mile) completed by this sample, for cues.
  @discardableResult
  public mutating func add(_ sample: MetricsSample) -> [Split] {
    var sample = sample
    if followsClockSetBacks, let time = sample.timeSeconds, time.isFinite {
      sample.timeSeconds = clock.sampleTime(time, after: previous?.timeSeconds)
    }
    fixCount += 1
    if !segmentHasSample {
      segmentHasSample = true
      segmentCount += 1
    }
    // After the step's distance is counted: a smoothed GNSS climb measures the ground along it.
    defer {
      elevation.add(
        altitudeMeters: sample.altitudeMeters,
        verticalAccuracyMeters: sample.verticalAccuracyMeters, timeSeconds: sample.timeSeconds,
        statesQuality: sample.statesAltitudeQuality,
        horizontalAccuracyMeters: sample.horizontalAccuracyMeters,
        distanceMeters: distanceMeters, isMoving: sample.isMoving)
    }
    if let speed = sample.speedForMaximumMetersPerSecond, speed.isFinite, speed >= 0 {
      maximumSpeed = max(maximumSpeed ?? 0, speed)
    }
    if let time = sample.timeSeconds { advanceRunningClock(toSeconds: time) }
    defer { previous = sample }
    guard let previous else { return [] }
    var dt = 0.0
    if let t0 = previous.timeSeconds, let t1 = sample.timeSeconds, t1 > t0, t1.isFinite {
      // Only the part after the latest sample time already counted, so that no second is
      // counted twice (see the type's documentation).
      let from = max(t0, movingCountedUntilSeconds ?? t0)
      movingCountedUntilSeconds = max(from, t1)
      if t1 > from {
        dt = t1 - from
        if sample.isMoving { movingSeconds += dt }
      }
    }
    addToBestWindows(sample, seconds: dt)
    let countsStep = sample.isMoving || sample.isCreeping
    guard countsStep || keepsIntervals else { return advanceSplits() }
    let straight = Geodesic.distanceMeters(from: previous.coordinate, to: sample.coordinate)
    let step = sample.pathMeters ?? straight
    if countsStep {
      if step.isFinite {
        distanceMeters += step
        // The straight step, not a path's estimate: covered for certain, so the speed it gives
        // is one the person certainly reached.
        if sample.isMoving, sample.countsForSustainedSpeed {
          sustained.add(meters: straight, seconds: dt)
        }
      }
      let timed = previous.timeSeconds?.isFinite == true && sample.timeSeconds?.isFinite == true
      if !timed, step > 0 { hasUntimedDistance = true }
    }
    if keepsIntervals, dt > 0, let end = sample.timeSeconds, step.isFinite {
      if recentIntervals.count >= 2 * Self.recountableIntervals { letOldestIntervalsGo() }
      let leavesStop = sample.isMoving && recentIntervals.last?.isMoving == false
      recentIntervals.append(
        Interval(
          endTimeSeconds: end, durationSeconds: dt, meters: step, isMoving: sample.isMoving,
          crossesGap: sample.crossesGap, endCoordinate: sample.coordinate))
      if leavesStop { countStopMovement(departingAt: recentIntervals.count - 1) }
    }
    return advanceSplits()
  }

  /// Feeds the interval ending at `sample` to the best 2 s and 10 s: its speed for the
  /// maximum held over the moving time it adds; a stop, a fix without such a speed, or a gap
  /// longer than ``longestSpeedIntervalSeconds`` breaks their runs, and so does an untimed
  /// sample. An interval that adds no time (a repeated or earlier time) changes nothing.
  private mutating func addToBestWindows(_ sample: MetricsSample, seconds: Double) {
    guard seconds > 0 || sample.timeSeconds == nil else { return }
    if sample.isMoving, seconds <= Self.longestSpeedIntervalSeconds,
      let speed = sample.speedForMaximumMetersPerSecond, speed.isFinite, speed >= 0
    {
      bestWindows.add(metersPerSecond: speed, seconds: seconds)
    } else {
      bestWindows.breakRun()
    }
  }

  /// Runs the clock to the time of a fix that is not a sample: one the pipeline refused for its
  /// position or accuracy, not for its time (see ``RejectionReason/keepsTime``). Elapsed and
  /// timer time include it; distance and moving time do not.
  ///
  /// - Parameter timeSeconds: the fix's time in seconds since 2001-01-01 UTC; a non-finite
  ///   time is ignored.
  public mutating func advanceClock(toSeconds timeSeconds: Double) {
    advanceRunningClock(toSeconds: clock.shifted(timeSeconds))
  }

  private mutating func advanceRunningClock(toSeconds timeSeconds: Double) {
    guard timeSeconds.isFinite else { return }
    hasTimes = true
    firstTimeSeconds = min(firstTimeSeconds ?? timeSeconds, timeSeconds)
    lastTimeSeconds = max(lastTimeSeconds ?? timeSeconds, timeSeconds)
    if let latest = segmentLatestSeconds {
      let from = max(latest, timerCountedUntilSeconds ?? latest)
      if timeSeconds > from { timerSeconds += timeSeconds - from }
    }
    segmentLatestSeconds = max(segmentLatestSeconds ?? timeSeconds, timeSeconds)
    timerCountedUntilSeconds = max(timerCountedUntilSeconds ?? timeSeconds, timeSeconds)
  }

  private mutating func advanceSplits() -> [Split] {
    let (timer, moving) = splitClock
    let kilometerSplits = kilometers.advance(
      distanceMeters: distanceMeters, timerSeconds: timer, movingSeconds: moving)
    let mileSplits = miles.advance(
      distanceMeters: distanceMeters, timerSeconds: timer, movingSeconds: moving)
    // Most samples complete no split: no array to join.
    return mileSplits.isEmpty ? kilometerSplits : kilometerSplits + mileSplits
  }

  /// Counts the latest intervals of the segment that end after a time as moving or as
  /// stopped after all (for an accumulator that keeps them: ``isRecountable`` or
  /// ``countsStopMovement``; otherwise nothing), by
  /// the stop detector's one re-labelling rule (``StopDetector``'s `relabelledTail`: walking
  /// back from the newest while they hold the other value): a stop detector knows where a
  /// dwell began (or where the person left) only a few seconds late.
  ///
  /// - Parameters:
  ///   - timeSeconds: intervals ending after this time are recounted.
  ///   - asMoving: whether they count as moving.
  /// - Complexity: O(k) in the intervals recounted, at most the last hour's.
  public mutating func recount(after timeSeconds: Double, asMoving: Bool) {
    let start = StopDetector.relabelledTail(
      count: recentIntervals.count, as: asMoving, after: clock.shifted(timeSeconds),
      isMoving: { recentIntervals[$0].isMoving },
      timeOf: { recentIntervals[$0].endTimeSeconds })
    let sign = asMoving ? 1.0 : -1.0
    // Newest first, as the sums always took them.
    for position in (start..<recentIntervals.count).reversed() {
      movingSeconds += sign * recentIntervals[position].durationSeconds
      distanceMeters += sign * recentIntervals[position].meters
      recentIntervals[position].isMoving = asMoving
    }
    if asMoving, start < recentIntervals.count { countStopMovement(departingAt: start) }
  }

  /// Lets the oldest hour of intervals go, keeping where a stop that runs on past them began.
  private mutating func letOldestIntervalsGo() {
    for interval in recentIntervals.prefix(Self.recountableIntervals) {
      if interval.isMoving {
        stopBeforeKept = StopStart(arrival: interval.endCoordinate, crossesGap: false)
      } else if interval.crossesGap {
        stopBeforeKept?.crossesGap = true
      }
    }
    recentIntervals.removeFirst(Self.recountableIntervals)
  }

  /// Counts the net movement of the stop that ends before the moving interval at `departure`
  /// (see ``countsStopMovement``). The meters join the departure interval, so that a recount
  /// that takes the departure back takes them back too.
  private mutating func countStopMovement(departingAt departure: Int) {
    guard countsStopMovement else { return }
    var first = departure
    while first > 0, !recentIntervals[first - 1].isMoving { first -= 1 }
    // A stop that began before the oldest kept interval began where `stopBeforeKept` says;
    // one the segment opened with has no start; a signal gap in it hides where the person
    // went.
    let before = first == 0 ? stopBeforeKept : nil
    guard first < departure, first > 0 || before != nil, before?.crossesGap != true,
      !recentIntervals[first...departure].contains(where: \.crossesGap)
    else { return }
    let leaving = recentIntervals[departure]
    let movement = StopCreep.netMovementMeters(
      arrival: before?.arrival ?? recentIntervals[first - 1].endCoordinate,
      departure: leaving.endCoordinate, departureStepMeters: leaving.meters)
    guard movement > 0 else { return }
    recentIntervals[departure].meters += movement
    distanceMeters += movement
  }

  /// The tracker's splits, the partial one running to the distance, timer and moving time as
  /// they stand (see ``SplitTracker/splitsIncludingPartial(distanceMeters:timerSeconds:movingSeconds:)``),
  /// so that the splits add up to the totals.
  @inline(__always)
  private func splits(_ tracker: SplitTracker) -> [Split] {
    let clock = splitClock
    return tracker.splitsIncludingPartial(
      distanceMeters: distanceMeters, timerSeconds: clock.timerSeconds,
      movingSeconds: clock.movingSeconds)
  }

  /// The timer and moving time the split trackers are given: none before any time is known.
  private var splitClock: (timerSeconds: Double, movingSeconds: Double?) {
    hasTimes ? (timerSeconds, movingSeconds) : (0, nil)
  }

  /// The figures so far (see ``ActivityMetrics`` for their definitions).
  // Inlined so that a caller reading it through a stored property does not copy the
  // accumulator first (a snapshot per fix).
  @inline(__always)
  public var metrics: ActivityMetrics {
    let timed = hasTimes && (lastTimeSeconds ?? 0) > (firstTimeSeconds ?? 0)
    let hasAltitude = elevation.minimumAltitudeMeters != nil
    let hasRates = timed && !hasUntimedDistance
    let elapsed = (lastTimeSeconds ?? 0) - (firstTimeSeconds ?? 0)
    // The counting keeps these orders; the minimums only absorb rounding.
    let timer = min(timerSeconds, elapsed)
    let moving = min(max(movingSeconds, 0), timer)
    let distance = max(distanceMeters, 0)
    let average: Double? = hasRates && moving > 0 ? distance / moving : nil
    // Whoever covered a distance in a time went at least that fast at some moment: the
    // maximum is at least the highest speed held over a stretch, and the average.
    var maximum = maximumSpeed
    if hasRates, let sustainedSpeed = sustained.highestMetersPerSecond, sustainedSpeed.isFinite {
      maximum = max(maximum ?? sustainedSpeed, sustainedSpeed)
    }
    if let average, average.isFinite { maximum = max(maximum ?? average, average) }
    // Time-weighted means of speeds that fed the maximum, so at most the maximum, and the
    // 10 s at most the 2 s; the minimums only absorb the rounding of the window sums and the
    // merging of intervals shorter than 20 ms (see ``BestWindowSpeeds``).
    let bestTwo =
      timed
      ? bestWindows.shorter.highestMetersPerSecond.map { min($0, maximum ?? $0) } : nil
    let bestTen =
      timed
      ? bestWindows.longer.highestMetersPerSecond.map { min($0, bestTwo ?? $0) } : nil
    let pace: Double? = hasRates && distance > 0 && moving > 0 ? moving / distance * 1_000 : nil
    return ActivityMetrics(
      distanceMeters: distance,
      elapsedTimeSeconds: timed ? elapsed : nil,
      timerTimeSeconds: timed ? timer : nil,
      movingTimeSeconds: timed ? moving : nil,
      averageSpeedMetersPerSecond: average,
      maximumSpeedMetersPerSecond: maximum,
      bestTwoSecondSpeedMetersPerSecond: bestTwo,
      bestTenSecondSpeedMetersPerSecond: bestTen,
      averagePaceSecondsPerKilometer: pace,
      elevationGainMeters: hasAltitude ? elevation.gainMeters : nil,
      elevationLossMeters: hasAltitude ? elevation.lossMeters : nil,
      minimumAltitudeMeters: elevation.minimumAltitudeMeters,
      maximumAltitudeMeters: elevation.maximumAltitudeMeters,
      refusedAltitudeJumpCount: hasAltitude || elevation.refusedJumpCount > 0
        ? elevation.refusedJumpCount : nil,
      kilometerSplits: hasRates ? splits(kilometers) : [],
      mileSplits: hasRates ? splits(miles) : [],
      fixCount: fixCount,
      segmentCount: segmentCount)
  }
}
