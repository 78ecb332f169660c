extension RefinedStops {
  /// How many fixes on either side of a fix the velocity of its positions is fitted over.
  static let positionVelocityHalfWindow = 2
  /// The error of a velocity fitted to a few seconds of positions, in meters per second per
  /// meter of reported horizontal accuracy: what the slow wander of the error and its white
  /// noise add (in the simulator about 0.06, ramps aside); 0.1 suited the suite best (0.06
  /// and 0.15 were worse at the stops' worst cases).
  static let positionVelocityErrorPerAccuracyMeter = 0.1

  /// The speed along a direction of travel at each input of `order` that has a Doppler
  /// velocity, `nil` at the others: the Doppler velocity's, and where both accuracies are
  /// known, weighed with the velocity of the positions around it by the inverse of their
  /// variances.
  ///
  /// The positions are a second witness whose error is independent of the Doppler's: a
  /// watch's Doppler noise at a standstill can point along the street for seconds on end
  /// (0.6 m/s per axis in a city), while its positions stand; and it can read slow while the
  /// positions walk on. Their part is bounded by the speed of travel (a ramp of the error moves
  /// them at 3-10 m/s) and left out within ``reconvergenceSeconds`` after a gap, while the
  /// receiver reconverges.
  ///
  /// - Parameters:
  ///   - order: the indices of the inputs, in any order.
  ///   - along: the unit vector of the direction of travel, east and north.
  ///   - speedMetersPerSecond: the speed of travel.
  static func alongSpeeds(
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
  static func travelsByDopplerAndPositions(
    _ range: ClosedRange<Int>, _ inputs: Inputs, _ configuration: StopDetector.Configuration
  ) -> Bool {
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
  private static func witnesses(_ order: [Int], _ inputs: Inputs) -> [Witness?] {
    let reconverging = reconvergingIndices(order, inputs)
    return order.map { index in
      let input = inputs[index]
      guard let velocity = input.dopplerVelocity else { return nil }
      var witness = Witness(
        doppler: velocity, positions: nil,
        positionWeight: 0)
      let first = max(index - positionVelocityHalfWindow, 0)
      let last = min(index + positionVelocityHalfWindow, inputs.count - 1)
      guard !reconverging.contains(index),
        let dopplerError = input.speedAccuracyMetersPerSecond, dopplerError > 0,
        let accuracy = input.horizontalAccuracyMeters,
        let fitted = positionVelocity(first...last, inputs)
      else { return witness }
      let positionError = positionVelocityErrorPerAccuracyMeter * accuracy
      witness.positions = fitted
      witness.positionWeight =
        dopplerError * dopplerError / (dopplerError * dopplerError + positionError * positionError)
      return witness
    }
  }

  /// The indices among `order` whose input comes within ``reconvergenceSeconds`` of the end of
  /// a gap longer than ``gapSeconds``.
  private static func reconvergingIndices(_ order: [Int], _ inputs: Inputs) -> Set<Int> {
    guard let lowest = order.min(), let highest = order.max(),
      let lowestSeconds = inputs[lowest].timeSeconds
    else { return [] }
    // From a fix far enough back to see a gap that ended just before the window.
    var index = lowest
    while index > 0, let seconds = inputs[index - 1].timeSeconds,
      lowestSeconds - seconds <= reconvergenceSeconds + gapSeconds
    {
      index -= 1
    }
    var result: Set<Int> = []
    var gapEnd = GapEnd()
    while index <= highest {
      if let seconds = inputs[index].timeSeconds {
        gapEnd.add(seconds)
        if index >= lowest, seconds - gapEnd.seconds < reconvergenceSeconds { result.insert(index) }
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
}
