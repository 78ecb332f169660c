import Foundation

/// The altitude a watch's barometric altimeter records (<doc:SimulatedAltimeters>): calibrated
/// once at the start, then
///
/// `h(t) = z₀ + c + s·(z(t) − z₀) + r·t + w(t) + n(t)`, rounded to 0.2 m,
///
/// for the ground `z(t)`: a calibration offset `c`, a scale `s` from the air's departure from
/// the standard atmosphere's temperature, a weather drift `r` (pressure tendency), a slow
/// wander `w` (the sensor's temperature and relative accuracy) and short-term noise `n`
/// (airflow, arm swing, the sensor's own noise). It draws from its own generator, so choosing
/// it leaves the horizontal errors as they were.
struct BarometricAltimeter {
  /// Standard deviation of the calibration offset against the ground, meters (a GNSS
  /// altitude at the start).
  static let calibrationSigmaMeters = 3.0
  /// Standard deviation of the air's temperature departure from the standard atmosphere, K.
  static let temperatureDepartureSigmaKelvin = 8.0
  /// The standard atmosphere's sea-level temperature, K (ISO 2533).
  static let standardTemperatureKelvin = 288.15
  /// Standard deviation of the weather's pressure tendency, hPa per hour.
  static let pressureTendencySigmaHectopascalsPerHour = 0.3
  /// Altitude per hectopascal near sea level, meters.
  static let metersPerHectopascal = 8.3
  /// The slow wander: standard deviation in meters and correlation time in seconds.
  static let wander = (sigmaMeters: 0.5, seconds: 600.0)
  /// The short-term noise: standard deviation in meters and correlation time in seconds.
  static let shortTerm = (sigmaMeters: 0.15, seconds: 5.0)
  /// White noise, meters.
  static let whiteSigmaMeters = 0.03
  /// Resolution of the recorded altitude, meters (FIT's altitude field).
  static let resolutionMeters = 0.2

  private var random: SplitMix64
  private let startElevationMeters: Double
  private let offsetMeters: Double
  private let scale: Double
  private let driftMetersPerSecond: Double
  private var wanderMeters: Double
  private var shortTermMeters: Double
  private var lastElapsedSeconds = 0.0

  /// An altimeter calibrated on ground of `startElevationMeters`, drawing from `random`.
  init(startElevationMeters: Double, random: SplitMix64) {
    self.random = random
    self.startElevationMeters = startElevationMeters
    offsetMeters = Self.calibrationSigmaMeters * self.random.nextGaussian()
    // The hypsometric equation: a height difference read with the standard atmosphere's
    // temperature is short by the ratio of that temperature to the air's.
    let departure = Self.temperatureDepartureSigmaKelvin * self.random.nextGaussian()
    scale = Self.standardTemperatureKelvin / (Self.standardTemperatureKelvin + departure)
    driftMetersPerSecond =
      Self.pressureTendencySigmaHectopascalsPerHour * Self.metersPerHectopascal / 3_600
      * self.random.nextGaussian()
    wanderMeters = Self.wander.sigmaMeters * self.random.nextGaussian()
    shortTermMeters = Self.shortTerm.sigmaMeters * self.random.nextGaussian()
  }

  /// The recorded altitude `elapsedSeconds` after the start, over ground of
  /// `trueElevationMeters`; calls come in time order.
  mutating func altitudeMeters(trueElevationMeters: Double, elapsedSeconds: Double) -> Double {
    let dt = max(0, elapsedSeconds - lastElapsedSeconds)
    lastElapsedSeconds = max(lastElapsedSeconds, elapsedSeconds)
    if dt > 0 {
      wanderMeters = OrnsteinUhlenbeck.step(
        wanderMeters, sigma: Self.wander.sigmaMeters, timeConstantSeconds: Self.wander.seconds,
        dt: dt, random: &random)
      shortTermMeters = OrnsteinUhlenbeck.step(
        shortTermMeters, sigma: Self.shortTerm.sigmaMeters,
        timeConstantSeconds: Self.shortTerm.seconds, dt: dt, random: &random)
    }
    let altitude =
      startElevationMeters + offsetMeters + scale * (trueElevationMeters - startElevationMeters)
      + driftMetersPerSecond * elapsedSeconds + wanderMeters + shortTermMeters
      + Self.whiteSigmaMeters * random.nextGaussian()
    let steps = 1 / Self.resolutionMeters
    return (altitude * steps).rounded() / steps
  }
}
