/// Every knob of a ``Recorder``: the activity profile of the pipeline, and what the live
/// display, the acquisition policy and the watchdog need beyond it.
public struct RecorderConfiguration: Sendable, Hashable {
  /// The pipeline's thresholds, the same as a batch ``TrackAnalysis`` uses. Auto-pause is the
  /// profile's stop detector (``ActivityProfile/stops``): its dwell radius and time decide when
  /// standing still pauses, its resume distance and speed when leaving resumes.
  public var profile: ActivityProfile
  /// The unit of the split cues.
  public var splitUnit: SplitUnit
  /// A fix this accurate (or better) ends the warm-up, in meters; a fix without a reported
  /// accuracy ends it too, since such a receiver never reports one.
  public var reliableAccuracyMeters: Double
  /// The distance filter to request while tracking, in meters (`nil`: every fix).
  public var trackingDistanceFilterMeters: Double?
  /// The signal returns to searching when no fix arrived for this many seconds.
  public var watchdogSeconds: Double
  /// Speed comes from the motion sensors when no satellite fix arrived for this many seconds.
  public var sensorFallbackAfterSeconds: Double
  /// The motion sensors' fallback.
  public var sensorFallback: SensorFallback.Configuration
  /// Speedometer mode: the displayed speed passes the five guards of
  /// ``FixGateConfiguration/speedometer`` (a 2 s warm-up, fixes older than 15 s refused, an
  /// accuracy ceiling of 200 m for 15 s and then at most 100 m, no speed before two accepted
  /// fixes, at most 10 m/s in the first 10 s) on top of the profile's gate.
  public var isSpeedometer: Bool
  /// A new signal quality is shown once the fixes showed it for this many seconds (at once
  /// when searching).
  public var signalChangeSeconds: Double
  /// Accuracy below this is a strong signal, in meters.
  public var strongSignalBelowMeters: Double
  /// Accuracy below this (and not strong) is a good signal, in meters; above, weak.
  public var goodSignalBelowMeters: Double
  /// How far past a limit, as a factor, the accuracy must go to change the signal shown (1:
  /// at the limit): 1.25 keeps a strong or good signal from 4 to 6.25 m.
  public var signalHysteresisFactor: Double

  /// TrackSift's defaults for a profile: kilometer splits, warm-up until a fix of 20 m or
  /// better, a tracking distance filter of 5 m on foot and 10 m on wheels, a 30 s watchdog, a signal
  /// quality shown once it held for 3 s (and passed a limit by a quarter),
  /// sensor fallback after 8 s, and speedometer mode for driving.
  public init(profile: ActivityProfile) {
    self.profile = profile
    splitUnit = .kilometer
    reliableAccuracyMeters = 20
    switch profile.activity {
    case .walking, .running: trackingDistanceFilterMeters = 5
    case .cycling, .driving: trackingDistanceFilterMeters = 10
    }
    watchdogSeconds = 30
    sensorFallbackAfterSeconds = 8
    sensorFallback = SensorFallback.Configuration()
    isSpeedometer = profile.activity == .driving
    signalChangeSeconds = 3
    strongSignalBelowMeters = 5
    goodSignalBelowMeters = 10
    signalHysteresisFactor = 1.25
  }

  /// The gate of the displayed speed: the profile's, with the speedometer's guards in
  /// speedometer mode.
  var displayGate: FixGateConfiguration {
    var gate = profile.gate
    guard isSpeedometer else { return gate }
    let guards = FixGateConfiguration.speedometer
    gate.warmUpSeconds = max(gate.warmUpSeconds ?? 0, guards.warmUpSeconds ?? 0)
    gate.maximumFixAgeSeconds = min(
      gate.maximumFixAgeSeconds ?? .infinity, guards.maximumFixAgeSeconds ?? .infinity)
    gate.maximumHorizontalAccuracyMeters = min(
      gate.maximumHorizontalAccuracyMeters ?? .infinity,
      guards.maximumHorizontalAccuracyMeters ?? .infinity)
    gate.startupMaximumHorizontalAccuracyMeters = guards.startupMaximumHorizontalAccuracyMeters
    gate.startupAccuracyWindowSeconds = guards.startupAccuracyWindowSeconds
    gate.startupMaximumSpeedMetersPerSecond = guards.startupMaximumSpeedMetersPerSecond
    gate.startupSpeedWindowSeconds = guards.startupSpeedWindowSeconds
    gate.minimumAcceptedFixesBeforeSpeed = max(
      gate.minimumAcceptedFixesBeforeSpeed, guards.minimumAcceptedFixesBeforeSpeed)
    return gate
  }
}
