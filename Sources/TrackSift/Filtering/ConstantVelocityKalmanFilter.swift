import Foundation

/// A constant-velocity Kalman filter in local meters, the live position filter.
///
/// State: east and north position and velocity in a ``LocalTangentPlane`` whose origin follows
/// the activity (re-centred beyond 2 km). Model: constant velocity driven by white acceleration
/// (``Configuration/accelerationNoiseMetersPerSecondSquared``). Measurements: the position,
/// with each fix's own reported accuracy as its standard deviation (floored, and widened
/// while the receiver reconverges after a signal loss, see
/// ``Configuration/reconvergenceAccuracyMultiple``); and, when the fix
/// reports a valid Doppler speed and course, the velocity, with noise from the speed accuracy
/// and the course accuracy times the speed. Both measurements are isotropic, so the east and
/// north axes are two independent 2-state filters (exact, and cheap).
///
/// Outliers: a fix whose normalized innovation squared exceeds
/// ``Configuration/innovationGateChiSquare`` and whose innovation is longer than
/// ``Configuration/minimumOutlierDistanceMeters`` is rejected with
/// ``RejectionReason/innovationOutlier`` and changes nothing. After a gap longer than
/// ``Configuration/reanchorGapSeconds`` or after
/// ``Configuration/reanchorAfterConsecutiveRejections`` rejections in a row the filter starts
/// afresh at the next fix, so it can never lock out a real change.
///
/// Fixes must come in time order (the ``FixGate`` sees to it); one without a time or not after
/// the previous one is applied without moving the state in time. Each accepted fix yields a
/// ``KalmanRecord`` for ``RTSSmoother``.
///
/// The method: Kalman (1960); the white-noise acceleration model and the validation gate follow
/// Bar-Shalom, Li and Kirubarajan (2001), "Estimation with Applications to Tracking and
/// Navigation", sections 6.3 and 5.4.
///
/// - Complexity: O(1) per fix, without allocation.
public struct ConstantVelocityKalmanFilter: Sendable, Hashable {
  /// The knobs in force; may be changed between fixes.
  public var configuration: Configuration
  /// Number of consecutive innovation rejections.
  public private(set) var consecutiveRejections = 0
  private var plane: LocalTangentPlane?
  private var east = KalmanAxis.zero
  private var north = KalmanAxis.zero
  private var lastTimeSeconds: Double?
  /// The time of the first fix after the latest signal loss.
  private var signalBackSeconds: Double?
  /// The interval between the last two fixes taken in this run, in seconds.
  private var lastIntervalSeconds: Double?
  /// The white noise of the positions taken by ``refit(_:startsRun:stationaryVelocitySigmaMetersPerSecond:)``,
  /// measured as they come (see ``Configuration/measuresWhiteNoise``).
  private var whiteNoise: MeasuredWhiteNoise?
  /// The white noise in meters, measured beforehand over the whole recording; it stands
  /// instead of the one measured as the fixes come.
  var presetWhiteNoiseSigmaMeters: Double?

  /// Re-centre the plane when the estimate is this far from its origin.
  private static let recenterDistanceMeters = 2_000.0

  /// Creates a filter.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// True once the filter holds a state.
  public var isInitialized: Bool { plane != nil }

  /// The current estimate, or `nil` before the first fix.
  public var coordinate: Coordinate? {
    plane?.unproject(eastMeters: east.positionMeters, northMeters: north.positionMeters)
  }

  /// Forgets the state; the next fix starts a new run.
  public mutating func reset() {
    plane = nil
    lastTimeSeconds = nil
    signalBackSeconds = nil
    lastIntervalSeconds = nil
    consecutiveRejections = 0
  }

