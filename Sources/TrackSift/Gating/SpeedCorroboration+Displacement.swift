extension SpeedCorroboration {
  /// Whether a reported speed is well above the displacement speed of the positions about
  /// ``Configuration/displacementHalfWindowSeconds`` before and after the fix.
  func exceedsDisplacement(
    _ speed: Double, of fix: Fix, at time: Double, upcoming: some Sequence<Fix>
  ) -> Bool {
    // No displacement is below zero: a speed within the tolerance always passes.
    guard speed > configuration.displacementToleranceMetersPerSecond else { return false }
    var before: (timeSeconds: Double, coordinate: Coordinate)?
    var index = positions.count - 1
    while index >= 0 {
      let entry = positions[index]
      let age = time - entry.timeSeconds
      if age > configuration.displacementReachSeconds { break }
      if age >= configuration.displacementHalfWindowSeconds {
        before = entry
        break
      }
      index -= 1
    }
    // A speed the second before already bears out needs no look-ahead (most fixes).
    if let before, exceeds(speed, from: before, to: (time, fix.coordinate)) == false {
      return false
    }
    var after: (timeSeconds: Double, coordinate: Coordinate)?
    for next in upcoming {
      guard let nextTime = next.timeSeconds, next.coordinate.isInRange else { continue }
      let ahead = nextTime - time
      if ahead >= configuration.displacementHalfWindowSeconds,
        ahead <= configuration.displacementReachSeconds
      {
        after = (nextTime, next.coordinate)
        break
      }
    }
    return exceeds(
      speed, from: before ?? (time, fix.coordinate), to: after ?? (time, fix.coordinate))
      ?? false
  }

  /// Whether a speed exceeds the displacement speed between two positions by more than the
  /// tolerance; `nil` when they are less than ``Configuration/displacementHalfWindowSeconds`` apart.
  private func exceeds(
    _ speed: Double, from start: (timeSeconds: Double, coordinate: Coordinate),
    to end: (timeSeconds: Double, coordinate: Coordinate)
  ) -> Bool? {
    let span = end.timeSeconds - start.timeSeconds
    guard span >= configuration.displacementHalfWindowSeconds else { return nil }
    let displacementSpeed =
      Geodesic.distanceMeters(from: start.coordinate, to: end.coordinate) / span
    // While the receiver reconverges after a signal loss, positions that outrun the speed
    // refuse it too: both come from the same unconverged solution.
    let (low, high) =
      isSettling(atTimeSeconds: end.timeSeconds)
      ? (min(speed, displacementSpeed), max(speed, displacementSpeed))
      : (displacementSpeed, speed)
    return high - low
      > configuration.displacementToleranceMetersPerSecond
      + configuration.displacementToleranceFraction * low
  }
}
