import Foundation

extension StopRefiner {

  /// Where a stop began: the detector's start, or up to
  /// ``StopDetector/Refinement/boundaryWindowSeconds`` later when the Doppler says the person was
  /// still going, or earlier when it says they had stopped.
  func refinedStart(
    of stop: ClosedRange<Int>, _ inputs: Inputs, notBefore earliest: Int, reach: Int?
  ) -> Int {
    guard earliest <= stop.lowerBound else { return stop.lowerBound }
    var first = min(
      farthest(from: stop.lowerBound, by: -1, within: earliest...stop.lowerBound, inputs),
      max(reach ?? stop.lowerBound, earliest))
    let last = farthest(from: stop.lowerBound, by: 1, within: stop, inputs)
    let noise = unstatedNoise(stop, inputs)
    // The approach to a window starting at `first`: the fixes from `before` (10 s earlier)
    // to it, and the strides within it (a stop at a corner comes from another direction than
    // the street before it).
    func approach(from before: Int, toWindowFrom first: Int) -> Measure? {
      let strides = (first...last).filter {
        (inputs[$0].dopplerSpeedMetersPerSecond ?? 0) >= configuration.resumeSpeedMetersPerSecond
      }
      return measure(
        travel: Array(before..<first) + strides, passage: before...last, inputs,
        unstatedNoise: noise)
    }
    var before = farthest(from: first, by: -1, within: earliest...first, inputs)
    var measured = approach(from: before, toWindowFrom: first)
    // A stop found long after the person stood (the Doppler noise and the wander ran on) has
    // as much standstill as walk in those 10 s, and no direction: the window reaches 10 s
    // further back, once.
    if measured == nil, before < first {
      first = before
      before = farthest(from: first, by: -1, within: earliest...first, inputs)
      measured = approach(from: before, toWindowFrom: first)
    }
    guard let approach = measured else { return stop.lowerBound }
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
      if let start = changePoint(
        inputs, Array(window.reversed()), by: approach, threshold: { noiseThreshold($0) })
      {
        return start
      }
      // Every fix of this window reads moving too; unless the positions travel, the person
      // stood at its start.
      guard
        let speed = Self.positionSpeedMetersPerSecond(window, inputs),
        speed >= configuration.resumeSpeedMetersPerSecond
      else { return next }
    }
    return stop.upperBound
  }

  /// The speed above which a fix reads moving where its Doppler noise decides: its reported
  /// accuracy, at least the stop speed and at most the resume speed.
  func noiseThreshold(_ input: Input) -> Double {
    min(
      max(configuration.stopSpeedMetersPerSecond, input.speedAccuracyMetersPerSecond ?? 0),
      configuration.resumeSpeedMetersPerSecond)
  }

  /// Where a stop ended: the detector's end, or up to
  /// ``StopDetector/Refinement/boundaryWindowSeconds`` earlier when the Doppler says the person was
  /// already going, or later when it says they still stood.
  func refinedEnd(
    of stop: ClosedRange<Int>, _ inputs: Inputs, notAfter latest: Int, reach: Int?
  ) -> Int {
    guard stop.upperBound <= latest else { return stop.upperBound }
    let first = farthest(from: stop.upperBound, by: -1, within: stop, inputs)
    let next = farthest(from: stop.upperBound, by: 1, within: stop.upperBound...latest, inputs)
    let last = max(next, min(reach ?? stop.upperBound, latest))
    let after = farthest(from: last, by: 1, within: last...latest, inputs)
    guard
      let departure = measure(
        travel: Array((last + 1)..<(after + 1)), passage: first...after, inputs,
        unstatedNoise: unstatedNoise(stop, inputs))
    else { return stop.upperBound }
    // Above the noise too: a standing watch's Doppler reads above the stop speed.
    let end = changePoint(
      inputs, Array(first...last), by: departure, threshold: { noiseThreshold($0) })
    let latestEnd = max(stop.upperBound, min(reach ?? stop.upperBound, latest))
    let refined = max(min(end ?? first - 1, latestEnd), stop.lowerBound)
    // The positions' dwell can end while the wander runs ahead of the person. Later, the stop
    // speed decides, as at a start (the noise would hold every end through the first slow
    // strides); and the departure, judged 10 s on, may lie round a corner, so a fix faster
    // than the resume speed in any direction has left.
    guard refined == stop.upperBound, next > stop.upperBound else { return refined }
    return changePoint(
      inputs, Array((stop.upperBound + 1)...next), by: departure,
      threshold: { _ in configuration.stopSpeedMetersPerSecond },
      until: { ($0.dopplerSpeedMetersPerSecond ?? 0) > configuration.resumeSpeedMetersPerSecond },
      continuesStop: true)
      ?? refined
  }

  /// The farthest index from `index`, stepping by `step` within `bounds`, whose time lies
  /// within ``StopDetector/Refinement/boundaryWindowSeconds`` of the time at `index`.
  func farthest(
    from index: Int, by step: Int, within bounds: ClosedRange<Int>, _ inputs: Inputs
  ) -> Int {
    guard let time = inputs[index].timeSeconds else { return index }
    var result = index
    while bounds.contains(result + step), let next = inputs[result + step].timeSeconds,
      abs(next - time) <= configuration.refinement.boundaryWindowSeconds
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
  /// holds. `nil` when the sum never falls to zero (every fix reads moving); fixes without a
  /// Doppler velocity at the head of the scan read nothing either, unless `continuesStop`
  /// (the scan starts just after a stop's end: nothing says the person left). Such a fix
  /// whose step from the one before crossed a pause faster than the stop speed is travel,
  /// not a tie; and a Doppler speed above the threshold by more than its noise (the stated
  /// accuracy times ``StopDetector/Configuration/speedNoiseFactor``) reads moving in any
  /// direction.
  func changePoint(
    _ inputs: Inputs, _ order: [Int], by measure: Measure, threshold: (Input) -> Double,
    until isMoving: (Input) -> Bool = { _ in false }, continuesStop: Bool = false
  ) -> Int? {
    let speeds =
      switch measure {
      case .along(let motion):
        alongSpeeds(
          order,
          along: (
            motion.eastMetersPerSecond / motion.speedMetersPerSecond,
            motion.northMetersPerSecond / motion.speedMetersPerSecond
          ),
          speedMetersPerSecond: motion.speedMetersPerSecond, inputs)
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
      // A Doppler speed clear of its noise above the threshold reads moving whichever way it
      // points: a stride round a corner, judged along the street before it, reads slow.
      var value = speed ?? threshold
      if let doppler = input.dopplerSpeedMetersPerSecond,
        let accuracy = input.speedAccuracyMetersPerSecond,
        doppler > threshold + configuration.speedNoiseFactor * accuracy
      {
        value = max(value, doppler)
      }
      sum += value - threshold
      // On a tie the outer fix wins, unless it has no Doppler and heads the scan (nothing
      // reads standing yet, unless the scan continues a stop) or ends a pause crossed faster
      // than the stop speed (the person went on meanwhile; a gap ridden through is no stop).
      let tieWins =
        input.dopplerVelocity != nil
        || ((changePoint != nil || continuesStop)
          && !stepsFast(
            to: index, inputs, fasterThan: configuration.stopSpeedMetersPerSecond))
      if sum < smallest || (sum == smallest && tieWins) {
        smallest = sum
        changePoint = index
      }
    }
    return changePoint
  }

  /// Whether the step to the input at `index` spans a pause of more than
  /// ``StopDetector/Refinement/pauseSeconds`` at more than `speedMetersPerSecond`.
  func stepsFast(to index: Int, _ inputs: Inputs, fasterThan speedMetersPerSecond: Double) -> Bool {
    guard index > 0, let time = inputs[index].timeSeconds else { return false }
    let previous = inputs[index - 1]
    guard let previousTime = previous.timeSeconds,
      time - previousTime > configuration.refinement.pauseSeconds
    else {
      return false
    }
    let meters = Geodesic.distanceMeters(from: previous.coordinate, to: inputs[index].coordinate)
    return meters > speedMetersPerSecond * (time - previousTime)
  }

  /// What a boundary's speeds are measured by.
  enum Measure {
    /// The velocity along the direction of travel.
    case along(Velocity)
    /// The Doppler's speed, in whichever direction.
    case speed
  }

  /// How to judge a boundary: by the speed alone where every fix of the `passage` (the
  /// travel and the boundary's window) states a speed accuracy that trusts the Doppler near
  /// zero (twice the accuracy below the stop speed), a fix that states none counting as
  /// `unstatedNoise` (see ``unstatedNoise(_:_:)``), or where the course sweeps steadily
  /// through the passage and no fix states an accuracy that does not; otherwise along the
  /// mean Doppler velocity of the `travel` inputs (the approach or the departure) when it
  /// reaches the resume speed; `nil`, not at all, when it does not.
  ///
  /// Lights stand at corners, and a car pulls in or out round one: judged along the street
  /// it came by or left by, its first or last strides read standing, and an approach that
  /// turned through a junction or a U-turn cancels in its mean. A watch's noise, judged by
  /// its speed alone, would read moving where it stands; a Doppler without a stated accuracy
  /// (NMEA, least-squares fixes) is trusted where it read about zero through the stop, or
  /// through a turn, which, unlike noise, sweeps its course a little at a time.
  func measure(
    travel: [Int], passage: ClosedRange<Int>, _ inputs: Inputs, unstatedNoise: Double?
  ) -> Measure? {
    if trustsDoppler(passage, inputs, unknown: .infinity, unstated: unstatedNoise)
      || turnsSteadily(through: passage, inputs)
    {
      return .speed
    }
    return Self.mean(travel.compactMap { inputs[$0].dopplerVelocity }).flatMap {
      $0.speedMetersPerSecond >= configuration.resumeSpeedMetersPerSecond ? .along($0) : nil
    }
  }

  /// The median Doppler speed of the inputs of `stop` that report a speed and course but state no
  /// speed accuracy (NMEA, least-squares fixes), in meters per second: what such a Doppler reads
  /// while the person stands, standing in for the accuracy the fixes do not state. `nil` with fewer
  /// than ``StopDetector/Refinement/unstatedNoiseReadings`` of them. The median, as the stop's
  /// edges may hold the first and last strides. Speeds without a course (a watch's FIT records, a
  /// receiver that drops the course when slow) are left out: their slow readings count as a zero
  /// velocity, which reads standing whatever the person does.
  func unstatedNoise(_ stop: ClosedRange<Int>, _ inputs: Inputs) -> Double? {
    let speeds = stop.compactMap { index -> Double? in
      let input = inputs[index]
      guard input.speedAccuracyMetersPerSecond == nil, input.coursedDopplerVelocity != nil else {
        return nil
      }
      return input.dopplerSpeedMetersPerSecond
    }
    guard speeds.count >= configuration.refinement.unstatedNoiseReadings else { return nil }
    return speeds.sorted()[speeds.count / 2]
  }

  /// Whether the Doppler of every input of `indices` is trusted near zero: its speed accuracy
  /// is less than half the stop speed. An input that states none counts as stating
  /// `unstated` if that is given and the input reports a speed and course, else `unknown`.
  func trustsDoppler(
    _ indices: some Sequence<Int>, _ inputs: Inputs, unknown: Double, unstated: Double? = nil
  ) -> Bool {
    indices.allSatisfy {
      let input = inputs[$0]
      let accuracy =
        input.speedAccuracyMetersPerSecond
        ?? (input.coursedDopplerVelocity == nil ? unknown : unstated ?? unknown)
      return accuracy * configuration.speedNoiseFactor < configuration.stopSpeedMetersPerSecond
    }
  }

  /// Whether the Doppler turns steadily through `range` (see
  /// ``turnsSteadily(_:)``) and no input there states an accuracy that does not trust it
  /// near zero.
  func turnsSteadily(through range: ClosedRange<Int>, _ inputs: Inputs) -> Bool {
    trustsDoppler(range, inputs, unknown: 0) && turnsSteadily(range.map { inputs[$0] })
  }

  /// Whether the Doppler velocities of `readings`, in time order, are those of a turn: three or
  /// more, at the resume speed on average, each turning less than
  /// ``StopDetector/Refinement/steadyTurnDegrees`` from the one before. Inputs without a Doppler
  /// velocity are passed over.
  func turnsSteadily(_ readings: [Input]) -> Bool {
    let turns = readings.compactMap { input in
      input.dopplerVelocity.map { (velocity: $0, speed: input.dopplerSpeedMetersPerSecond ?? 0) }
    }
    guard turns.count >= 3,
      turns.reduce(0, { $0 + $1.speed }) / Double(turns.count)
        >= configuration.resumeSpeedMetersPerSecond
    else { return false }
    let cosine = cos(configuration.refinement.steadyTurnDegrees * .pi / 180)
    return zip(turns, turns.dropFirst()).allSatisfy { previous, next in
      previous.velocity.dot(next.velocity) >= cosine * previous.speed * next.speed
    }
  }
}

