/// What a live display shows: a snapshot of a ``Recorder``.
///
/// ``metrics`` are the judged figures, exactly those of ``TrackAnalysis/liveMetrics`` for the
/// same fixes; they trail the newest fix by the look-ahead (``Recorder/lookAheadFixes`` fixes).
/// ``provisionalDistanceMeters`` covers the fixes still held, so a display shows
/// ``displayedDistanceMeters`` and does not lag. Speed and pace come from the newest fixes at
/// once (or from the motion sensors, flagged ``isEstimated``).
public struct LiveMetrics: Sendable, Hashable, Codable {
  /// The recorder's state.
  public var state: RecorderState
  /// The judged figures so far: distance, moving time, splits, maximum speed, elevation.
  public var metrics: ActivityMetrics
  /// Distance over the fixes still held by the look-ahead, in meters, as far as they look
  /// usable now; replaced by judged distance once they are released.
  public var provisionalDistanceMeters: Double
  /// From the start to now on the device clock, pauses included, in seconds.
  public var elapsedSeconds: Double
  /// From the start to now without the manual pauses, in seconds.
  public var timerSeconds: Double
  /// Time spent moving (stops and pauses excluded), in seconds: the judged figure.
  public var movingSeconds: Double
  /// Time spanned by the fixes still held by the look-ahead, from the last judged fix, in
  /// seconds, counted as moving unless auto-paused; replaced by judged time once they are
  /// released.
  public var provisionalMovingSeconds: Double
  /// The speed to show, in meters per second: 0 until a speed is known, never a launch spike.
  public var speedMetersPerSecond: Double
  /// Current pace in seconds per kilometer, `nil` when standing or unknown.
  public var currentPaceSecondsPerKilometer: Double?
  /// Average pace over the moving time in seconds per kilometer, `nil` before any distance.
  public var averagePaceSecondsPerKilometer: Double?
  /// The signal quality.
  public var signalQuality: SignalQuality
  /// True when speed and pace come from the motion sensors because satellites went silent;
  /// such readings never set the maximum speed or touch the route.
  public var isEstimated: Bool
  /// Number of fixes recorded (all verdicts).
  public var receivedFixCount: Int

  /// The distance a display shows: judged plus provisional, in meters.
  public var displayedDistanceMeters: Double { metrics.distanceMeters + provisionalDistanceMeters }

  /// The moving time a display shows: judged plus provisional, never above the timer, in
  /// seconds. It grows with each fix instead of trailing it by the look-ahead.
  public var displayedMovingSeconds: Double {
    min(movingSeconds + provisionalMovingSeconds, max(timerSeconds, movingSeconds))
  }

  /// Whether the recording is paused, by the user or automatically.
  public var isPaused: Bool {
    if case .paused = state { return true }
    return false
  }
}