  /// Feeds one fix (normally one the gate accepted) and returns what the filter made of it.
  public mutating func update(_ fix: Fix) -> KalmanStep {
    guard fix.latitudeDegrees.isFinite, fix.longitudeDegrees.isFinite,
      abs(fix.latitudeDegrees) < 90
    else {
      return step(verdict: .rejected(.invalidCoordinates), startedRun: false, usedVelocity: false)
    }
    let time = fix.timeSeconds
    let gap = time.flatMap { t in lastTimeSeconds.map { t - $0 } }
    noteSignalLoss(gapSeconds: gap, at: time)
    if plane == nil
      || (gap ?? 0) > configuration.reanchorGapSeconds
      || consecutiveRejections >= configuration.reanchorAfterConsecutiveRejections
    {
      start(at: fix)
      return step(verdict: .accepted, startedRun: true, usedVelocity: false, intervalSeconds: 0)
    }
    guard let plane else { preconditionFailure("initialized above") }
    let dt = max(gap ?? 0, 0)
    var predictedEast = east
    var predictedNorth = north
    let q = spectralDensity
    predictedEast.predict(seconds: dt, spectralDensity: q)
    predictedNorth.predict(seconds: dt, spectralDensity: q)

    let (zEast, zNorth) = plane.project(fix.coordinate)
    let sigma = measurementSigmaMeters(fix)
    let r = sigma * sigma
    let innovationEast = zEast - predictedEast.positionMeters
    let innovationNorth = zNorth - predictedNorth.positionMeters
    let normalizedSquare =
      innovationEast * innovationEast
      / predictedEast.positionInnovationVariance(measurementVariance: r)
      + innovationNorth * innovationNorth
      / predictedNorth.positionInnovationVariance(measurementVariance: r)
    let innovationMeters = (innovationEast * innovationEast + innovationNorth * innovationNorth)
      .squareRoot()
    if normalizedSquare > configuration.innovationGateChiSquare
      && innovationMeters > configuration.minimumOutlierDistanceMeters
    {
      consecutiveRejections += 1
      return step(
        verdict: .rejected(.innovationOutlier), startedRun: false, usedVelocity: false)
    }
    consecutiveRejections = 0
    predictedEast.updatePosition(zEast, measurementVariance: r)
    predictedNorth.updatePosition(zNorth, measurementVariance: r)
    east = predictedEast
    north = predictedNorth
    let usedVelocity = applyReportedVelocity(of: fix)
    if let time { lastTimeSeconds = max(lastTimeSeconds ?? time, time) }
    if dt > 0 { lastIntervalSeconds = dt }
    recenterIfFar()
    return step(
      verdict: .accepted, startedRun: false, usedVelocity: usedVelocity, intervalSeconds: dt)
  }

  /// Feeds a fix already judged, skipping the innovation test, and returns its record: the
  /// second, offline pass behind the refined track.
  ///
  /// - Parameters:
  ///   - fix: an accepted fix, in time order.
  ///   - startsRun: start afresh at this fix, as the first pass did.
  ///   - stationaryVelocitySigmaMetersPerSecond: when the person is known to stand still at
  ///     this fix, the standard deviation of the zero velocity applied instead of the fix's
  ///     Doppler velocity, so the smoothed track stops where the person stopped; `nil`
  ///     otherwise.
  /// - Returns: the filtered state, or `nil` for a fix without valid coordinates.
  public mutating func refit(
    _ fix: Fix, startsRun: Bool, stationaryVelocitySigmaMetersPerSecond: Double?
  ) -> KalmanRecord? {
    guard fix.coordinate.isInRange else { return nil }
    let gap = fix.timeSeconds.flatMap { t in lastTimeSeconds.map { t - $0 } }
    noteSignalLoss(gapSeconds: gap, at: fix.timeSeconds)
    var dt = 0.0
    let started = startsRun || plane == nil
    if started {
      start(at: fix)
    } else if let plane {
      dt = max(gap ?? 0, 0)
      east.predict(seconds: dt, spectralDensity: spectralDensity)
      north.predict(seconds: dt, spectralDensity: spectralDensity)
      let (zEast, zNorth) = plane.project(fix.coordinate)
      let sigma = measurementSigmaMeters(fix)
      east.updatePosition(zEast, measurementVariance: sigma * sigma)
      north.updatePosition(zNorth, measurementVariance: sigma * sigma)
      if configuration.measuresWhiteNoise(of: fix), let time = fix.timeSeconds {
        var estimator = whiteNoise?.estimator ?? WhitePositionNoiseEstimator()
        estimator.add(timeSeconds: time, eastMeters: zEast, northMeters: zNorth)
        whiteNoise = .measuring(estimator)
      }
      if stationaryVelocitySigmaMetersPerSecond == nil {
        _ = applyReportedVelocity(of: fix)
      }
      if let time = fix.timeSeconds { lastTimeSeconds = max(lastTimeSeconds ?? time, time) }
      if dt > 0 { lastIntervalSeconds = dt }
    }
    if let sigma = stationaryVelocitySigmaMetersPerSecond {
      east.updateVelocity(0, measurementVariance: sigma * sigma)
      north.updateVelocity(0, measurementVariance: sigma * sigma)
    }
    recenterIfFar()
    return step(
      verdict: .accepted, startedRun: started, usedVelocity: false, intervalSeconds: dt
    ).record
  }

