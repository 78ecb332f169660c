import Foundation

/// The physics the live pipeline holds a step to.
extension LivePipeline {
  /// Whether the straight step from the previous accepted fix to this one is one the activity
  /// can make: no faster than the speed layer's fastest derived speed, or than the fix's
  /// trusted speed with the displacement rule's tolerance (``SpeedCorroboration``).
  ///
  /// Static, as ``crossesGapPlausibly(from:to:at:_:)``: a method would copy the whole pipeline
  /// for every fix.
  static func isPlausibleStep(
    from previous: (timeSeconds: Double, coordinate: Coordinate)?, to coordinate: Coordinate,
    of fix: Fix, trusted: Double?, _ profile: ActivityProfile
  ) -> Bool {
    guard let previous, let time = fix.timeSeconds,
      time > previous.timeSeconds
    else { return true }
    let speed =
      Geodesic.distanceMeters(from: previous.coordinate, to: coordinate)
      / (time - previous.timeSeconds)
    let rules = profile.speedCorroboration
    let trustedLimit = trusted.map {
      $0 * (1 + rules.displacementToleranceFraction) + rules.displacementToleranceMetersPerSecond
    }
    return speed <= max(profile.speed.maximumDerivedSpeedMetersPerSecond, trustedLimit ?? 0)
  }

  /// Whether a re-anchored step was travelled: it spans a signal gap (as sparse "smart
  /// recording" files have every minute or two, or a recording paused and resumed) and its
  /// straight-line speed is one the activity moves at: at least the stop detector's stop speed
  /// (a receiver standing for a minute or more wanders a few meters, a small fraction of it,
  /// while the resume speed would refuse a swim logged once a minute at 0.7 m/s) and no faster
  /// than the fastest derived speed. A jump, a re-anchoring after a streak of refusals (the
  /// step is the jump the gate refused), or a gap that looks like a stop, is not counted.
  static func crossesGapPlausibly(
    from previous: (timeSeconds: Double, coordinate: Coordinate)?, to fix: Fix,
    at coordinate: Coordinate, _ profile: ActivityProfile
  ) -> Bool {
    guard let previous, let time = fix.timeSeconds else { return false }
    let gapSeconds = min(
      profile.gate.reanchorGapSeconds ?? .infinity, profile.filter.reanchorGapSeconds)
    let intervalSeconds = time - previous.timeSeconds
    guard intervalSeconds >= gapSeconds else { return false }
    let speed = Geodesic.distanceMeters(from: previous.coordinate, to: coordinate) / intervalSeconds
    return speed >= profile.stops.stopSpeedMetersPerSecond
      && speed <= profile.speed.maximumDerivedSpeedMetersPerSecond
  }
}
