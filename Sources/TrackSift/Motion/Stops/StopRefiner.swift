import Foundation

/// Refines the live stop detector's stops for the refined figures: the detector's stops (taken
/// without its Doppler veto of a position dwell, see
/// ``StopDetector/Configuration/dopplerVetoesDwell``), with their ends, starts and very existence
/// checked against the whole recording, and the ones it missed.
///
/// Its knobs are the profile's stop detector's (``ActivityProfile/stops``): the detector's stop
/// and resume speeds, dwell time and radius and speed noise factor, and the refined pass's own
/// windows and factors in ``StopDetector/Configuration/refinement``, each a documented property
/// of ``StopDetector/Refinement``.
///
/// 0. **Missed stops.** Stretches that read standing for
///    ``StopDetector/Refinement/slowStretchSeconds``, by the Doppler (and by the positions,
///    unless a gap just before has them reconverging) or, away from live stops, by the positions
///    weighed by their accuracy, become stops where the live detector saw none; one that runs
///    into a live stop lets that stop's start move back to it, and one that runs on after a stop
///    ending at a gap lets its end move on (see ``slowStretches(_:live:)``).
/// 1. **Ends.** Live, a stop's end is the last fix near its anchor, and an error ramp at a
///    standstill can carry the positions out of the radius while the person still stands. The
///    same detector run backwards in time meets the departure as an arrival, which it finds as
///    well as a start; each stop ends at the later of the two ends, unless the Doppler and the
///    positions together say the stretch between them travels, or its Doppler turns steadily.
/// 2. **Boundaries.** Where the Doppler velocity (weighed with the positions', see
///    ``alongSpeeds(_:along:speedMetersPerSecond:_:)``) says more, each boundary moves to its
///    change point along the direction of travel, by at most
///    ``StopDetector/Refinement/boundaryWindowSeconds`` either way (or as far as a slow stretch
///    reaches; a start whose approach the window before it cannot give, half walk and half
///    standstill, reaches a window further back; a start whose whole window reads moving moves
///    on, a window at a time, to the first change point found, while the positions travel): a
///    start to where the velocity fell below the detector's stop speed (a stop found by its
///    positions begins a few strides early, or, while the wander still carries the positions, a
///    few seconds late), an end to where it rose above the stop speed or, for a noisy Doppler,
///    above its reported accuracy, up to the resume speed (a standing watch's Doppler reads well
///    above the stop speed); an end the change point keeps moves on while the velocity along the
///    departure stays below the stop speed (the positions' dwell can end while their wander runs
///    ahead), up to a fix faster than the resume speed. Round a corner a boundary is judged by
///    the Doppler's speed alone (see ``measure(travel:passage:_:unstatedNoise:)``).
/// 3. **Interruptions.** A short moving run between two stops in the same place, whose
///    Doppler reads standing, is part of one stop: an error ramp had ended it (see
///    ``interruptions(of:_:)``).
/// 4. **Existence.** A stop whose mean Doppler velocity exceeds the resume speed is a walk
///    whose Doppler dipped: noise at a standstill points every way and averages out, a steady
///    pace does not. A stop shorter than the detector's dwell time is no stop either, nor one
///    without a Doppler velocity between fixes that have one, nor one whose fixes report a
///    speed but no course (a watch's FIT records) and whose median speed reads moving, nor one
///    that only its positions can judge and whose positions keep heading one way at
///    ``StopDetector/Refinement/positionsAloneSpeedFactor`` times the stop speed or faster
///    (``StopDetector/Refinement/positionsAgainstSpeedsFactor`` where its speeds read
///    standing).
///
/// Fixes whose moving flag judges a step across a gap keep it. Without a Doppler velocity the
/// live stops stand as they are, ends aside.
///
/// A value made once per segment: it holds only its configuration, and the inputs are passed to
/// each method (``Inputs`` makes them on demand from the accepted fixes).
struct StopRefiner: Sendable {
  /// The stop detector's knobs, with the refined pass's own in
  /// ``StopDetector/Configuration/refinement`` (``ActivityProfile/stops``).
  let configuration: StopDetector.Configuration