  private var spectralDensity: Double {
    let sigma = configuration.accelerationNoiseMetersPerSecondSquared
    return sigma * sigma
  }

  /// Notes a signal loss: a pause longer than ``SignalLossReconvergence/signalLossSeconds``
  /// and three times the interval before it (a sparse recording's pauses are its pace).
  private mutating func noteSignalLoss(gapSeconds: Double?, at timeSeconds: Double?) {
    if let gapSeconds,
      SignalLossReconvergence.isSignalLoss(
        pauseSeconds: gapSeconds, previousIntervalSeconds: lastIntervalSeconds)
    {
      signalBackSeconds = timeSeconds
    }
  }

  /// The fix's stated accuracy (or the assumed one), floored, and widened while the receiver
  /// reconverges after a signal loss (see
  /// ``Configuration/reconvergenceAccuracyMultiple``).
  // `mutating` (it changes nothing) so that `self` is passed by reference: called from
  // `update`, a non-mutating method gets a copy of the whole filter, a few hundred bytes.
  private mutating func measurementSigmaMeters(_ fix: Fix) -> Double {
    let stated =
      configuration.measuresWhiteNoise(of: fix)
      ? configuration.sigmaMeters(
        of: fix,
        whiteNoiseSigmaMeters: presetWhiteNoiseSigmaMeters ?? whiteNoise?.estimator.sigmaMeters)
      : configuration.sigmaMeters(of: fix, whiteNoiseSigmaMeters: nil)
    let excess = configuration.reconvergenceAccuracyMultiple - 1
    let fadeSeconds = configuration.reconvergenceTimeConstantSeconds
    // Ten time constants on, the excess is a ten-thousandth of itself: no need to compute it.
    guard let back = signalBackSeconds, let time = fix.timeSeconds, time >= back,
      time - back < 10 * fadeSeconds, excess > 0
    else { return stated }
    return stated * (1 + excess * exp(-(time - back) / fadeSeconds))
  }

  private mutating func start(at fix: Fix) {
    plane = LocalTangentPlane(origin: fix.coordinate)
    whiteNoise?.restart()
    lastTimeSeconds = fix.timeSeconds
    lastIntervalSeconds = nil
    consecutiveRejections = 0
    let sigma = measurementSigmaMeters(fix)
    let velocitySigma = configuration.initialVelocityUncertaintyMetersPerSecond
    east = KalmanAxis(
      positionMeters: 0, velocityMetersPerSecond: 0, positionVariance: sigma * sigma,
      covariance: 0, velocityVariance: velocitySigma * velocitySigma)
    north = east
    _ = applyReportedVelocity(of: fix)
  }

