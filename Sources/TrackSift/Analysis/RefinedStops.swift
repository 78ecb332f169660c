import Foundation

/// The stops of the refined figures: the live stop detector's, with their ends, starts and
/// very existence checked against the whole recording, and the ones it missed.
///
/// 0. **Missed stops.** Stretches that read standing for 15 s, by the Doppler (and by the
///    positions, unless a gap just before has them reconverging) or, away from live stops, by
///    the positions weighed by their accuracy, become stops where the live detector saw none; one that runs into a live stop lets that stop's start move back to
///    it, and one that runs on after a stop ending at a gap lets its end move on (see
///    ``slowStretches(_:_:live:)``).
/// 1. **Ends.** Live, a stop's end is the last fix near its anchor, and an error ramp at a
///    standstill can carry the positions out of the radius while the person still stands. The
///    same detector run backwards in time meets the departure as an arrival, which it finds as
///    well as a start; each stop ends at the later of the two ends, unless the Doppler and the
///    positions together say the stretch between them travels.
/// 2. **Boundaries.** Where the Doppler velocity (weighed with the positions', see
///    ``alongSpeeds(_:along:speedMetersPerSecond:_:)``) says more, each boundary moves to its
///    change point along the direction of travel, by at most 10 s either way (or as far as a slow
///    stretch reaches; a start whose whole window reads moving moves on while the positions
///    travel): a start to where the velocity fell below the detector's stop speed (a
///    stop found by its positions begins a few strides early, or, while the wander still
///    carries the positions, a few seconds late), an end to where it rose above the stop speed
///    or, for a noisy Doppler, above its reported accuracy, up to the resume speed (a standing
///    watch's Doppler reads well above the stop speed); an end the change point keeps moves on
///    while the velocity along the departure stays below the stop speed (the positions' dwell
///    can end while their wander runs ahead), up to a fix faster than the resume speed. Round
///    a corner a boundary is judged by the Doppler's speed alone (see
///    ``measure(travel:passage:_:_:)``).
/// 3. **Interruptions.** A short moving run between two stops in the same place, whose
///    Doppler reads standing, is part of one stop: an error ramp had ended it (see
///    ``interruptions(of:_:_:)``).
/// 4. **Existence.** A stop whose mean Doppler velocity exceeds the resume speed is a walk
///    whose Doppler dipped: noise at a standstill points every way and averages out, a steady
///    pace does not. A stop shorter than the detector's dwell time is no stop either, nor one
///    without a Doppler velocity between fixes that have one.
///
/// Fixes whose moving flag judges a step across a gap keep it. Without a Doppler velocity the
/// live stops stand as they are, ends aside.
enum RefinedStops {
  /// What the stop detector judged at one accepted fix.
  struct Input: Sendable {
    var timeSeconds: Double?
    var coordinate: Coordinate
    var speedMetersPerSecond: Double?
    var speedAccuracyMetersPerSecond: Double?
    var horizontalAccuracyMeters: Double?
    /// The reported (Doppler) velocity east and north in meters per second: from the speed and
    /// course, or zero for a speed below the resume speed without a course; `nil` without a
    /// reported speed.
    var dopplerVelocity: (eastMetersPerSecond: Double, northMetersPerSecond: Double)?

    /// The speed of the Doppler velocity in meters per second, in whichever direction.
    var dopplerSpeedMetersPerSecond: Double? {
      dopplerVelocity.map {
        ($0.eastMetersPerSecond * $0.eastMetersPerSecond
          + $0.northMetersPerSecond * $0.northMetersPerSecond).squareRoot()
      }
    }