  /// What the stop detector judged at one accepted fix.
  struct Input: Sendable {
    var timeSeconds: Double?
    var coordinate: Coordinate
    var speedMetersPerSecond: Double?
    var speedAccuracyMetersPerSecond: Double?
    var horizontalAccuracyMeters: Double?
    /// The reported (Doppler) velocity: from the speed and
    /// course, or zero for a speed below the resume speed without a course; `nil` without a
    /// reported speed.
    var dopplerVelocity: Velocity?
    /// The reported speed of a fix that reports no course, in meters per second.
    var courselessSpeedMetersPerSecond: Double?

    /// The Doppler velocity from a reported speed and course, `nil` where there is none or
    /// it only stands for a slow speed without a course.
    var coursedDopplerVelocity: Velocity? {
      courselessSpeedMetersPerSecond == nil ? dopplerVelocity : nil
    }

    /// The speed of the Doppler velocity in meters per second, in whichever direction.
    var dopplerSpeedMetersPerSecond: Double? { dopplerVelocity?.speedMetersPerSecond }

    /// What the detector saw at `fix`, with the speed it was given.
    init(fix: Fix, speed: SpeedEstimate?, configuration: StopDetector.Configuration) {
      self.init(
        fix: fix, speed: speed, reportedVelocity: fix.reportedVelocity,
        configuration: configuration)
    }

    /// What the detector saw at `fix`, with the speed it was given and the fix's
    /// ``Fix/reportedVelocity``, already worked out.
    // Inlined: made on demand, several times a fix, it would otherwise copy the whole fix.
    @inline(__always)
    init(
      fix: Fix, speed: SpeedEstimate?, reportedVelocity: Velocity?,
      configuration: StopDetector.Configuration
    ) {
      timeSeconds = fix.timeSeconds
      coordinate = fix.coordinate
      speedMetersPerSecond = speed?.metersPerSecond
      speedAccuracyMetersPerSecond =
        speed?.source == .reported ? fix.speedAccuracyMetersPerSecond : nil
      horizontalAccuracyMeters = fix.validHorizontalAccuracyMeters
      dopplerVelocity = reportedVelocity
      if let speed = fix.validSpeedMetersPerSecond, fix.validCourseDegrees == nil {
        courselessSpeedMetersPerSecond = speed
        if speed < configuration.resumeSpeedMetersPerSecond { dopplerVelocity = .zero }
      }
    }
  }

  /// The inputs, made on demand from the accepted fixes (a stored array would cost about
  /// 80 bytes a fix).
  struct Inputs {
    /// The number of inputs.
    let count: Int
    let make: (Int) -> Input

    init(count: Int, make: @escaping (Int) -> Input) {
      self.count = count
      self.make = make
    }

    init(_ inputs: [Input]) {
      self.init(count: inputs.count) { inputs[$0] }
    }

    subscript(index: Int) -> Input { make(index) }
  }

