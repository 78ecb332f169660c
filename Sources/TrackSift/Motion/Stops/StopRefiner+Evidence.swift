// The evidence of motion the refined checks weigh: stretches that read slow, the velocities
// of the positions beside the Doppler's, and the runs of stopped flags they are weighed on.

extension StopRefiner {

  /// Stretches that read standing: at least ``StopDetector/Refinement/slowStretchSeconds`` long
  /// (merged where they overlap), where either
  /// - the Doppler stands: its mean velocity below the stop speed and its mean speed below the
  ///   resume speed, with the positions' least-squares speed below the resume speed too,
  ///   unless a gap just before has them still reconverging; or
  /// - the positions stand: where the live detector saw no stop and they are not
  ///   reconverging, their least-squares speed, each weighed by the inverse square of its
  ///   accuracy, below the stop speed, while the Doppler's mean velocity stays below the
  ///   resume speed.
  ///
  /// This finds the stops the live detector misses: an error ramp carries the positions out of
  /// its radius while a watch's Doppler, noisy at a standstill, never stays below the stop
  /// speed for its dwell. Noise at a standstill points every way and averages out, a walk
  /// does not (and keeps its speed through a hairpin). The positions catch a walk whose
  /// Doppler noise happened to point backwards for a while; and a watch's noise can point one
  /// way for 15 s at 1 m/s while the positions stand (the ramp's fixes, reported poor, hardly
  /// count). Looked for outside live stops only, a stretch of standing positions does not merge
  /// with a stop's own and carry it off.
  ///
  /// - Parameter live: the live moving flags, one per input.
  /// - Complexity: O(n) for n inputs, plus O(window) for each window that passes the Doppler
  ///   tests or reads slower than the resume speed.
  func slowStretches(_ inputs: Inputs, live: [Bool]) -> [ClosedRange<Int>] {
    var stretches: [ClosedRange<Int>] = []
    var window = DopplerWindow()
    var gapEnd = GapEnd(gapSeconds: configuration.refinement.gapSeconds)
    for last in 0..<inputs.count {
      let input = inputs[last]
      window.append(input)
      guard let lastSeconds = input.timeSeconds else { continue }
      gapEnd.add(lastSeconds)
      // The shortest window ending here that spans the stretch time.
      while window.count > 1, let seconds = window.seconds(at: 1),
        lastSeconds - seconds >= configuration.refinement.slowStretchSeconds
      {
        window.removeFirst()
      }
      let first = last - window.count + 1
      guard let firstSeconds = window.seconds(at: 0),
        lastSeconds - firstSeconds >= configuration.refinement.slowStretchSeconds,
        window.dopplerCount >= 3, 2 * window.dopplerCount >= window.count
      else { continue }
      let reconverging =
        firstSeconds - gapEnd.seconds < configuration.refinement.reconvergenceSeconds
      let dopplerStands =
        window.meanVelocityMetersPerSecond < configuration.stopSpeedMetersPerSecond
        && window.meanSpeedMetersPerSecond < configuration.resumeSpeedMetersPerSecond
      let stands =
        dopplerStands
        ? reconverging
          || (Self.positionSpeedMetersPerSecond(first...last, inputs) ?? 0)
            < configuration.resumeSpeedMetersPerSecond
        : !reconverging
          && window.meanVelocityMetersPerSecond < configuration.resumeSpeedMetersPerSecond
          && live[first...last].allSatisfy { $0 }
          && (Self.positionSpeedMetersPerSecond(first...last, inputs, weighedByAccuracy: true)
            ?? .infinity) < configuration.stopSpeedMetersPerSecond
      guard stands else { continue }
      if let previous = stretches.last, previous.upperBound + 1 >= first {
        stretches[stretches.count - 1] = previous.lowerBound...last
      } else {
        stretches.append(first...last)
      }
    }
    return stretches
  }

  /// The end of the latest gap longer than ``StopDetector/Refinement/gapSeconds`` among times given
  /// in order.
  struct GapEnd {
    /// The time of the first fix after the gap; minus infinity before any gap.
    private(set) var seconds = -Double.infinity
    private var previousSeconds: Double?
    /// The pause, in seconds, that makes a gap (``StopDetector/Refinement/gapSeconds``).
    let gapSeconds: Double

    init(gapSeconds: Double) { self.gapSeconds = gapSeconds }

    mutating func add(_ seconds: Double) {
      if let previousSeconds, seconds - previousSeconds > gapSeconds { self.seconds = seconds }
      previousSeconds = seconds
    }
  }

  /// Whether a gap of more than ``StopDetector/Refinement/gapSeconds`` follows the input at
  /// `index`.
  func gapFollows(_ index: Int, _ inputs: Inputs) -> Bool {
    guard index + 1 < inputs.count, let time = inputs[index].timeSeconds,
      let next = inputs[index + 1].timeSeconds
    else { return false }
    return next - time > configuration.refinement.gapSeconds
  }