  /// Applies the fix's Doppler velocity to the state when it is valid and agrees with it.
  private mutating func applyReportedVelocity(of fix: Fix) -> Bool {
    guard configuration.usesReportedVelocity, let speed = fix.validSpeedMetersPerSecond,
      speed < 100
    else { return false }
    let measured: Velocity
    var variance: Double
    let speedSigma = configuration.speedSigmaMetersPerSecond(of: fix)
    variance = speedSigma * speedSigma
    if speed <= configuration.stationarySpeedMetersPerSecond {
      measured = .zero
    } else if speed >= configuration.minimumSpeedForCourseMetersPerSecond,
      let velocity = fix.reportedVelocity
    {
      measured = velocity
      let courseSigma =
        (fix.courseAccuracyDegrees.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
          ?? configuration.assumedCourseAccuracyDegrees) * .pi / 180
      let crossSigma = speed * min(courseSigma, 1)
      variance += crossSigma * crossSigma
    } else {
      return false
    }
    let innovationEast = measured.eastMetersPerSecond - east.velocityMetersPerSecond
    let innovationNorth = measured.northMetersPerSecond - north.velocityMetersPerSecond
    let normalizedSquare =
      innovationEast * innovationEast / (east.velocityVariance + variance)
      + innovationNorth * innovationNorth / (north.velocityVariance + variance)
    guard normalizedSquare <= configuration.velocityGateChiSquare else { return false }
    east.updateVelocity(measured.eastMetersPerSecond, measurementVariance: variance)
    north.updateVelocity(measured.northMetersPerSecond, measurementVariance: variance)
    return true
  }

  private mutating func recenterIfFar() {
    guard let plane,
      max(abs(east.positionMeters), abs(north.positionMeters)) > Self.recenterDistanceMeters
    else { return }
    let center = plane.unproject(eastMeters: east.positionMeters, northMeters: north.positionMeters)
    self.plane = LocalTangentPlane(origin: center)
    whiteNoise?.restart()
    east.positionMeters = 0
    north.positionMeters = 0
  }

  // `mutating` for the same reason as `measurementSigmaMeters(_:)`.
  private mutating func step(
    verdict: Verdict, startedRun: Bool, usedVelocity: Bool, intervalSeconds: Double? = nil
  ) -> KalmanStep {
    let coordinate =
      self.coordinate
      ?? Coordinate(latitudeDegrees: .nan, longitudeDegrees: .nan)
    var record: KalmanRecord?
    if verdict.isAccepted, let intervalSeconds {
      record = KalmanRecord(
        latitudeDegrees: coordinate.latitudeDegrees,
        longitudeDegrees: coordinate.longitudeDegrees,
        eastVelocityMetersPerSecond: east.velocityMetersPerSecond,
        northVelocityMetersPerSecond: north.velocityMetersPerSecond,
        eastCovariance: (east.positionVariance, east.covariance, east.velocityVariance),
        northCovariance: (north.positionVariance, north.covariance, north.velocityVariance),
        intervalSeconds: intervalSeconds, spectralDensity: spectralDensity,
        startsRun: startedRun)
    }
    return KalmanStep(
      verdict: verdict, coordinate: coordinate,
      velocity: plane == nil
        ? .zero
        : Velocity(
          eastMetersPerSecond: east.velocityMetersPerSecond,
          northMetersPerSecond: north.velocityMetersPerSecond),
      startedRun: startedRun, usedReportedVelocity: usedVelocity, record: record)
  }
}

extension KalmanAxis {
  static let zero = KalmanAxis(
    positionMeters: 0, velocityMetersPerSecond: 0, positionVariance: 0, covariance: 0,
    velocityVariance: 0)
}

/// The white-noise estimator of a filter that measures it, stored inline: boxing it (an
/// `indirect` enum) made every filter, the judging one included, a type with a reference to
/// retain on each of the many copies the look-ahead makes (the analysis stage ran a third
/// slower); inline, the filter stays plain data, a few hundred bytes to copy.
private enum MeasuredWhiteNoise: Sendable, Hashable {
  case measuring(WhitePositionNoiseEstimator)

  var estimator: WhitePositionNoiseEstimator {
    switch self {
    case .measuring(let estimator): estimator
    }
  }

  /// Forgets the positions since the last one, keeping the sums.
  mutating func restart() {
    var estimator = estimator
    estimator.restart()
    self = .measuring(estimator)
  }
}
