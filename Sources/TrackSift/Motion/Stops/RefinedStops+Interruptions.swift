extension RefinedStops {
  /// How long a moving run between two stops may last, in seconds, and still be part of one
  /// stop: an error ramp and its snap at a standstill take 5-10 s.
  static let interruptionSeconds = 15.0
  /// How many fixes of the stop on each side of an interruption, at most, place it: enough
  /// that an error ramp's few fixes do not carry it.
  static let interruptionSideFixes = 30

  /// The moving runs between two stops that are part of one stop: at most
  /// ``interruptionSeconds`` long, with a mean Doppler velocity below the stop speed (half its
  /// fixes or more reporting one), and the person in the same place on either side: the mean
  /// positions of the stop's last and first ``interruptionSideFixes`` fixes, weighed by their
  /// accuracy, lie within the dwell radius of each other.
  ///
  /// An error ramp at a standstill carries the positions out of the stop's radius, and a fix
  /// without a speed then ends the stop; the stop found again once the positions snap back is
  /// the same one. Noise at a standstill points every way and averages out, a departure does
  /// not; and a person who walked off and stopped again stands somewhere else.
  static func interruptions(
    of flags: [Bool], _ inputs: Inputs, _ configuration: StopDetector.Configuration
  ) -> [ClosedRange<Int>] {
    let stops = stoppedRuns(flags)
    return zip(stops, stops.dropFirst()).compactMap { before, after in
      let run = (before.upperBound + 1)...(after.lowerBound - 1)
      guard let start = inputs[before.upperBound].timeSeconds,
        let end = inputs[after.lowerBound].timeSeconds, end - start <= interruptionSeconds,
        let velocity = meanVelocity(
          run.lowerBound..<(run.upperBound + 1), inputs, minimumCount: (run.count + 1) / 2),
        velocity.speedMetersPerSecond < configuration.stopSpeedMetersPerSecond
      else { return nil }
      let radius = configuration.dwellRadiusMeters
      let here = weightedPosition(
        max(before.upperBound - interruptionSideFixes + 1, before.lowerBound)...before.upperBound,
        inputs, standInAccuracyMeters: radius)
      let there = weightedPosition(
        after.lowerBound...min(after.lowerBound + interruptionSideFixes - 1, after.upperBound),
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