  /// The times and Doppler velocities of a sliding window of inputs, with their running sums
  /// (each input is made once, as it enters).
  private struct DopplerWindow {
    private var entries: [(seconds: Double?, east: Double, north: Double, speed: Double?)] = []
    private var head = 0
    private var eastSum = 0.0
    private var northSum = 0.0
    private var speedSum = 0.0
    /// The inputs in the window with a Doppler velocity.
    private(set) var dopplerCount = 0

    /// The inputs in the window.
    var count: Int { entries.count - head }

    /// The time of the input `offset` places from the oldest.
    func seconds(at offset: Int) -> Double? { entries[head + offset].seconds }

    mutating func append(_ input: Input) {
      guard let velocity = input.dopplerVelocity else {
        entries.append((input.timeSeconds, 0, 0, nil))
        return
      }
      let east = velocity.eastMetersPerSecond
      let north = velocity.northMetersPerSecond
      let speed = velocity.speedMetersPerSecond
      entries.append((input.timeSeconds, east, north, speed))
      eastSum += east
      northSum += north
      speedSum += speed
      dopplerCount += 1
    }

    mutating func removeFirst() {
      let entry = entries[head]
      head += 1
      if let speed = entry.speed {
        eastSum -= entry.east
        northSum -= entry.north
        speedSum -= speed
        dopplerCount -= 1
      }
      // Drop the leading entries now and then, so the storage stays the window's size.
      if head >= 1_024, head * 2 >= entries.count {
        entries.removeFirst(head)
        head = 0
      }
    }

    /// The length of the mean velocity.
    var meanVelocityMetersPerSecond: Double {
      (eastSum * eastSum + northSum * northSum).squareRoot() / Double(dopplerCount)
    }

    /// The mean of the speeds.
    var meanSpeedMetersPerSecond: Double { speedSum / Double(dopplerCount) }
  }

  /// The speed of the least-squares line through the positions in `range` against time, in
  /// meters per second (see ``positionVelocity(_:_:weighedByAccuracy:)``); `nil` for fewer than
  /// three timed positions.
  static func positionSpeedMetersPerSecond(
    _ range: ClosedRange<Int>, _ inputs: Inputs, weighedByAccuracy: Bool = false
  ) -> Double? {
    positionVelocity(range, inputs, weighedByAccuracy: weighedByAccuracy)?.speedMetersPerSecond
  }
}

// MARK: - Position witnesses

extension StopRefiner {

  /// The speed along a direction of travel at each input of `order` that has a Doppler
  /// velocity, `nil` at the others: the Doppler velocity's, and where both accuracies are
  /// known, weighed with the velocity of the positions around it by the inverse of their
  /// variances.
  ///
  /// The positions are a second witness whose error is independent of the Doppler's: a watch's
  /// Doppler noise at a standstill can point along the street for seconds on end (0.6 m/s per axis
  /// in a city), while its positions stand; and it can read slow while the positions walk on. Their
  /// part is bounded by the speed of travel (a ramp of the error moves them at 3-10 m/s) and left
  /// out within ``StopDetector/Refinement/reconvergenceSeconds`` after a gap, while the receiver
  /// reconverges.
  ///
  /// - Parameters:
  ///   - order: the indices of the inputs, in any order.
  ///   - along: the unit vector of the direction of travel, east and north.
  ///   - speedMetersPerSecond: the speed of travel.
  func alongSpeeds(
    _ order: [Int], along: (east: Double, north: Double), speedMetersPerSecond: Double,
    _ inputs: Inputs
  ) -> [Double?] {
    witnesses(order, inputs).map { witness in
      witness?.speed(along: along, boundMetersPerSecond: speedMetersPerSecond)
    }
  }

  /// Whether the inputs in `range` travel faster than the resume speed by the mean of their
  /// velocities, each the Doppler's weighed with the positions' as
  /// ``alongSpeeds(_:along:speedMetersPerSecond:_:)`` does (the positions' part bounded by
  /// twice the resume speed on each axis); `false` with fewer than three Doppler readings.
  func travelsByDopplerAndPositions(_ range: ClosedRange<Int>, _ inputs: Inputs) -> Bool {
    let bound = 2 * configuration.resumeSpeedMetersPerSecond
    let present = witnesses(Array(range), inputs).compactMap { $0 }
    guard present.count >= 3 else { return false }
    let count = Double(present.count)
    let east = present.reduce(0) { $0 + $1.speed(along: (1, 0), boundMetersPerSecond: bound) }
    let north = present.reduce(0) { $0 + $1.speed(along: (0, 1), boundMetersPerSecond: bound) }
    return (east * east + north * north).squareRoot() / count
      > configuration.resumeSpeedMetersPerSecond
  }

  /// What the Doppler and the positions say of the velocity at one input.
  struct Witness {
    var doppler: Velocity
    /// The velocity of the positions around the input, where it counts.
    var positions: Velocity?
    /// The positions' share of the weighed speed.
    var positionWeight: Double

