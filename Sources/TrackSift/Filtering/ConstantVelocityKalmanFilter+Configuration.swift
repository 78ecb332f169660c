extension ConstantVelocityKalmanFilter {
  /// The knobs of the constant-velocity filter.
  public struct Configuration: Sendable, Hashable {
    /// Standard deviation of the unmodelled acceleration, in meters per second squared: the
    /// process noise is white acceleration with spectral density `sigma^2` (m^2/s^3) on each
    /// axis. Larger follows turns and speed changes faster; smaller smooths more.
    public var accelerationNoiseMetersPerSecondSquared: Double
    /// The smallest position standard deviation used, in meters; a fix claiming 0 m is never
    /// taken as perfect.
    public var accuracyFloorMeters: Double
    /// The position standard deviation used when a fix reports no valid accuracy, in meters.
    public var assumedAccuracyMeters: Double
    /// Whether the reported (Doppler) speed and course are used as a velocity measurement.
    public var usesReportedVelocity: Bool
    /// Below this reported speed the course is meaningless; the velocity measurement is then
    /// used only when the speed is near zero (a stop), as a zero velocity.
    public var minimumSpeedForCourseMetersPerSecond: Double
    /// A reported speed at or below this is taken as a zero-velocity measurement.
    public var stationarySpeedMetersPerSecond: Double
    /// Speed accuracy used when the fix reports none, in meters per second.
    public var assumedSpeedAccuracyMetersPerSecond: Double
    /// Course accuracy used when the fix reports none, in degrees.
    public var assumedCourseAccuracyDegrees: Double
    /// Chi-square threshold of the position innovation (2 degrees of freedom); 18.42 leaves
    /// one good fix in 10,000 outside when the reported accuracies are honest.
    public var innovationGateChiSquare: Double
    /// A fix is rejected only if its innovation is also larger than this, in meters, because
    /// phones understate their error in cities and a pure chi-square test would then reject
    /// good fixes.
    public var minimumOutlierDistanceMeters: Double
    /// Chi-square threshold of the velocity innovation; a reported velocity beyond it (a
    /// spurious 0.0 at speed) is ignored, the position is still used.
    public var velocityGateChiSquare: Double
    /// After a gap longer than this, in seconds, the filter starts afresh at the next fix.
    public var reanchorGapSeconds: Double
    /// After this many consecutive innovation rejections the filter starts afresh at the next
    /// fix, so a real jump (or a wrong start) cannot lock it.
    public var reanchorAfterConsecutiveRejections: Int
    /// Standard deviation of the initial velocity when the first fix has no usable Doppler
    /// velocity, in meters per second.
    public var initialVelocityUncertaintyMetersPerSecond: Double
    /// After a signal loss (a pause between fixes longer than
    /// ``SignalLossReconvergence/signalLossSeconds`` and three times the interval before it,
    /// as a sparse recording's pauses are its pace), the first fix's accuracy counts this many
    /// times its stated value, and the excess fades with
    /// ``reconvergenceTimeConstantSeconds``; 1 trusts the stated accuracy. A receiver coming
    /// back from a tunnel or an underpass restarts with an error two to three times its usual
    /// one that fades over about 20 s, while it states its usual accuracy.
    public var reconvergenceAccuracyMultiple: Double
    /// How fast, in seconds, the excess of ``reconvergenceAccuracyMultiple`` fades: it falls by
    /// a factor of e over this time.
    public var reconvergenceTimeConstantSeconds: Double
    /// Whether ``ConstantVelocityKalmanFilter/refit(_:startsRun:stationaryVelocitySigmaMetersPerSecond:)``
    /// weighs the positions by their white noise, measured on the recording itself, rather
    /// than by their whole stated (or assumed) accuracy: a smoother can remove only the noise
    /// that is new at every fix, and taking a chip's slow wander for it cuts real bends (see
    /// `WhitePositionNoiseEstimator`). The judging filter keeps the stated accuracy for its
    /// innovation test; the smoothed tracks turn it on.
    public var measuresWhiteNoise: Bool

    /// Creates a configuration; the defaults suit running.
    public init(
      accelerationNoiseMetersPerSecondSquared: Double = 1.5,
      accuracyFloorMeters: Double = 1,
      assumedAccuracyMeters: Double = 5,
      usesReportedVelocity: Bool = true,
      minimumSpeedForCourseMetersPerSecond: Double = 1,
      stationarySpeedMetersPerSecond: Double = 0.2,
      assumedSpeedAccuracyMetersPerSecond: Double = 0.5,
      assumedCourseAccuracyDegrees: Double = 10,
      innovationGateChiSquare: Double = 18.42,
      minimumOutlierDistanceMeters: Double = 20,
      velocityGateChiSquare: Double = 13.82,
      reanchorGapSeconds: Double = 60,
      reanchorAfterConsecutiveRejections: Int = 5,
      initialVelocityUncertaintyMetersPerSecond: Double = 4,
      reconvergenceAccuracyMultiple: Double = 3,
      reconvergenceTimeConstantSeconds: Double = 20,
      measuresWhiteNoise: Bool = false
    ) {
      self.accelerationNoiseMetersPerSecondSquared = accelerationNoiseMetersPerSecondSquared
      self.accuracyFloorMeters = accuracyFloorMeters
      self.assumedAccuracyMeters = assumedAccuracyMeters
      self.usesReportedVelocity = usesReportedVelocity
      self.minimumSpeedForCourseMetersPerSecond = minimumSpeedForCourseMetersPerSecond
      self.stationarySpeedMetersPerSecond = stationarySpeedMetersPerSecond
      self.assumedSpeedAccuracyMetersPerSecond = assumedSpeedAccuracyMetersPerSecond
      self.assumedCourseAccuracyDegrees = assumedCourseAccuracyDegrees
      self.innovationGateChiSquare = innovationGateChiSquare
      self.minimumOutlierDistanceMeters = minimumOutlierDistanceMeters
      self.velocityGateChiSquare = velocityGateChiSquare
      self.reanchorGapSeconds = reanchorGapSeconds
      self.reanchorAfterConsecutiveRejections = reanchorAfterConsecutiveRejections
      self.initialVelocityUncertaintyMetersPerSecond = initialVelocityUncertaintyMetersPerSecond
      self.reconvergenceAccuracyMultiple = reconvergenceAccuracyMultiple
      self.reconvergenceTimeConstantSeconds = reconvergenceTimeConstantSeconds
      self.measuresWhiteNoise = measuresWhiteNoise
    }

    /// Defaults for an activity.
    public static func defaults(for activity: ActivityKind) -> Configuration {
      switch activity {
      case .walking:
        Configuration(
          accelerationNoiseMetersPerSecondSquared: 1, minimumOutlierDistanceMeters: 15,
          initialVelocityUncertaintyMetersPerSecond: 2)
      case .running:
        Configuration()
      case .cycling:
        Configuration(
          accelerationNoiseMetersPerSecondSquared: 2, minimumOutlierDistanceMeters: 25,
          initialVelocityUncertaintyMetersPerSecond: 8)
      case .driving:
        Configuration(
          accelerationNoiseMetersPerSecondSquared: 1.25, minimumSpeedForCourseMetersPerSecond: 2,
          minimumOutlierDistanceMeters: 40, initialVelocityUncertaintyMetersPerSecond: 20)
      }
    }

    /// Whether the white noise measured on the recording weighs `fix`: with
    /// ``measuresWhiteNoise``, a fix that states no accuracy (the assumed one is a guess at the
    /// whole error, not its white part) or one below ``accuracyFloorMeters`` (the floor guards
    /// against a claimed 0 m; a measured noise is evidence).
    func measuresWhiteNoise(of fix: Fix) -> Bool {
      measuresWhiteNoise && lacksUsableAccuracy(fix)
    }

    /// Whether `fix` states no accuracy, or one below ``accuracyFloorMeters``.
    func lacksUsableAccuracy(_ fix: Fix) -> Bool {
      guard let stated = fix.validHorizontalAccuracyMeters else { return true }
      return stated < accuracyFloorMeters
    }

    /// The position standard deviation of `fix` in meters: its stated accuracy (or the assumed
    /// one) floored; where the white noise measured on the recording weighs the fix (see
    /// ``measuresWhiteNoise(of:)``), that noise, kept between the stated (or assumed) accuracy
    /// and the floor.
    func sigmaMeters(of fix: Fix, whiteNoiseSigmaMeters: Double?) -> Double {
      let stated = fix.validHorizontalAccuracyMeters ?? assumedAccuracyMeters
      guard let white = whiteNoiseSigmaMeters, measuresWhiteNoise(of: fix) else {
        return max(stated, accuracyFloorMeters)
      }
      return min(max(white, min(stated, accuracyFloorMeters)), max(stated, accuracyFloorMeters))
    }

    /// The standard deviation of a fix's Doppler speed: its own accuracy, or the assumed one.
    func speedSigmaMetersPerSecond(of fix: Fix) -> Double {
      fix.validSpeedAccuracyMetersPerSecond ?? assumedSpeedAccuracyMetersPerSecond
    }
  }
}
