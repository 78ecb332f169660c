/// The live position filter, with a second filter for the live track's smoother where the
/// profile smooths with an acceleration noise of its own
/// (``ActivityProfile/smoothingAccelerationNoiseMetersPerSecondSquared``) or a fix comes
/// without a usable accuracy: the second filter weighs the positions by the white noise it
/// measures on the recording (``ConstantVelocityKalmanFilter/Configuration/measuresWhiteNoise``),
/// while the first keeps the stated or assumed accuracy for its innovation test.
///
/// The first filter judges each fix (its innovation test) and gives the position the speed
/// layer reads; it follows a turn at once. The second takes the fixes the first accepts,
/// starting afresh where the first did, with the smoothing noise: its records are the ones
/// the live track is smoothed from. At a walking pace a city's slowly wandering errors look
/// like motion to the first, and its steps add up.
///
/// - Complexity: O(1) per fix, without allocation: one filter step, or two.
struct LiveFilter: Sendable, Hashable {
  /// The filter that judges the fixes.
  private var judging: ConstantVelocityKalmanFilter
  /// The filter whose records the smoother takes, where ``hasSmoothing``; else the judging
  /// one's records are taken. Kept whole, not as an optional: an optional filter is copied
  /// out and back to be updated.
  private var smoothing: ConstantVelocityKalmanFilter
  /// Whether ``smoothing`` is in use.
  private var hasSmoothing: Bool

  /// Creates the filters: `configuration` for the judging one, and a smoothing one with
  /// `smoothingAccelerationNoiseMetersPerSecondSquared` if that is given.
  init(
    configuration: ConstantVelocityKalmanFilter.Configuration = .init(),
    smoothingAccelerationNoiseMetersPerSecondSquared: Double? = nil
  ) {
    judging = ConstantVelocityKalmanFilter(configuration: configuration)
    var smoothingConfiguration = configuration
    if let noise = smoothingAccelerationNoiseMetersPerSecondSquared {
      smoothingConfiguration.accelerationNoiseMetersPerSecondSquared = noise
      smoothingConfiguration.measuresWhiteNoise = true
    }
    smoothing = ConstantVelocityKalmanFilter(configuration: smoothingConfiguration)
    hasSmoothing = smoothingAccelerationNoiseMetersPerSecondSquared != nil
  }

  /// Creates the filters of `profile`.
  init(profile: ActivityProfile) {
    self.init(
      configuration: profile.filter,
      smoothingAccelerationNoiseMetersPerSecondSquared:
        profile.smoothingAccelerationNoiseMetersPerSecondSquared)
  }

  /// Filters one fix: the judging filter's step, whose record (for an accepted fix) is the
  /// smoothing filter's when there is one.
  mutating func update(_ fix: Fix) -> KalmanStep {
    // The first fix whose white noise the smoother measures (one without a stated accuracy,
    // or below the floor) gives the live track a smoothing filter of its own, from the judging
    // one's state; a recording whose fixes state their accuracy costs no second filter.
    if !hasSmoothing, judging.configuration.lacksUsableAccuracy(fix) {
      smoothing = judging
      smoothing.configuration.measuresWhiteNoise = true
      hasSmoothing = true
    }
    var step = judging.update(fix)
    if hasSmoothing, let record = step.record {
      step.record = smoothing.refit(
        fix, startsRun: record.startsRun, stationaryVelocitySigmaMetersPerSecond: nil)
    }
    return step
  }
}