    /// The weighed speed along `along`, the positions' part bounded by `bound`.
    func speed(along: (east: Double, north: Double), boundMetersPerSecond bound: Double)
      -> Double
    {
      let doppler = Self.component(of: self.doppler, along: along)
      guard let positions else { return doppler }
      let positional = min(max(Self.component(of: positions, along: along), -bound), bound)
      return (1 - positionWeight) * doppler + positionWeight * positional
    }

    /// The component of `velocity` along the unit vector `along`, in meters per second.
    private static func component(of velocity: Velocity, along: (east: Double, north: Double))
      -> Double
    {
      velocity.eastMetersPerSecond * along.east + velocity.northMetersPerSecond * along.north
    }
  }

  /// The witnesses at the inputs of `order`, `nil` where an input has no Doppler velocity.
  private func witnesses(_ order: [Int], _ inputs: Inputs) -> [Witness?] {
    let reconverging = reconvergingIndices(order, inputs)
    return order.map { index in
      let input = inputs[index]
      guard let velocity = input.dopplerVelocity else { return nil }
      var witness = Witness(
        doppler: velocity, positions: nil,
        positionWeight: 0)
      let first = max(index - configuration.refinement.positionVelocityHalfWindow, 0)
      let last = min(index + configuration.refinement.positionVelocityHalfWindow, inputs.count - 1)
      guard !reconverging.contains(index),
        let dopplerError = input.speedAccuracyMetersPerSecond, dopplerError > 0,
        let accuracy = input.horizontalAccuracyMeters,
        let fitted = Self.positionVelocity(first...last, inputs)
      else { return witness }
      let positionError = configuration.refinement.positionVelocityErrorPerAccuracyMeter * accuracy
      witness.positions = fitted
      witness.positionWeight =
        dopplerError * dopplerError / (dopplerError * dopplerError + positionError * positionError)
      return witness
    }
  }

  /// The indices among `order` whose input comes within
  /// ``StopDetector/Refinement/reconvergenceSeconds`` of the end of a gap longer than
  /// ``StopDetector/Refinement/gapSeconds``.
  private func reconvergingIndices(_ order: [Int], _ inputs: Inputs) -> Set<Int> {
    guard let lowest = order.min(), let highest = order.max(),
      let lowestSeconds = inputs[lowest].timeSeconds
    else { return [] }
    // From a fix far enough back to see a gap that ended just before the window.
    var index = lowest
    while index > 0, let seconds = inputs[index - 1].timeSeconds,
      lowestSeconds - seconds <= configuration.refinement.reconvergenceSeconds
        + configuration.refinement.gapSeconds
    {
      index -= 1
    }
    var result: Set<Int> = []
    var gapEnd = GapEnd(gapSeconds: configuration.refinement.gapSeconds)
    while index <= highest {
      if let seconds = inputs[index].timeSeconds {
        gapEnd.add(seconds)
        if index >= lowest, seconds - gapEnd.seconds < configuration.refinement.reconvergenceSeconds
        {
          result.insert(index)
        }
      }
      index += 1
    }
    return result
  }

  /// The velocity of the least-squares line through the
  /// positions in `range` against time; `nil` for fewer than three timed positions.
  ///
  /// - Parameter weighedByAccuracy: weigh each position by the inverse square of its reported
  ///   accuracy, leaving out those without one (an error ramp's fixes, reported poor, then
  ///   hardly count).
  static func positionVelocity(
    _ range: ClosedRange<Int>, _ inputs: Inputs, weighedByAccuracy: Bool = false
  ) -> Velocity? {
    let samples = range.compactMap {
      index -> (seconds: Double, coordinate: Coordinate, weight: Double)? in
      let input = inputs[index]
      guard let seconds = input.timeSeconds else { return nil }
      guard weighedByAccuracy else { return (seconds, input.coordinate, 1) }
      return input.horizontalAccuracyMeters.map { (seconds, input.coordinate, 1 / ($0 * $0)) }
    }
    guard samples.count >= 3, let origin = samples.first else { return nil }
    let plane = LocalTangentPlane(origin: origin.coordinate)
    let points = samples.map { sample in
      (
        seconds: sample.seconds - origin.seconds, offset: plane.project(sample.coordinate),
        weight: sample.weight
      )
    }
    let weights = points.reduce(0) { $0 + $1.weight }
    let meanSeconds = points.reduce(0) { $0 + $1.weight * $1.seconds } / weights
    let meanEast = points.reduce(0) { $0 + $1.weight * $1.offset.eastMeters } / weights
    let meanNorth = points.reduce(0) { $0 + $1.weight * $1.offset.northMeters } / weights
    var timeSquares = 0.0
    var eastProducts = 0.0
    var northProducts = 0.0
    for point in points {
      let seconds = point.seconds - meanSeconds
      timeSquares += point.weight * seconds * seconds
      eastProducts += point.weight * seconds * (point.offset.eastMeters - meanEast)
      northProducts += point.weight * seconds * (point.offset.northMeters - meanNorth)
    }
    guard timeSquares > 0 else { return nil }
    return Velocity(
      eastMetersPerSecond: eastProducts / timeSquares,
      northMetersPerSecond: northProducts / timeSquares)
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
