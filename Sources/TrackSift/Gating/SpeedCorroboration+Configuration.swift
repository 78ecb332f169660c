extension SpeedCorroboration {
  /// The knobs of the speed verdicts.
  public struct Configuration: Sendable, Hashable {
    /// Fewest satellites for a trusted speed: 5, the minimum of GPSResults, GPS Speedreader
    /// and GpsarPro (gps-wizard "Filtering"). The labelled spikes of `spikes/motion-mini/more`
    /// come at 4-6 satellites; their genuine runs at 12-22.
    public var minimumSatellitesUsed: Int?
    /// Highest HDOP for a trusted speed: 5, GPSResults' and GP3S's limit. The labelled spikes
    /// come at HDOP 5.7-99.99, the genuine rows at 0.6-1.1.
    public var maximumHorizontalDilution: Double?
    /// Worst speed accuracy (one sigma, m/s) for a trusted speed: 2.06 m/s (4 knots),
    /// GPSResults' and GPS Speedreader's limit for 5 Hz SiRF logs. The labelled spikes state
    /// 12-999 m/s; the genuine rows 0.08-0.39 m/s.
    public var maximumSpeedAccuracyMetersPerSecond: Double?
    /// Fastest change of speed the activity makes, in m/s²: walking 3, running and cycling 4
    /// (GPSResults' and GPS Speedreader's limit at 1 Hz; a sprinter gains 10 m/s in about 3 s),
    /// driving 10 (a car's full braking). The noise of the two speeds is allowed for apart
    /// (twice their combined accuracy), so one limit serves every logging rate.
    public var maximumSpeedChangeMetersPerSecondSquared: Double
    /// The shortest pause between fixes, in seconds, that counts as a signal loss: 3 s. In the
    /// 5 Hz logs of `spikes/motion-mini/more`, a 4 s pause was followed by a 22 m/s spike held
    /// for 2.8 s (JEN806JEN); GT-31 spikes follow pauses of 17 s. The gate and the filter keep
    /// their own, longer, signal loss (``SignalLossReconvergence/signalLossSeconds``).
    public var signalLossSeconds: Double
    /// Speed accuracy (one sigma, m/s) assumed for a speed that states none: 0.5, between a
    /// phone's Doppler (0.1-0.26 m/s) and a watch's (0.3-0.8 m/s, ERROR-MODEL.md).
    public var assumedSpeedAccuracyMetersPerSecond: Double
    /// After this many seconds of speeds refused for acceleration that agree with one another,
    /// the reference is taken to be the wrong one and the run is trusted: 3 s, longer than a
    /// receiver's reconvergence (``SignalLossReconvergence/reconvergenceSeconds``).
    public var reanchorSeconds: Double
    /// A reported speed is refused when it exceeds the positions' displacement speed over
    /// about two seconds by more than this many meters per second plus
    /// ``displacementToleranceFraction`` of that speed: 3 m/s covers two consumer fixes'
    /// second-to-second wander (ERROR-MODEL.md: 0.2-0.6 m at 1 s) and a turn's chord.
    public var displacementToleranceMetersPerSecond: Double
    /// The relative part of the displacement tolerance: 0.5.
    public var displacementToleranceFraction: Double

    /// Creates a configuration; the defaults suit running.
    public init(
      minimumSatellitesUsed: Int? = 5,
      maximumHorizontalDilution: Double? = 5,
      maximumSpeedAccuracyMetersPerSecond: Double? = 2.06,
      maximumSpeedChangeMetersPerSecondSquared: Double = 4,
      signalLossSeconds: Double = 3,
      assumedSpeedAccuracyMetersPerSecond: Double = 0.5,
      reanchorSeconds: Double = 3,
      displacementToleranceMetersPerSecond: Double = 3,
      displacementToleranceFraction: Double = 0.5
    ) {
      self.minimumSatellitesUsed = minimumSatellitesUsed
      self.maximumHorizontalDilution = maximumHorizontalDilution
      self.maximumSpeedAccuracyMetersPerSecond = maximumSpeedAccuracyMetersPerSecond
      self.maximumSpeedChangeMetersPerSecondSquared = maximumSpeedChangeMetersPerSecondSquared
      self.signalLossSeconds = signalLossSeconds
      self.assumedSpeedAccuracyMetersPerSecond = assumedSpeedAccuracyMetersPerSecond
      self.reanchorSeconds = reanchorSeconds
      self.displacementToleranceMetersPerSecond = displacementToleranceMetersPerSecond
      self.displacementToleranceFraction = displacementToleranceFraction
    }

    /// The shortest run, in seconds, of one speed repeated exactly over equal steps that is taken
    /// for dead reckoning: a second, five fixes at 5 Hz. A measured speed carries noise (0.05-0.8
    /// m/s, ERROR-MODEL.md), so it does not repeat to the last digit while the positions advance
    /// by the same vector; a receiver that has lost tracking does exactly that. Speed-sailing
    /// logs hold such runs of 2-20 s at 19-43 m/s (DAV855ZAR, DUN813ROB, BUL841JAM in
    /// `spikes/motion-mini/more`).
    public var extrapolationRunSeconds = 1.0

    /// How long after a fix refused for its position speeds are not trusted, in seconds: 1, the
    /// receiver's next solution. JEN806JEN's last suspect speed came 0.8 s after the outlier; at
    /// 2 s no other verdict of the real files or the simulated suite changes either.
    public var positionOutlierSeconds = 1.0

    /// How long after a speed refused for its displacement reported speeds are not trusted, in
    /// seconds: 1, as after a position outlier. A receiver's velocity that disagreed with its
    /// positions comes from a disturbed solution, which settles over its filter's time, not
    /// from one epoch to the next: PIN816JOS's speed fell from 23 to 13 m/s over 10 s while
    /// its positions moved at 5-10 m/s, and the displacement tolerance let its tail through
    /// (14.09 m/s against a genuine top of 13.33).
    public var displacementHoldSeconds = 1.0

    /// How closely, in meters per axis, two steps must agree to count as equal: 1.5 cm, the
    /// rounding of positions written to 1e-7 degree (1.1 cm of latitude) and a little more; the
    /// frozen runs of the spike logs repeat their step to that rounding, while watches that fill
    /// in 1 Hz points repeat a speed over steps equal only within a few centimeters (see
    /// <doc:SpeedDefaults>).
    public var equalStepToleranceMeters = 0.015

    /// The highest acceleration, in m/s², that the positions around a trusted speed may imply
    /// for most of their second differences, where the fix states nothing of its quality:
    /// 9.81, one g, which no runner, rider or board holds for a second and a car reaches only
    /// in full braking. Positions that exceed it come from a solution that jitters, and the
    /// speed comes from the same solution (see <doc:SpeedDefaults>).
    public var maximumPositionAccelerationMetersPerSecondSquared = 9.81
    /// How far from the fix, in seconds, the second differences of the jitter rule are centred:
    /// 1, so that one solution's worth of epochs is judged at 5-10 Hz and three at 1 Hz.
    public var jitterHalfWindowSeconds = 1.0
    /// The longest step, in seconds, a second difference of the jitter rule spans: 1.5, a
    /// 1 Hz log's interval with some slack; over longer steps a difference measures the motion,
    /// not the solution's noise.
    public var jitterLongestStepSeconds = 1.5
    /// The shortest step, in seconds, a second difference of the jitter rule spans: 0.15. A
    /// faster log is thinned to it (every other fix at 10 Hz, every fourth at 25 Hz), since
    /// over shorter steps a second difference measures the positions' noise and rounding, not
    /// the solution: a centimeter of noise or rounding (positions written to 1e-7 degree) reads
    /// 15-25 m/s² at 25 Hz and at most 1 m/s² at 5 Hz.
    public var jitterShortestStepSeconds = 0.15
    /// How long after a speed refused for jittery positions speeds are not trusted, in seconds:
    /// 1, as after a position outlier.
    public var jitterHoldSeconds = 1.0

    /// A pause is a signal loss only when it is also this many times the interval before it.
    public var signalLossIntervalMultiple = 3.0

    /// How far apart, in seconds, the positions of the displacement rule are sought on either
    /// side of the fix: 1 s, so the window spans about two seconds.
    public var displacementHalfWindowSeconds = 1.0
    /// The farthest, in seconds, a position of the displacement rule may lie from the fix.
    public var displacementReachSeconds = 3.0

    /// Defaults for an activity (only the acceleration limit differs).
    public static func defaults(for activity: ActivityKind) -> Configuration {
      switch activity {
      case .walking: Configuration(maximumSpeedChangeMetersPerSecondSquared: 3)
      case .running, .cycling: Configuration()
      case .driving: Configuration(maximumSpeedChangeMetersPerSecondSquared: 10)
      }
    }
  }
}
