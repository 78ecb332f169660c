// The rules that judge a speed against the positions around it: the displacement rule (6) and
// the jitter rule (3a).

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

extension SpeedCorroboration {
  /// Whether a fix says anything of its receiver's quality: satellites, HDOP or a speed
  /// accuracy, which rule 3 judges, or a horizontal accuracy, by which the gate and the filter
  /// weigh the position. The jitter rule stands in only where it says none of them.
  static func statesQuality(_ fix: Fix) -> Bool {
    fix.receiver.satellitesUsed != nil || fix.receiver.horizontalDilution != nil
      || fix.validSpeedAccuracyMetersPerSecond != nil || fix.validHorizontalAccuracyMeters != nil
  }

  /// Whether the positions around a fix jitter beyond any body's motion: more than half of the
  /// accelerations implied by their second differences centred within
  /// ``Configuration/jitterHalfWindowSeconds`` of the fix exceed
  /// ``Configuration/maximumPositionAccelerationMetersPerSecondSquared`` (at least three needed).
  ///
  /// Reads the accepted positions before the fix and `upcoming` after it, as far as the window
  /// reaches; allocates nothing.
  func hasJitteryPositions(around fix: Fix, at time: Double, upcoming: some Sequence<Fix>)
    -> Bool
  {
    guard fix.coordinate.isInRange else { return false }
    var count = JitterCount(
      centreSeconds: time, origin: fix.coordinate, configuration: configuration)
    // The positions of the window, and the one just outside it on each side, which a second
    // difference centred at the window's edge needs.
    let halfWindow = configuration.jitterHalfWindowSeconds
    var first = positions.count
    while first > 0 {
      first -= 1
      if time - positions[first].timeSeconds > halfWindow { break }
    }
    for index in first..<positions.count {
      count.add(timeSeconds: positions[index].timeSeconds, coordinate: positions[index].coordinate)
    }
    count.add(timeSeconds: time, coordinate: fix.coordinate)
    for next in upcoming {
      guard let nextTime = next.timeSeconds, nextTime.isFinite, next.coordinate.isInRange
      else { continue }
      count.add(timeSeconds: nextTime, coordinate: next.coordinate)
      if nextTime - time > halfWindow { break }
    }
    return count.counted >= 3 && 2 * count.above > count.counted
  }
}

/// Counts, over a run of positions in time order, the second differences centred near a time
/// and those whose implied acceleration is above the limit.
private struct JitterCount {
  let centreSeconds: Double
  /// The plane the positions are differenced in, centred on the judged fix.
  let plane: LocalTangentPlane
  let halfWindowSeconds: Double
  let longestStepSeconds: Double
  let shortestStepSeconds: Double
  let limitMetersPerSecondSquared: Double
  private(set) var counted = 0
  private(set) var above = 0
  private var older: (timeSeconds: Double, east: Double, north: Double)?
  private var newer: (timeSeconds: Double, east: Double, north: Double)?

  init(
    centreSeconds: Double, origin: Coordinate, configuration: SpeedCorroboration.Configuration
  ) {
    self.centreSeconds = centreSeconds
    plane = LocalTangentPlane(origin: origin)
    halfWindowSeconds = configuration.jitterHalfWindowSeconds
    longestStepSeconds = configuration.jitterLongestStepSeconds
    shortestStepSeconds = configuration.jitterShortestStepSeconds
    limitMetersPerSecondSquared = configuration.maximumPositionAccelerationMetersPerSecondSquared
  }

  mutating func add(timeSeconds: Double, coordinate: Coordinate) {
    // A high-rate log is thinned: over shorter steps a second difference measures the
    // positions' noise and rounding (a centimeter at 25 Hz reads 15-25 m/s²), not the solution.
    if let newer, timeSeconds - newer.timeSeconds < shortestStepSeconds { return }
    // Across the antimeridian, the plane takes the short way round.
    let (east, north) = plane.project(coordinate)
    let point = (timeSeconds: timeSeconds, east: east, north: north)
    defer { (older, newer) = (newer, point) }
    guard let older, let middle = newer,
      abs(middle.timeSeconds - centreSeconds) <= halfWindowSeconds
    else { return }
    let before = middle.timeSeconds - older.timeSeconds
    let after = point.timeSeconds - middle.timeSeconds
    guard before > 0, after > 0, before <= longestStepSeconds, after <= longestStepSeconds
    else { return }
    let changeEast = (point.east - middle.east) / after - (middle.east - older.east) / before
    let changeNorth = (point.north - middle.north) / after - (middle.north - older.north) / before
    // The change of velocity against the most the limit allows over the centred interval.
    let allowed = limitMetersPerSecondSquared * (before + after) / 2
    counted += 1
    if changeEast * changeEast + changeNorth * changeNorth > allowed * allowed { above += 1 }
  }
}
