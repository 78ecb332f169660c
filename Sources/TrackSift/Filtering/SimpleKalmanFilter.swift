/// The simple position filter: latitude and longitude as two independent 1-D signals that share
/// one variance in square meters.
///
/// Between fixes the variance grows by `dt * q^2` (a random walk of the position with speed
/// noise `q`); each fix is a measurement with variance `accuracy^2`, the accuracy floored at
/// ``Configuration/accuracyFloorMeters`` so that a fix claiming 0 m is not taken as perfect. The
/// filter has no velocity, so it lags on turns and at speed changes; it is the widely used
/// baseline that ``ConstantVelocityKalmanFilter`` improves on. The method is a scalar Kalman
/// filter (Kalman 1960) with a random-walk model.
///
/// - Complexity: O(1) per fix, without allocation.
public struct SimpleKalmanFilter: Sendable, Hashable {
  /// The filter's knobs.
  public struct Configuration: Sendable, Hashable {
    /// How fast the position may wander between fixes, in meters per second (about 3 for
    /// running, 1.5 for walking, 6 for cycling, 15 for driving).
    public var processNoiseMetersPerSecond: Double
    /// The smallest measurement standard deviation used, in meters.
    public var accuracyFloorMeters: Double
    /// The standard deviation used when a fix reports no valid accuracy, in meters.
    public var assumedAccuracyMeters: Double

    /// Creates a configuration.
    public init(
      processNoiseMetersPerSecond: Double = 3, accuracyFloorMeters: Double = 1,
      assumedAccuracyMeters: Double = 5
    ) {
      self.processNoiseMetersPerSecond = processNoiseMetersPerSecond
      self.accuracyFloorMeters = accuracyFloorMeters
      self.assumedAccuracyMeters = assumedAccuracyMeters
    }

    /// Defaults for an activity.
    public static func defaults(for activity: ActivityKind) -> Configuration {
      switch activity {
      case .walking: Configuration(processNoiseMetersPerSecond: 1.5)
      case .running: Configuration(processNoiseMetersPerSecond: 3)
      case .cycling: Configuration(processNoiseMetersPerSecond: 6)
      case .driving: Configuration(processNoiseMetersPerSecond: 15)
      }
    }
  }

  /// The knobs in force.
  public var configuration: Configuration
  /// The current estimate, or `nil` before the first fix.
  public private(set) var estimate: Coordinate?
  /// The variance of the estimate in square meters (`nil` before the first fix).
  public private(set) var varianceSquareMeters: Double?
  private var lastTimeSeconds: Double?

  /// Creates a filter.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Forgets the state; the next fix starts afresh.
  public mutating func reset() {
    estimate = nil
    varianceSquareMeters = nil
    lastTimeSeconds = nil
  }

  /// Feeds one accepted fix and returns the new estimate.
  ///
  /// A fix with a non-finite position leaves the state unchanged and returns the current
  /// estimate. A fix without a time, or with a time not after the previous one, is a
  /// measurement without a time update.
  @discardableResult
  public mutating func update(_ fix: Fix) -> Coordinate? {
    let latitude = fix.latitudeDegrees
    let longitude = fix.longitudeDegrees
    guard latitude.isFinite, longitude.isFinite else { return estimate }
    let accuracy = max(
      fix.validHorizontalAccuracyMeters ?? configuration.assumedAccuracyMeters,
      configuration.accuracyFloorMeters)
    let measurementVariance = accuracy * accuracy
    guard let current = estimate, var variance = varianceSquareMeters else {
      estimate = fix.coordinate
      varianceSquareMeters = measurementVariance
      lastTimeSeconds = fix.timeSeconds
      return estimate
    }
    if let time = fix.timeSeconds {
      if let last = lastTimeSeconds, time > last {
        let q = configuration.processNoiseMetersPerSecond
        variance += (time - last) * q * q
      }
      lastTimeSeconds = max(lastTimeSeconds ?? time, time)
    }
    let gain = variance / (variance + measurementVariance)
    var longitudeStep = longitude - current.longitudeDegrees
    if longitudeStep > 180 {
      longitudeStep -= 360
    } else if longitudeStep < -180 {
      longitudeStep += 360
    }
    var newLongitude = current.longitudeDegrees + gain * longitudeStep
    if newLongitude > 180 {
      newLongitude -= 360
    } else if newLongitude < -180 {
      newLongitude += 360
    }
    estimate = Coordinate(
      latitudeDegrees: current.latitudeDegrees + gain * (latitude - current.latitudeDegrees),
      longitudeDegrees: newLongitude)
    varianceSquareMeters = (1 - gain) * variance
    return estimate
  }
}
