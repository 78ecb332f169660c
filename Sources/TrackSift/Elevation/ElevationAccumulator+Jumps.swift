extension ElevationAccumulator {
  /// The dead band for a sample of the given vertical accuracy, in meters: `thresholdMeters`,
  /// widened to `accuracyMultiple` times a stated accuracy.
  static func deadBandMeters(
    verticalAccuracyMeters: Double?, thresholdMeters: Double, accuracyMultiple: Double
  ) -> Double {
    guard let accuracy = verticalAccuracyMeters, accuracy.isFinite, accuracy > 0 else {
      return thresholdMeters
    }
    return max(thresholdMeters, accuracyMultiple * accuracy)
  }

  /// Whether going from one sample to the other needs a vertical speed beyond
  /// `fastestMetersPerSecond`, once both samples' dead bands are allowed for; `nil` where a
  /// sample has no time.
  static func isJump(
    from start: Sample, to end: Sample, thresholdMeters: Double, accuracyMultiple: Double,
    fastestMetersPerSecond: Double
  ) -> Bool? {
    guard let startTime = start.timeSeconds, let endTime = end.timeSeconds else { return nil }
    let allowance =
      deadBandMeters(
        verticalAccuracyMeters: start.verticalAccuracyMeters, thresholdMeters: thresholdMeters,
        accuracyMultiple: accuracyMultiple)
      + deadBandMeters(
        verticalAccuracyMeters: end.verticalAccuracyMeters, thresholdMeters: thresholdMeters,
        accuracyMultiple: accuracyMultiple)
    let climb = abs(end.altitudeMeters - start.altitudeMeters) - allowance
    return climb > fastestMetersPerSecond * abs(endTime - startTime)
  }

  /// A step of an out-and-back (``AltitudeExcursions``): whether it is a jump, or `nil` where
  /// the later sample is not later, which no out-and-back spans.
  static func outAndBackStep(
    from start: Sample, to end: Sample, thresholdMeters: Double, accuracyMultiple: Double,
    fastestMetersPerSecond: Double
  ) -> Bool? {
    guard isTimed(end, after: start) else { return nil }
    return isJump(
      from: start, to: end, thresholdMeters: thresholdMeters, accuracyMultiple: accuracyMultiple,
      fastestMetersPerSecond: fastestMetersPerSecond)
  }

  /// Whether a timed sample steps from the one before by its dead band or more, so that it
  /// may start an out-and-back and is held back.
  static func mayLeave(
    from start: Sample, to end: Sample, thresholdMeters: Double, accuracyMultiple: Double
  ) -> Bool {
    guard isTimed(end, after: start) else { return false }
    return abs(end.altitudeMeters - start.altitudeMeters)
      >= deadBandMeters(
        verticalAccuracyMeters: end.verticalAccuracyMeters, thresholdMeters: thresholdMeters,
        accuracyMultiple: accuracyMultiple)
  }

  /// Whether both samples have a time and `end`'s is later: only such a step has a speed.
  private static func isTimed(_ end: Sample, after start: Sample) -> Bool {
    guard let startTime = start.timeSeconds, let endTime = end.timeSeconds else { return false }
    return endTime > startTime
  }
}
