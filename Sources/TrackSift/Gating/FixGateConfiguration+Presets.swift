extension FixGateConfiguration {
  /// The accuracy gate of the classic running app: an accuracy of zero or less is invalid,
  /// worse than 50 m is refused, and nothing else is checked (no ordering, staleness, source
  /// or jump rules). A fix without accuracy is refused too, since such apps read a platform
  /// value that is always present. Kept as a baseline for evaluation.
  public static let runningApp = FixGateConfiguration(
    rejectsInvalidAccuracy: true,
    acceptsUnknownAccuracy: false,
    maximumHorizontalAccuracyMeters: 50)

  /// The walking-route app: a fix older than 30 s at arrival is refused, and only fixes with an
  /// accuracy of 20 m or better are recorded. Like the practice it reproduces, it tests only
  /// `accuracy > 20`, so a negative (invalid) or missing accuracy passes. Kept as a baseline.
  public static let walkingApp = FixGateConfiguration(
    maximumFixAgeSeconds: 30,
    maximumHorizontalAccuracyMeters: 20)

  /// The speedometer app's five guards: a 2 s warm-up, fixes older than 15 s refused, an
  /// accuracy ceiling of 200 m for the first 15 s and 100 m after, no speed shown before two
  /// accepted fixes (``minimumAcceptedFixesBeforeSpeed``, read by the speed layer), and a speed
  /// above 10 m/s refused during the first 10 s. As in the app, the accuracy test is only
  /// `accuracy > ceiling`. Kept as a baseline.
  public static let speedometer = FixGateConfiguration(
    maximumFixAgeSeconds: 15,
    warmUpSeconds: 2,
    maximumHorizontalAccuracyMeters: 100,
    startupMaximumHorizontalAccuracyMeters: 200,
    startupAccuracyWindowSeconds: 15,
    startupMaximumSpeedMetersPerSecond: 10,
    startupSpeedWindowSeconds: 10,
    minimumAcceptedFixesBeforeSpeed: 2)

  /// The fitness tracker's filter: network positions refused, a fix earlier than the last
  /// accepted one refused, an implied acceleration above 10 m/s² (about 1 g) refused, and a
  /// negative accuracy refused. The acceleration is computed as such trackers do: from raw
  /// positions (velocity from the last two accepted fixes, no Doppler) with no accuracy
  /// allowance, and without re-anchoring. Kept as a baseline.
  public static let fitnessTracker = FixGateConfiguration(
    rejectsOutOfOrderTimestamps: true,
    rejectsNetworkSource: true,
    rejectsInvalidAccuracy: true,
    maximumAccelerationMetersPerSecondSquared: 10,
    accuracyAllowanceFactor: 0,
    jumpMarginMeters: 0,
    predictsWithReportedVelocity: false)

  /// TrackSift's own thresholds for an activity, meant for live recording and for batch
  /// analysis of files alike.
  ///
  /// Every rule is on, with limits a real activity never reaches:
  ///
  /// | activity | accuracy ceiling | max speed | max acceleration | start-up clamp (10 s) |
  /// |---|---|---|---|---|
  /// | walking | 30 m | 6 m/s (a walk may include a jog) | 4 m/s² | 6 m/s |
  /// | running | 50 m | 12 m/s (sprint) | 8 m/s² | 12 m/s |
  /// | cycling | 50 m | 30 m/s (downhill burst) | 8 m/s² | 30 m/s |
  /// | driving | 200 m for 15 s, then 100 m | 70 m/s | 12 m/s² (hard braking) | off |
  ///
  /// Common to all: (0, 0) and network positions refused; negative accuracy refused; a fix
  /// whose receiver used fewer than 4 satellites or had no 3-D fix refused (where it says);
  /// duplicate
  /// and out-of-order times refused; fixes older than 30 s at arrival refused; jump allowance
  /// `2 * (both accuracies) + 10 m`, 10 m assumed for an unknown accuracy; re-anchoring after a
  /// 60 s gap or after 5 agreeing rejections; speed shown after 2 accepted fixes.
  ///
  /// Choices that keep good file data: fixes without time and without accuracy are accepted
  /// (files often have neither; the time-based rules are then skipped); staleness needs an
  /// arrival time, which files lack; there is no warm-up window, since it would drop the first
  /// seconds of every file (live apps that want one set ``warmUpSeconds``, e.g. 2 s, as
  /// ``speedometer`` does); the start-up clamp equals the maximum speed, so it adds a check of
  /// the reported speed of the first fixes, not a stricter limit; driving has no start-up clamp,
  /// since a recording may start in a moving car.
  ///
  /// - Parameter activity: the activity.
  /// - Returns: the configuration.
  public static func defaults(for activity: ActivityKind) -> FixGateConfiguration {
    var configuration = FixGateConfiguration(
      rejectsNullIsland: true,
      acceptsMissingTimestamp: true,
      rejectsDuplicateTimestamps: true,
      rejectsOutOfOrderTimestamps: true,
      maximumFixAgeSeconds: 30,
      rejectsNetworkSource: true,
      rejectsInvalidAccuracy: true,
      acceptsUnknownAccuracy: true,
      minimumSatellitesUsed: 4,
      rejectsWithoutThreeDimensionalFix: true,
      startupAccuracyWindowSeconds: 15,
      startupSpeedWindowSeconds: 10,
      accuracyAllowanceFactor: 2,
      jumpMarginMeters: 10,
      assumedAccuracyMeters: 10,
      predictsWithReportedVelocity: true,
      reanchorGapSeconds: 60,
      reanchorAfterConsecutiveRejections: 5,
      minimumAcceptedFixesBeforeSpeed: 2)
    switch activity {
    case .walking:
      configuration.maximumHorizontalAccuracyMeters = 30
      configuration.maximumSpeedMetersPerSecond = 6
      configuration.maximumAccelerationMetersPerSecondSquared = 4
      configuration.startupMaximumSpeedMetersPerSecond = 6
    case .running:
      configuration.maximumHorizontalAccuracyMeters = 50
      configuration.maximumSpeedMetersPerSecond = 12
      configuration.maximumAccelerationMetersPerSecondSquared = 8
      configuration.startupMaximumSpeedMetersPerSecond = 12
    case .cycling:
      configuration.maximumHorizontalAccuracyMeters = 50
      configuration.maximumSpeedMetersPerSecond = 30
      configuration.maximumAccelerationMetersPerSecondSquared = 8
      configuration.startupMaximumSpeedMetersPerSecond = 30
    case .driving:
      configuration.maximumHorizontalAccuracyMeters = 100
      configuration.startupMaximumHorizontalAccuracyMeters = 200
      configuration.maximumSpeedMetersPerSecond = 70
      configuration.maximumAccelerationMetersPerSecondSquared = 12
    }
    return configuration
  }
}