  /// The refined moving flags.
  ///
  /// - Parameters:
  ///   - live: the live moving flags, one per input, after the dwell and departure re-labels
  ///     (the candidates of ``candidateFlags(live:inputs:keepsLive:)``).
  ///   - inputs: what the live detector saw, one per accepted fix, in time order.
  ///   - keepsLive: inputs whose live flag stands (a step across a gap, judged on its own).
  /// - Complexity: O(n) for n inputs, plus the backward detector over each stop and the
  ///   ``StopDetector/Refinement/backwardLeadSeconds`` after it (its own cost per fix is bounded by
  ///   its position window).
  func movingFlags(live: [Bool], inputs: Inputs, keepsLive: [Bool]) -> [Bool] {
    precondition(live.count == inputs.count && keepsLive.count == inputs.count)
    var live = live
    let stretches = slowStretches(inputs, live: live)
    // A stretch clear of every live stop is a stop the detector missed; one that touches a
    // live stop only widens the search for that stop's boundary (an approach reads slow too).
    for stretch in stretches
    where live[max(stretch.lowerBound - 1, 0)...min(stretch.upperBound + 1, live.count - 1)]
      .allSatisfy({ $0 })
    {
      for index in stretch where !keepsLive[index] { live[index] = false }
    }
    var refined = live
    func mark(_ range: Range<Int>, moving: Bool) {
      for index in range where !keepsLive[index] { refined[index] = moving }
    }
    let liveStops = Self.stoppedRuns(live)
    var previousEnd = -1
    for (number, stop) in liveStops.enumerated() {
      let nextStart = number + 1 < liveStops.count ? liveStops[number + 1].lowerBound : live.count
      var extendedEnd = backwardEnd(of: stop, inputs, notAfter: nextStart - 1)
      // The backward run can carry an end over a walk whose Doppler dipped; an extension that
      // the Doppler and the positions together say travels is that walk, and so is one whose
      // Doppler turns steadily (a U-turn's velocities cancel in their mean).
      if extendedEnd > stop.upperBound {
        let extra = (stop.upperBound + 1)...extendedEnd
        if travelsByDopplerAndPositions(extra, inputs)
          || turnsSteadily(through: extra, inputs)
        {
          extendedEnd = stop.upperBound
        }
      }
      // A slow stretch running into the stop lets its start move back as far as the stretch.
      let startReach = stretches.last {
        $0.lowerBound < stop.lowerBound && $0.upperBound + 1 >= stop.lowerBound
      }?.lowerBound
      let start = refinedStart(
        of: stop, inputs, notBefore: previousEnd + 1, reach: startReach)
      let unrefinedEnd = max(start, extendedEnd)
      // A stop that ends at a gap, or within seconds after one, may go on after it: the
      // detector starts afresh there, and the positions are still reconverging.
      let nearEnd = farthest(
        from: unrefinedEnd, by: -1, within: start...unrefinedEnd, inputs)
      let endsNearGap = (max(nearEnd - 1, start)...unrefinedEnd).contains {
        gapFollows($0, inputs)
      }
      let endReach =
        endsNearGap
        ? stretches.first { $0.upperBound > unrefinedEnd && $0.lowerBound <= unrefinedEnd + 1 }?
          .upperBound
        : nil
      let end = refinedEnd(
        of: start...unrefinedEnd, inputs, notAfter: nextStart - 1, reach: endReach)
      mark(stop.lowerBound..<max(start, stop.lowerBound), moving: true)
      mark(start..<(end + 1), moving: false)
      mark((end + 1)..<(max(end, extendedEnd, stop.upperBound) + 1), moving: true)
      previousEnd = end
    }
    for run in interruptions(of: refined, inputs) {
      mark(run.lowerBound..<(run.upperBound + 1), moving: false)
    }
    for stop in Self.stoppedRuns(refined)
    where travels(stop, inputs) || isShort(stop, inputs)
      || Self.saysNothing(stop, inputs) || movesByCourselessSpeed(stop, inputs)
      || travelsByPositionsAlone(stop, inputs)
    {
      mark(stop.lowerBound..<(stop.upperBound + 1), moving: true)
    }
    return refined
  }

  /// The mean Doppler velocity of the inputs in `range`, if at least `minimumCount` report
  /// one.
  static func meanVelocity(_ range: Range<Int>, _ inputs: Inputs, minimumCount: Int = 3)
    -> Velocity?
  {
    mean(range.compactMap { inputs[$0].dopplerVelocity }, minimumCount: minimumCount)
  }

  /// Whether the mean Doppler velocity over a stop, of two readings or more (a stop of three
  /// fixes after a gap has no more), exceeds the resume speed: the Doppler alone, since weighed
  /// with the positions (``travelsByDopplerAndPositions(_:_:)``) walks read standing more
  /// often.
  private func travels(_ stop: ClosedRange<Int>, _ inputs: Inputs) -> Bool {
    guard
      let velocity = Self.meanVelocity(
        stop.lowerBound..<(stop.upperBound + 1), inputs, minimumCount: 2)
    else { return false }
    return velocity.speedMetersPerSecond > configuration.resumeSpeedMetersPerSecond
  }