// MARK: - Interruptions

extension StopRefiner {

  /// The moving runs between two stops that are part of one stop: at most
  /// ``StopDetector/Refinement/interruptionSeconds`` long, with a mean Doppler velocity below the
  /// stop speed (half its fixes or more reporting one), and the person in the same place on either
  /// side: the mean positions of the stop's last and first
  /// ``StopDetector/Refinement/interruptionSideFixes`` fixes, weighed by their accuracy, lie within
  /// the dwell radius of each other.
  ///
  /// An error ramp at a standstill carries the positions out of the stop's radius, and a fix
  /// without a speed then ends the stop; the stop found again once the positions snap back is
  /// the same one. Noise at a standstill points every way and averages out, a departure does
  /// not; and a person who walked off and stopped again stands somewhere else.
  func interruptions(of flags: [Bool], _ inputs: Inputs) -> [ClosedRange<Int>] {
    let stops = Self.stoppedRuns(flags)
    return zip(stops, stops.dropFirst()).compactMap { before, after in
      let run = (before.upperBound + 1)...(after.lowerBound - 1)
      guard let start = inputs[before.upperBound].timeSeconds,
        let end = inputs[after.lowerBound].timeSeconds,
        end - start <= configuration.refinement.interruptionSeconds,
        let velocity = Self.meanVelocity(
          run.lowerBound..<(run.upperBound + 1), inputs, minimumCount: (run.count + 1) / 2),
        velocity.speedMetersPerSecond < configuration.stopSpeedMetersPerSecond
      else { return nil }
      let radius = configuration.dwellRadiusMeters
      let sideFixes = configuration.refinement.interruptionSideFixes
      let here = Self.weightedPosition(
        max(before.upperBound - sideFixes + 1, before.lowerBound)...before.upperBound,
        inputs, standInAccuracyMeters: radius)
      let there = Self.weightedPosition(
        after.lowerBound...min(after.lowerBound + sideFixes - 1, after.upperBound),
        inputs, standInAccuracyMeters: radius)
      return Geodesic.distanceMeters(from: here, to: there) <= radius ? run : nil
    }
  }

  /// The mean of the positions in `range`, each weighed by the inverse square of its reported
  /// accuracy (without one, as poor as `standInAccuracyMeters`).
  private static func weightedPosition(
    _ range: ClosedRange<Int>, _ inputs: Inputs, standInAccuracyMeters: Double
  ) -> Coordinate {
    let plane = LocalTangentPlane(origin: inputs[range.lowerBound].coordinate)
    var east = 0.0
    var north = 0.0
    var weights = 0.0
    for index in range {
      let input = inputs[index]
      let accuracy = input.horizontalAccuracyMeters ?? standInAccuracyMeters
      let weight = 1 / (accuracy * accuracy)
      let offset = plane.project(input.coordinate)
      east += weight * offset.eastMeters
      north += weight * offset.northMeters
      weights += weight
    }
    return plane.unproject(eastMeters: east / weights, northMeters: north / weights)
  }
}
