/// Every threshold of the pipeline for one kind of activity, set at once.
///
/// Each stage keeps its own named knobs; a profile is the set that suits walking, running,
/// cycling or driving. Start from one of the four and change what you need:
///
/// ```swift
/// var profile = ActivityProfile.running
/// profile.gate.maximumHorizontalAccuracyMeters = 30
/// ```
public struct ActivityProfile: Sendable, Hashable {
  /// The activity the thresholds are for.
  public var activity: ActivityKind
  /// The fix gate's rules.
  public var gate: FixGateConfiguration
  /// The live position filter.
  public var filter: ConstantVelocityKalmanFilter.Configuration
  /// Reported and derived speed.
  public var speed: SpeedEstimator.Configuration
  /// When a speed is trusted (see ``SpeedCorroboration``).
  public var speedCorroboration: SpeedCorroboration.Configuration
  /// The current-pace display.
  public var pace: CurrentPaceEstimator.Configuration
  /// Stop detection for moving time and distance.
  public var stops: StopDetector.Configuration
  /// Whether the live figures, once the stop detector declares a stop (auto-pause), count
  /// the dwell that led to it as stopped, and once it declares the departure, the fixes since
  /// the person left as moving: the detection delay is trimmed from the moving time and the
  /// distance. The refined figures always do so. Off, the live figures count the dwell as
  /// moving, as an app that only pauses from the moment of detection does.
  public var trimsStopDetectionDelay: Bool
  /// The acceleration noise of the smoothed tracks, in meters per second squared, when it
  /// differs from the live filter's (see ``ConstantVelocityKalmanFilter/Configuration``): the
  /// live track's fixed-lag smoother and the refined pass filter the accepted fixes again with
  /// it. `nil` smooths the live filter's records as they are.
  ///
  /// Walking sets a lower value: at a walking pace a city's slowly wandering errors look like
  /// motion to a filter tuned to follow turns at once (see <doc:SmoothingDefaults>).
  public var smoothingAccelerationNoiseMetersPerSecondSquared: Double?
  /// In the refined pass, the standard deviation in meters per second of a zero velocity
  /// applied at the fixes of a stop whose Doppler speed is within its noise of zero, so the
  /// smoothed track stands still where the person stood; `nil` applies none.
  public var refinedStopVelocitySigmaMetersPerSecond: Double?
  /// Whether the distance counts every stop's net movement, live and refined: not only that
  /// of a stop whose positions crept further than their stated accuracy explains (the refined
  /// figures, see `StopCreep`), but every stop's, from the last position before it to the
  /// first after it. Live, it is counted as the person leaves the stop (see
  /// ``MetricsAccumulator/countsStopMovement``).
  ///
  /// On for walking: a walker at a stop is rarely at one point (a step aside, a shop, a look
  /// around a ruin). A car's or a runner's stop is one place, whose positions' wander is not
  /// movement. The measurements behind both are in <doc:StopMovementDefaults>.
  public var countsStopMovement: Bool
  /// The former name of ``countsStopMovement``, which now governs the live figures too.
  @available(*, deprecated, renamed: "countsStopMovement")
  public var refinedCountsStopMovement: Bool {
    get { countsStopMovement }
    set { countsStopMovement = newValue }
  }
  /// Douglas-Peucker tolerance for the simplified route, in meters.
  public var simplificationToleranceMeters: Double
  /// Narrowest dead band of the elevation gain and loss, in meters (see
  /// ``ElevationAccumulator``).
  public var elevationThresholdMeters: Double
  /// The elevation dead band is at least this many times a fix's stated vertical accuracy.
  public var elevationAccuracyMultiple: Double
  /// The refined climb's sources, smoothing and dead bands (the raw and live figures use
  /// ``elevationThresholdMeters`` and ``elevationAccuracyMultiple``).
  public var climb: ClimbConfiguration

  /// Creates a profile with TrackSift's defaults for `activity`.
  public init(activity: ActivityKind) {
    self.activity = activity
    gate = .defaults(for: activity)
    filter = .defaults(for: activity)
    speed = .defaults(for: activity)
    speedCorroboration = .defaults(for: activity)
    pace = .defaults(for: activity)
    stops = .defaults(for: activity)
    trimsStopDetectionDelay = true
    if activity == .walking {
      smoothingAccelerationNoiseMetersPerSecondSquared = 0.3
      refinedStopVelocitySigmaMetersPerSecond = 0.2
    }
    countsStopMovement = activity == .walking
    simplificationToleranceMeters = activity == .driving ? 5 : 3
    elevationThresholdMeters = 2
    elevationAccuracyMultiple = 2
    climb = ClimbConfiguration()
  }

  /// Walking and hiking.
  public static let walking = ActivityProfile(activity: .walking)
  /// Running.
  public static let running = ActivityProfile(activity: .running)
  /// Cycling.
  public static let cycling = ActivityProfile(activity: .cycling)
  /// Driving, and speedometer apps.
  public static let driving = ActivityProfile(activity: .driving)
}