    /// What the detector saw at `fix`, with the speed it was given.
    init(
      fix: Fix, speed: SpeedEstimate?, configuration: StopDetector.Configuration
    ) {
      timeSeconds = fix.timeSeconds
      coordinate = fix.coordinate
      speedMetersPerSecond = speed?.metersPerSecond
      speedAccuracyMetersPerSecond =
        speed?.source == .reported ? fix.speedAccuracyMetersPerSecond : nil
      horizontalAccuracyMeters = fix.validHorizontalAccuracyMeters
      if let speed = fix.validSpeedMetersPerSecond {
        if let course = fix.validCourseDegrees {
          let radians = course * .pi / 180
          dopplerVelocity = (speed * sin(radians), speed * cos(radians))
        } else if speed < configuration.resumeSpeedMetersPerSecond {
          dopplerVelocity = (0, 0)
        }
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

  /// How long after a live stop's end the backward run starts, in seconds: longer than any
  /// dwell the detector needs, so it meets the departure from well outside the stop.
  static let backwardLeadSeconds = 120.0
  /// How far a boundary moves at most, and how long the approach and the departure whose
  /// direction and speed it is judged by, in seconds.
  static let boundaryWindowSeconds = 10.0
  /// The most a turn's course sweeps from one approaching Doppler velocity to the next, in
  /// degrees (a car turning at a junction sweeps 10-30 a second).
  static let steadyTurnDegrees = 45.0

  /// The refined moving flags.
  ///
  /// - Parameters:
  ///   - live: the live moving flags, one per input, after the dwell and departure re-labels.
  ///   - inputs: what the live detector saw, one per accepted fix, in time order.
  ///   - configuration: the live detector's configuration.
  ///   - keepsLive: inputs whose live flag stands (a step across a gap, judged on its own).
  /// - Complexity: O(n) for n inputs, plus the backward detector over each stop and the
  ///   ``backwardLeadSeconds`` after it (its own cost per fix is bounded by its position
  ///   window).
  static func movingFlags(
    live: [Bool], inputs: Inputs, configuration: StopDetector.Configuration, keepsLive: [Bool]
  ) -> [Bool] {
    precondition(live.count == inputs.count && keepsLive.count == inputs.count)
    var live = live
    let stretches = slowStretches(inputs, configuration, live: live)
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
    let liveStops = stoppedRuns(live)
    var previousEnd = -1
    for (number, stop) in liveStops.enumerated() {
      let nextStart = number + 1 < liveStops.count ? liveStops[number + 1].lowerBound : live.count
      var extendedEnd = backwardEnd(of: stop, inputs, configuration, notAfter: nextStart - 1)
      // The backward run can carry an end over a walk whose Doppler dipped; an extension that
      // the Doppler and the positions together say travels is that walk.
      if extendedEnd > stop.upperBound,
        travelsByDopplerAndPositions((stop.upperBound + 1)...extendedEnd, inputs, configuration)
      {
        extendedEnd = stop.upperBound
      }
      // A slow stretch running into the stop lets its start move back as far as the stretch.
      let startReach = stretches.last {
        $0.lowerBound < stop.lowerBound && $0.upperBound + 1 >= stop.lowerBound
      }?.lowerBound
      let start = refinedStart(
        of: stop, inputs, configuration, notBefore: previousEnd + 1, reach: startReach)
      let unrefinedEnd = max(start, extendedEnd)
      // A stop that ends at a gap, or within seconds after one, may go on after it: the
      // detector starts afresh there, and the positions are still reconverging.
      let nearEnd = farthest(from: unrefinedEnd, by: -1, within: start...unrefinedEnd, inputs)
      let endsNearGap = (max(nearEnd - 1, start)...unrefinedEnd).contains { gapFollows($0, inputs) }
      let endReach =
        endsNearGap
        ? stretches.first { $0.upperBound > unrefinedEnd && $0.lowerBound <= unrefinedEnd + 1 }?
          .upperBound
        : nil
      let end = refinedEnd(
        of: start...unrefinedEnd, inputs, configuration, notAfter: nextStart - 1, reach: endReach)
      mark(stop.lowerBound..<max(start, stop.lowerBound), moving: true)
      mark(start..<(end + 1), moving: false)
      mark((end + 1)..<(max(end, extendedEnd, stop.upperBound) + 1), moving: true)
      previousEnd = end
    }
    for run in interruptions(of: refined, inputs, configuration) {
      mark(run.lowerBound..<(run.upperBound + 1), moving: false)
    }
    for stop in stoppedRuns(refined)
    where travels(stop, inputs, configuration) || isShort(stop, inputs, configuration)
      || saysNothing(stop, inputs)
    {
      mark(stop.lowerBound..<(stop.upperBound + 1), moving: true)
    }
    return refined
  }

  /// Where a stop began: the detector's start, or up to ``boundaryWindowSeconds`` later when
  /// the Doppler says the person was still going, or earlier when it says they had stopped.
  private static func refinedStart(
    of stop: ClosedRange<Int>, _ inputs: Inputs, _ configuration: StopDetector.Configuration,
    notBefore earliest: Int, reach: Int?
  ) -> Int {
    guard earliest <= stop.lowerBound else { return stop.lowerBound }
    let first = min(
      farthest(from: stop.lowerBound, by: -1, within: earliest...stop.lowerBound, inputs),
      max(reach ?? stop.lowerBound, earliest))
    let last = farthest(from: stop.lowerBound, by: 1, within: stop, inputs)
    let before = farthest(from: first, by: -1, within: earliest...first, inputs)
    // The approach: the 10 s before the window, and the strides within it (a stop at a corner
    // comes from another direction than the street before it).
    let strides = (first...last).filter {
      (inputs[$0].dopplerSpeedMetersPerSecond ?? 0) >= configuration.resumeSpeedMetersPerSecond
    }
    guard
      let approach = measure(
        travel: Array(before..<first) + strides, passage: before...last, inputs, configuration)
    else { return stop.lowerBound }
    // The stop speed, not the noise, decides: a start within a watch's Doppler noise is a
    // false stop.
    if let start = changePoint(
      inputs, Array((first...last).reversed()), by: approach,
      threshold: { _ in configuration.stopSpeedMetersPerSecond })
    {
      return start
    }
    // Every fix reading moving puts the start past the window, and on, a window at a time,
    // while the positions travel too (a start found by the positions alone can come 20 s
    // early). There the noise decides: the detector's start no longer vouches for a stop
    // close by, and a standing watch's noise can read as a slow walk.
    var window = first...last
    while window.upperBound < stop.upperBound {
      let next = window.upperBound + 1
      window = next...farthest(from: next, by: 1, within: next...stop.upperBound, inputs)
      guard
        let speed = positionSpeedMetersPerSecond(window, inputs),
        speed >= configuration.resumeSpeedMetersPerSecond
      else { return next }
      if let start = changePoint(
        inputs, Array(window.reversed()), by: approach,
        threshold: { noiseThreshold($0, configuration) })
      {
        return start
      }
    }
    return stop.upperBound
  }

  /// The speed above which a fix reads moving where its Doppler noise decides: its reported
  /// accuracy, at least the stop speed and at most the resume speed.
  private static func noiseThreshold(_ input: Input, _ configuration: StopDetector.Configuration)
    -> Double
  {
    min(
      max(configuration.stopSpeedMetersPerSecond, input.speedAccuracyMetersPerSecond ?? 0),
      configuration.resumeSpeedMetersPerSecond)
  }

  /// Where a stop ended: the detector's end, or up to ``boundaryWindowSeconds`` earlier when
  /// the Doppler says the person was already going, or later when it says they still stood.
  private static func refinedEnd(
    of stop: ClosedRange<Int>, _ inputs: Inputs, _ configuration: StopDetector.Configuration,
    notAfter latest: Int, reach: Int?
  ) -> Int {
    guard stop.upperBound <= latest else { return stop.upperBound }
    let first = farthest(from: stop.upperBound, by: -1, within: stop, inputs)
    let last = max(
      farthest(from: stop.upperBound, by: 1, within: stop.upperBound...latest, inputs),
      min(reach ?? stop.upperBound, latest))
    let after = farthest(from: last, by: 1, within: last...latest, inputs)
    guard
      let departure = measure(
        travel: Array((last + 1)..<(after + 1)), passage: first...after, inputs, configuration)
    else { return stop.upperBound }
    // Above the noise too: a standing watch's Doppler reads above the stop speed.
    let end = changePoint(inputs, Array(first...last), by: departure) {
      noiseThreshold($0, configuration)
    }
    let latestEnd = max(stop.upperBound, min(reach ?? stop.upperBound, latest))
    let refined = max(min(end ?? first - 1, latestEnd), stop.lowerBound)
    // The positions' dwell can end while the wander runs ahead of the person. Later, the stop
    // speed decides, as at a start (the noise would hold every end through the first slow
    // strides); and the departure, judged 10 s on, may lie round a corner, so a fix faster
    // than the resume speed in any direction has left.
    let next = farthest(from: stop.upperBound, by: 1, within: stop.upperBound...latest, inputs)
    guard refined == stop.upperBound, next > stop.upperBound else { return refined }
    return changePoint(
      inputs, Array((stop.upperBound + 1)...next), by: departure,
      threshold: { _ in configuration.stopSpeedMetersPerSecond },
      until: { ($0.dopplerSpeedMetersPerSecond ?? 0) > configuration.resumeSpeedMetersPerSecond })
      ?? refined
  }

  /// The farthest index from `index`, stepping by `step` within `bounds`, whose time lies
  /// within ``boundaryWindowSeconds`` of the time at `index`.
  private static func farthest(
    from index: Int, by step: Int, within bounds: ClosedRange<Int>, _ inputs: Inputs
  ) -> Int {
    guard let time = inputs[index].timeSeconds else { return index }
    var result = index
    while bounds.contains(result + step), let next = inputs[result + step].timeSeconds,
      abs(next - time) <= boundaryWindowSeconds
    {
      result += step
    }
    return result
  }

  /// The change point of the speed along `motion`, walking `order` from inside the stop
  /// outward: the index of `order` at which the running sum of `u_i - threshold_i` (`u` the
  /// Doppler velocity along the motion, weighed with the positions' as
  /// ``alongSpeeds(_:along:speedMetersPerSecond:_:)`` says) is smallest, that is the outermost
  /// fix that still reads standing. A CUSUM weighs every fix instead of waiting for a run; a
  /// fix without a Doppler velocity weighs nothing. The scan ends at a fix for which `until`
  /// holds. `nil` when the sum never falls to zero (every fix reads moving).
  private static func changePoint(
    _ inputs: Inputs, _ order: [Int], by measure: Measure,
    threshold: (Input) -> Double, until isMoving: (Input) -> Bool = { _ in false }
  ) -> Int? {
    let speeds =
      switch measure {
      case .along(let motion):
        alongSpeeds(
          order, along: (motion.east / motion.speed, motion.north / motion.speed),
          speedMetersPerSecond: motion.speed, inputs)
      case .speed:
        order.map { inputs[$0].dopplerSpeedMetersPerSecond }
      }
    var changePoint: Int?
    var sum = 0.0
    var smallest = 0.0
    for (index, speed) in zip(order, speeds) {
      let input = inputs[index]
      if isMoving(input) { break }
      let threshold = threshold(input)
      sum += (speed ?? threshold) - threshold
      // On a tie the outer fix wins, unless it has no Doppler and ends a gap crossed at
      // speed (a gap ridden through is no stop).
      if sum < smallest
        || (sum == smallest
          && (input.dopplerVelocity != nil
            || !crossesGapFast(to: input, at: index, inputs, threshold)))
      {
        smallest = sum
        changePoint = index
      }
    }
    return changePoint
  }

  /// Whether the step to `input`, at `index`, spans a gap of more than ``gapSeconds`` at more
  /// than `speedMetersPerSecond`.
  private static func crossesGapFast(
    to input: Input, at index: Int, _ inputs: Inputs, _ speedMetersPerSecond: Double
  ) -> Bool {
    guard index > 0, let time = input.timeSeconds else { return false }
    let previous = inputs[index - 1]
    guard let previousTime = previous.timeSeconds, time - previousTime > gapSeconds else {
      return false
    }
    let meters = Geodesic.distanceMeters(from: previous.coordinate, to: input.coordinate)
    return meters > speedMetersPerSecond * (time - previousTime)
  }

  /// The mean Doppler velocity of the inputs in `range`, if at least `minimumCount` report
  /// one.
  static func meanVelocity(_ range: Range<Int>, _ inputs: Inputs, minimumCount: Int = 3)
    -> (east: Double, north: Double, speed: Double)?
  {
    mean(range.compactMap { inputs[$0].dopplerVelocity }, minimumCount: minimumCount)
  }

  /// Whether the mean Doppler velocity over a stop, of two readings or more (a stop of three
  /// fixes after a gap has no more), exceeds the resume speed.
  private static func travels(
    _ stop: ClosedRange<Int>, _ inputs: Inputs, _ configuration: StopDetector.Configuration
  ) -> Bool {
    guard
      let velocity = meanVelocity(
        stop.lowerBound..<(stop.upperBound + 1), inputs, minimumCount: 2)
    else { return false }
    return velocity.speed > configuration.resumeSpeedMetersPerSecond
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

  /// What a boundary's speeds are measured by.
  enum Measure {
    /// The velocity along the direction of travel (east, north and speed).
    case along((east: Double, north: Double, speed: Double))
    /// The Doppler's speed, in whichever direction.
    case speed
  }

  /// How to judge a boundary: along the mean Doppler velocity of the `travel` inputs (the
  /// approach or the departure) when it reaches the resume speed; by the speed alone where the
  /// course sweeps steadily through the `passage` (the travel and the boundary's window) and
  /// the Doppler is trusted near zero (twice its accuracy below the stop speed); `nil`, not
  /// at all, otherwise.
  ///
  /// Lights stand at corners, and a car pulls in or out round one: judged along the street
  /// it came by or left by, its first or last strides read standing, and an approach that
  /// turned through a junction or a U-turn cancels in its mean. A turn, unlike noise, sweeps
  /// its course a little at a time; a watch's noise, judged by its speed alone, would read
  /// moving where it stands.
  private static func measure(
    travel: [Int], passage: ClosedRange<Int>, _ inputs: Inputs,
    _ configuration: StopDetector.Configuration
  ) -> Measure? {
    let trusted = passage.allSatisfy {
      (inputs[$0].speedAccuracyMetersPerSecond ?? 0) * configuration.speedNoiseFactor
        < configuration.stopSpeedMetersPerSecond
    }
    if trusted, turnsSteadily(passage.compactMap { inputs[$0].dopplerVelocity }, configuration) {
      return .speed
    }
    return mean(travel.compactMap { inputs[$0].dopplerVelocity }).flatMap {
      $0.speed >= configuration.resumeSpeedMetersPerSecond ? .along($0) : nil
    }
  }

  /// Whether Doppler velocities, in time order, are those of a turn: three or more, at the
  /// resume speed on average, each turning less than ``steadyTurnDegrees`` from the one before.
  private static func turnsSteadily(
    _ velocities: [(eastMetersPerSecond: Double, northMetersPerSecond: Double)],
    _ configuration: StopDetector.Configuration
  ) -> Bool {
    let speeds = velocities.map {
      ($0.eastMetersPerSecond * $0.eastMetersPerSecond
        + $0.northMetersPerSecond * $0.northMetersPerSecond).squareRoot()
    }
    guard velocities.count >= 3,
      speeds.reduce(0, +) / Double(speeds.count) >= configuration.resumeSpeedMetersPerSecond
    else { return false }
    let cosine = cos(steadyTurnDegrees * .pi / 180)
    return zip(zip(velocities, speeds), zip(velocities, speeds).dropFirst()).allSatisfy {
      previous, next in
      let dot =
        previous.0.eastMetersPerSecond * next.0.eastMetersPerSecond
        + previous.0.northMetersPerSecond * next.0.northMetersPerSecond
      return dot >= cosine * previous.1 * next.1
    }
  }

  /// Whether a stop lasts less than the detector's dwell time, counting the interval that
  /// ends at its first fix (each flag is the interval's).
  private static func isShort(
    _ stop: ClosedRange<Int>, _ inputs: Inputs, _ configuration: StopDetector.Configuration
  ) -> Bool {
    guard let first = inputs[max(stop.lowerBound - 1, 0)].timeSeconds,
      let last = inputs[stop.upperBound].timeSeconds
    else { return false }
    return last - first < configuration.stopAfterSeconds
  }

  private static func mean(
    _ velocities: [(eastMetersPerSecond: Double, northMetersPerSecond: Double)],
    minimumCount: Int = 3
  ) -> (east: Double, north: Double, speed: Double)? {
    guard velocities.count >= minimumCount else { return nil }
    let count = Double(velocities.count)
    let east = velocities.reduce(0) { $0 + $1.eastMetersPerSecond } / count
    let north = velocities.reduce(0) { $0 + $1.northMetersPerSecond } / count
    return (east, north, (east * east + north * north).squareRoot())
  }

  /// The end of `stop` as the detector finds it run backwards in time: from
  /// ``backwardLeadSeconds`` after the stop (or the fix before the next stop) back to the
  /// stop's start, on negated times, with the same re-labels as the live run. The departure
  /// meets it as an arrival. The stop's own end when that run finds no stop overlapping it, or
  /// one that ends sooner.
  private static func backwardEnd(
    of stop: ClosedRange<Int>, _ inputs: Inputs, _ configuration: StopDetector.Configuration,
    notAfter latest: Int
  ) -> Int {
    guard stop.upperBound <= latest, let endTime = inputs[stop.upperBound].timeSeconds else {
      return stop.upperBound
    }
    var first = stop.upperBound
    while first < latest, let time = inputs[first + 1].timeSeconds,
      time - endTime <= backwardLeadSeconds
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
    for run in stoppedRuns(flags) {
      let range = (first - run.upperBound)...(first - run.lowerBound)
      if range.overlaps(stop) { end = max(end, range.upperBound) }
    }
    return end
  }

  /// The index ranges of the runs of `false` (stopped).
  static func stoppedRuns(_ flags: [Bool]) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    var start: Int?
    for (index, isMoving) in flags.enumerated() {
      if !isMoving, start == nil { start = index }
      if isMoving, let first = start {
        runs.append(first...(index - 1))
        start = nil
      }
    }
    if let start { runs.append(start...(flags.count - 1)) }
    return runs
  }
}
