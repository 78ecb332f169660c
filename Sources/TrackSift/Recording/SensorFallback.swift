/// A speed from the motion sensors for when no satellite fix arrives: the pedometer's pace when
/// fresh, else a fixed walking speed when the accelerometer says the person moves, else zero.
///
/// The accelerometer says "moving" when the magnitude of its vector varies: the standard
/// deviation over the last ``Configuration/accelerometerWindowSeconds`` is at least
/// ``Configuration/movingAccelerationDeviationMetersPerSecondSquared`` (walking gives 1-3 m/s²,
/// a phone lying still or held in a stopped car a few hundredths).
///
/// - Complexity: O(n) per reading in the readings of the window.
public struct SensorFallback: Sendable {
  /// The knobs of the sensor fallback.
  public struct Configuration: Sendable, Hashable {
    /// The speed assumed when the accelerometer says moving and no pedometer pace is known,
    /// in meters per second (an average walk).
    public var walkingSpeedMetersPerSecond: Double
    /// A pedometer pace older than this many seconds is not used.
    public var pedometerFreshnessSeconds: Double
    /// The accelerometer readings of this many seconds decide.
    public var accelerometerWindowSeconds: Double
    /// A standard deviation of the acceleration magnitude of at least this much, in meters
    /// per second squared, means moving.
    public var movingAccelerationDeviationMetersPerSecondSquared: Double

    /// Creates a configuration.
    public init(
      walkingSpeedMetersPerSecond: Double = 1.12, pedometerFreshnessSeconds: Double = 5,
      accelerometerWindowSeconds: Double = 3,
      movingAccelerationDeviationMetersPerSecondSquared: Double = 0.5
    ) {
      self.walkingSpeedMetersPerSecond = walkingSpeedMetersPerSecond
      self.pedometerFreshnessSeconds = pedometerFreshnessSeconds
      self.accelerometerWindowSeconds = accelerometerWindowSeconds
      self.movingAccelerationDeviationMetersPerSecondSquared =
        movingAccelerationDeviationMetersPerSecondSquared
    }
  }

  /// Where an estimated speed came from.
  public enum Source: String, Sendable, Hashable, Codable {
    /// The pedometer's pace.
    case pedometer
    /// The accelerometer said moving: the fixed walking speed.
    case accelerometer
    /// Neither says moving: zero.
    case none
  }

  /// The knobs.
  public var configuration: Configuration
  private var pedometer: (timeSeconds: Double, speedMetersPerSecond: Double)?
  private var accelerations: [(timeSeconds: Double, magnitude: Double)] = []

  /// Creates a fallback.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
  }

  /// Takes a reading; readings out of time order or with values that are not finite are
  /// ignored.
  public mutating func add(_ sample: MotionSample) {
    let time = sample.time.timeIntervalSinceReferenceDate
    guard time.isFinite else { return }
    if let pace = sample.pedometerPaceSecondsPerMeter, pace.isFinite, pace > 0 {
      pedometer = (time, 1 / pace)
    }
    if let magnitude = sample.accelerationMagnitudeMetersPerSecondSquared, magnitude.isFinite,
      time > (accelerations.last?.timeSeconds ?? -.infinity)
    {
      accelerations.append((time, magnitude))
      let oldest = time - configuration.accelerometerWindowSeconds
      if let keep = accelerations.firstIndex(where: { $0.timeSeconds >= oldest }) {
        accelerations.removeFirst(keep)
      }
    }
  }

  /// The estimated speed at a time, and where it came from.
  ///
  /// - Parameter timeSeconds: the time in seconds since 2001-01-01 (device clock).
  public func estimate(atTimeSeconds timeSeconds: Double) -> (
    speedMetersPerSecond: Double, source: Source
  ) {
    if let pedometer, timeSeconds - pedometer.timeSeconds <= configuration.pedometerFreshnessSeconds
    {
      return (pedometer.speedMetersPerSecond, .pedometer)
    }
    if isMoving(atTimeSeconds: timeSeconds) {
      return (configuration.walkingSpeedMetersPerSecond, .accelerometer)
    }
    return (0, .none)
  }

  /// Whether the accelerometer readings of the window before the time say moving.
  public func isMoving(atTimeSeconds timeSeconds: Double) -> Bool {
    let window = accelerations.filter {
      $0.timeSeconds <= timeSeconds
        && $0.timeSeconds >= timeSeconds - configuration.accelerometerWindowSeconds
    }
    guard window.count >= 3 else { return false }
    let mean = window.reduce(0) { $0 + $1.magnitude } / Double(window.count)
    let variance =
      window.reduce(0) { $0 + ($1.magnitude - mean) * ($1.magnitude - mean) }
      / Double(window.count - 1)
    return variance.squareRoot() >= configuration.movingAccelerationDeviationMetersPerSecondSquared
  }
}
