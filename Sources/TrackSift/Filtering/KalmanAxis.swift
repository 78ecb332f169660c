/// One axis (east or north) of the constant-velocity model: position and velocity with their
/// 2x2 covariance.
///
/// The two axes of ``ConstantVelocityKalmanFilter`` are independent: the process noise is the
/// same white acceleration on each axis and the measurements have isotropic noise, so the 4x4
/// covariance stays block-diagonal and two 2-state filters compute it exactly.
@usableFromInline
struct KalmanAxis: Sendable, Hashable {
  /// Position in meters from the plane's origin.
  var positionMeters: Double
  /// Velocity in meters per second.
  var velocityMetersPerSecond: Double
  /// Variance of the position (m^2).
  var positionVariance: Double
  /// Covariance of position and velocity (m^2/s).
  var covariance: Double
  /// Variance of the velocity (m^2/s^2).
  var velocityVariance: Double

  /// Moves the state `dt` seconds ahead with white acceleration of spectral density `q`
  /// (m^2/s^3): `P = F P F' + q [dt^3/3, dt^2/2; dt^2/2, dt]`.
  mutating func predict(seconds dt: Double, spectralDensity q: Double) {
    guard dt > 0 else { return }
    positionMeters += velocityMetersPerSecond * dt
    positionVariance += 2 * dt * covariance + dt * dt * velocityVariance + q * dt * dt * dt / 3
    covariance += dt * velocityVariance + q * dt * dt / 2
    velocityVariance += q * dt
  }

  /// The innovation variance of a position measurement with variance `r`.
  func positionInnovationVariance(measurementVariance r: Double) -> Double {
    positionVariance + r
  }

  /// Applies a position measurement `z` with variance `r`.
  mutating func updatePosition(_ z: Double, measurementVariance r: Double) {
    let s = positionVariance + r
    let innovation = z - positionMeters
    let gainPosition = positionVariance / s
    let gainVelocity = covariance / s
    positionMeters += gainPosition * innovation
    velocityMetersPerSecond += gainVelocity * innovation
    let pp = positionVariance
    let pv = covariance
    positionVariance = pp - pp * pp / s
    covariance = pv - pp * pv / s
    velocityVariance -= pv * pv / s
  }

  /// Applies a velocity measurement `z` with variance `r`.
  mutating func updateVelocity(_ z: Double, measurementVariance r: Double) {
    let s = velocityVariance + r
    let innovation = z - velocityMetersPerSecond
    let pv = covariance
    let vv = velocityVariance
    positionMeters += pv / s * innovation
    velocityMetersPerSecond += vv / s * innovation
    positionVariance -= pv * pv / s
    covariance = pv - pv * vv / s
    velocityVariance = vv - vv * vv / s
  }
}