  /// Whether a stop reports speeds but never a course, and the median speed reads moving: at
  /// least the stop speed and the speeds' stated noise. A watch's FIT or TCX records carry no
  /// course: a watch that stands reports about zero, while a hiker climbing a steep path at
  /// half a meter a second stays within the dwell radius long enough to read as a stop.
  private func movesByCourselessSpeed(_ stop: ClosedRange<Int>, _ inputs: Inputs) -> Bool {
    var speeds: [Double] = []
    var noise = configuration.stopSpeedMetersPerSecond
    for input in stop.lazy.map({ inputs[$0] }) {
      guard let speed = input.courselessSpeedMetersPerSecond else {
        // A course says more; the Doppler checks judge such a stop.
        if input.dopplerVelocity != nil { return false }
        continue
      }
      speeds.append(speed)
      noise = max(noise, (input.speedAccuracyMetersPerSecond ?? 0) * configuration.speedNoiseFactor)
    }
    guard speeds.count >= 2, 2 * speeds.count >= stop.count else { return false }
    return speeds.sorted()[speeds.count / 2] >= noise
  }

  /// Whether a stop that only its positions can judge, with no reported accuracy and no
  /// course-based Doppler velocity (a plain GPX track, a watch's FIT records), has positions
  /// whose least-squares line runs at ``StopDetector/Refinement/positionsAloneSpeedFactor``
  /// times the stop speed or faster, or, where the fixes report speeds without a course
  /// (which read standing, or ``movesByCourselessSpeed(_:_:)`` would have said moving), at
  /// ``StopDetector/Refinement/positionsAgainstSpeedsFactor`` times. A person standing has no
  /// trend, only wander; a hiker climbing slowly stays inside the dwell radius long enough to
  /// read as a stop, but keeps heading one way.
  private func travelsByPositionsAlone(_ stop: ClosedRange<Int>, _ inputs: Inputs) -> Bool {
    var reportsSpeeds = false
    for input in stop.lazy.map({ inputs[$0] }) {
      if input.horizontalAccuracyMeters != nil { return false }
      if input.coursedDopplerVelocity != nil { return false }
      if input.courselessSpeedMetersPerSecond != nil { reportsSpeeds = true }
    }
    guard let velocity = Self.positionVelocity(stop, inputs) else { return false }
    let refinement = configuration.refinement
    let factor =
      reportsSpeeds ? refinement.positionsAgainstSpeedsFactor : refinement.positionsAloneSpeedFactor
    return velocity.speedMetersPerSecond >= factor * configuration.stopSpeedMetersPerSecond
  }

  /// Whether no fix of a stop has a Doppler velocity while the fixes on either side do:
  /// nothing in it reads standing. (A fix after a gap reports no speed, and the step to it
  /// says little: the first fix after a gap is often off by two or three sigma.)
  private static func saysNothing(_ stop: ClosedRange<Int>, _ inputs: Inputs) -> Bool {
    stop.lowerBound > 0 && stop.upperBound + 1 < inputs.count
      && inputs[stop.lowerBound - 1].dopplerVelocity != nil
      && inputs[stop.upperBound + 1].dopplerVelocity != nil
      && stop.allSatisfy { inputs[$0].dopplerVelocity == nil }
  }

  /// Whether a stop lasts less than the detector's dwell time, counting the interval that
  /// ends at its first fix (each flag is the interval's).
  private func isShort(_ stop: ClosedRange<Int>, _ inputs: Inputs) -> Bool {
    guard let first = inputs[max(stop.lowerBound - 1, 0)].timeSeconds,
      let last = inputs[stop.upperBound].timeSeconds
    else { return false }
    return last - first < configuration.stopAfterSeconds
  }

  static func mean(_ velocities: [Velocity], minimumCount: Int = 3) -> Velocity? {
    guard velocities.count >= minimumCount else { return nil }
    return Velocity.mean(velocities)
  }

  /// The end of `stop` as the detector finds it run backwards in time: from
  /// ``StopDetector/Refinement/backwardLeadSeconds`` after the stop (or the fix before the next
  /// stop) back to the stop's start, on negated times, with the same re-labels as the live run. The
  /// departure meets it as an arrival. The stop's own end when that run finds no stop overlapping
  /// it, or one that ends sooner.
  private func backwardEnd(
    of stop: ClosedRange<Int>, _ inputs: Inputs, notAfter latest: Int
  ) -> Int {
    guard stop.upperBound <= latest, let endTime = inputs[stop.upperBound].timeSeconds else {
      return stop.upperBound
    }
    var first = stop.upperBound
    while first < latest, let time = inputs[first + 1].timeSeconds,
      time - endTime <= configuration.refinement.backwardLeadSeconds
    {
      first += 1
    }
    var detector = StopDetector(configuration: configuration)
    var flags: [Bool] = []  // from `first` down
    var times: [Double?] = []
    var wasMoving = true
    for index in stride(from: first, through: stop.lowerBound, by: -1) {
      let input = inputs[index]
      let time = input.timeSeconds.map { -$0 }
      let isMoving = detector.update(
        timeSeconds: time, coordinate: input.coordinate,
        speedMetersPerSecond: input.speedMetersPerSecond,
        horizontalAccuracyMeters: input.horizontalAccuracyMeters,
        speedAccuracyMetersPerSecond: input.speedAccuracyMetersPerSecond)
      if isMoving != wasMoving,
        let since = isMoving ? detector.departureTimeSeconds : detector.stopStartTimeSeconds
      {
        StopDetector.relabel(&flags, as: isMoving, after: since) { times[$0] }
      }
      wasMoving = isMoving
      flags.append(isMoving)
      times.append(time)
    }
    // Flag k belongs to index first - k; the latest stopped flag within reach of the stop.
    var end = stop.upperBound
    for run in Self.stoppedRuns(flags) {
      let range = (first - run.upperBound)...(first - run.lowerBound)
      if range.overlaps(stop) { end = max(end, range.upperBound) }
    }
    return end
  }

  /// The live moving flags to start ``movingFlags(live:inputs:keepsLive:)`` from: those of the
  /// live detector without the Doppler's veto of a position dwell
  /// (``StopDetector/Configuration/dopplerVetoesDwell``), with the same re-labels (none
  /// reaching back to a flag kept for its step across a gap), and `live`'s flag where
  /// `keepsLive` holds; `live` itself when the veto is off.
  ///
  /// The veto spares the live display auto-pauses in a walk whose positions an error ramp
  /// held still, but it also delays true stops whose Doppler noise ran one way; the refined
  /// checks judge every candidate against the whole recording.
  func candidateFlags(live: [Bool], inputs: Inputs, keepsLive: [Bool]) -> [Bool] {
    guard configuration.dopplerVetoesDwell || configuration.speedsPlaceEdges else { return live }
    var candidates = configuration
    candidates.dopplerVetoesDwell = false
    candidates.speedsPlaceEdges = false
    var detector = StopDetector(configuration: candidates)
    var flags: [Bool] = []
    flags.reserveCapacity(inputs.count)
    for index in 0..<inputs.count {
      let input = inputs[index]
      var isMoving = detector.update(
        timeSeconds: input.timeSeconds, coordinate: input.coordinate,
        speedMetersPerSecond: input.speedMetersPerSecond,
        horizontalAccuracyMeters: input.horizontalAccuracyMeters,
        speedAccuracyMetersPerSecond: input.speedAccuracyMetersPerSecond,
        dopplerVelocity: input.coursedDopplerVelocity)
      if keepsLive[index] {
        isMoving = live[index]
        if let time = input.timeSeconds { detector.keepFlags(through: time) }
      }
      if let wasMoving = flags.last, wasMoving != isMoving,
        let since = isMoving ? detector.departureTimeSeconds : detector.stopStartTimeSeconds
      {
        StopDetector.relabel(&flags, as: isMoving, after: since) { inputs[$0].timeSeconds }
      }
      flags.append(isMoving)
    }
    return flags
  }
}
