import Foundation

/// The current speed and pace: a time-aware average of the recent speed samples, in which a
/// sample weighs in proportion to the time it covers and halves in weight every
/// ``Configuration/halfLifeSeconds`` of age, and samples older than
/// ``Configuration/windowSeconds`` are dropped.
///
/// The weight of sample `i` at time `now` is `interval_i * 2^(-(now - t_i) / halfLife)`, where
/// `interval_i` is the time since the previous accepted sample (capped at the window; 1 s for
/// the first sample). Weighting by the interval keeps a sample that stands for 5 s from
/// counting as much as one that stands for 1 s, so irregular sampling averages correctly; an
/// exponential decay in time (not in sample count) is the time-aware form of the exponentially
/// weighted moving average.
///
/// Stops: a sample below ``Configuration/stopSpeedMetersPerSecond`` right after one above
/// ``Configuration/spuriousZeroSpeedMetersPerSecond`` is held back, because receivers emit a
/// lone 0.0 at speed; the next sample decides: another slow one confirms both, a moving one
/// drops it. Once the slow samples span ``Configuration/stopConfirmationSeconds`` the estimator
/// is stopped: the speed reads 0 and the pace `nil`. The first sample at the stop speed or above
/// ends the stop and the average starts afresh from it, so the pace after a traffic light does
/// not climb from 0 over several half-lives.
///
/// Bad input is ignored: a time that is not finite or not after the previous sample's, and a
/// speed that is not finite or negative.
///
/// - Complexity: ``add(timeSeconds:speedMetersPerSecond:)`` is amortised O(1); reading the
///   speed is O(n) in the samples held, at most ``Configuration/maximumSampleCount``.
public struct CurrentPaceEstimator: Sendable {
  /// The knobs of the current pace estimator.
  public struct Configuration: Sendable, Hashable {
    /// Age in seconds at which a sample's weight has halved; shorter follows changes faster,
    /// longer is steadier.
    public var halfLifeSeconds: Double
    /// Samples older than this many seconds are dropped.
    public var windowSeconds: Double
    /// A speed below this, in meters per second, means standing.
    public var stopSpeedMetersPerSecond: Double
    /// Slow samples must span this many seconds before the estimator reports a stop.
    public var stopConfirmationSeconds: Double
    /// A lone slow sample right after a speed above this, in meters per second, is held back
    /// until the next sample confirms it. Set it below the slowest real pace of the activity
    /// (so a lone 0.0 while running at 3 m/s is caught) and above a pace from which one can stop
    /// between two samples (a walker at 1 m/s can).
    public var spuriousZeroSpeedMetersPerSecond: Double
    /// The most samples held; a receiver faster than `maximumSampleCount / windowSeconds`
    /// samples a second loses the oldest ones early, which the half-life makes harmless.
    public var maximumSampleCount: Int

    /// Creates a configuration; the defaults suit running.
    public init(
      halfLifeSeconds: Double = 3,
      windowSeconds: Double = 15,
      stopSpeedMetersPerSecond: Double = 0.3,
      stopConfirmationSeconds: Double = 2,
      spuriousZeroSpeedMetersPerSecond: Double = 2,
      maximumSampleCount: Int = 256
    ) {
      self.halfLifeSeconds = halfLifeSeconds
      self.windowSeconds = windowSeconds
      self.stopSpeedMetersPerSecond = stopSpeedMetersPerSecond
      self.stopConfirmationSeconds = stopConfirmationSeconds
      self.spuriousZeroSpeedMetersPerSecond = spuriousZeroSpeedMetersPerSecond
      self.maximumSampleCount = maximumSampleCount
    }

    /// Defaults for an activity: slower activities average longer, faster ones react faster
    /// and need a higher speed before a lone zero is called spurious.
    public static func defaults(for activity: ActivityKind) -> Configuration {
      switch activity {
      case .walking:
        Configuration(
          halfLifeSeconds: 4, windowSeconds: 20, spuriousZeroSpeedMetersPerSecond: 1)
      case .running:
        Configuration()
      case .cycling:
        Configuration(
          halfLifeSeconds: 2, windowSeconds: 10, stopSpeedMetersPerSecond: 0.8,
          spuriousZeroSpeedMetersPerSecond: 4)
      case .driving:
        Configuration(
          halfLifeSeconds: 1.5, windowSeconds: 8, stopSpeedMetersPerSecond: 1,
          spuriousZeroSpeedMetersPerSecond: 5)
      }
    }
  }

  private struct Sample: Sendable {
    var timeSeconds: Double
    var speedMetersPerSecond: Double
    var intervalSeconds: Double
  }

  /// The knobs; set at creation so that the sample buffer matches them.
  public let configuration: Configuration
  private var samples: FixedCapacityRingBuffer<Sample>
  // A slow sample held back after a fast one, waiting for the next sample to confirm it.
  private var pending: Sample?
  // Time of the last sample seen (accepted or held back); later samples must follow it.
  private var lastTimeSeconds: Double?
  // Time of the first slow sample of the current run of slow samples.
  private var slowSinceSeconds: Double?

  /// Interval credited to the first sample, which has no predecessor.
  private static let firstSampleIntervalSeconds = 1.0

  /// Creates an estimator.
  ///
  /// - Parameter configuration: the knobs, e.g. `.defaults(for: .cycling)`.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
    samples = FixedCapacityRingBuffer(capacity: configuration.maximumSampleCount)
  }

  /// Adds a speed sample.
  ///
  /// - Parameters:
  ///   - timeSeconds: the sample's time in seconds (any fixed epoch); ignored unless finite and
  ///     after the previous sample's.
  ///   - speedMetersPerSecond: the speed in meters per second; ignored unless finite and >= 0.
  public mutating func add(timeSeconds: Double, speedMetersPerSecond: Double) {
    guard timeSeconds.isFinite, speedMetersPerSecond.isFinite, speedMetersPerSecond >= 0 else {
      return
    }
    if let lastTimeSeconds, !(timeSeconds > lastTimeSeconds) { return }
    lastTimeSeconds = timeSeconds

    let isSlow = speedMetersPerSecond < configuration.stopSpeedMetersPerSecond
    let sample = Sample(
      timeSeconds: timeSeconds, speedMetersPerSecond: speedMetersPerSecond,
      intervalSeconds: interval(before: timeSeconds))

    if let held = pending {
      pending = nil
      if isSlow {
        accept(held)
        accept(
          Sample(
            timeSeconds: timeSeconds, speedMetersPerSecond: speedMetersPerSecond,
            intervalSeconds: interval(before: timeSeconds)))
        return
      }
      // The lone slow sample was spurious: drop it; this one covers its interval too.
      accept(sample)
      return
    }
    if isSlow, let previous = samples.last,
      previous.speedMetersPerSecond > configuration.spuriousZeroSpeedMetersPerSecond
    {
      pending = sample
      return
    }
    accept(sample)
  }

  /// The current speed in meters per second: the weighted average as of the newest sample, 0
  /// when stopped, `nil` when no sample is held.
  public var currentSpeedMetersPerSecond: Double? {
    guard let newest = samples.last else { return nil }
    return speedMetersPerSecond(atTimeSeconds: newest.timeSeconds)
  }

  /// The current pace in seconds per kilometer, or `nil` when stopped or without a speed (see
  /// ``PaceFormatter`` to show it).
  public var currentPaceSecondsPerKilometer: Double? {
    guard !isStopped, let speed = currentSpeedMetersPerSecond else { return nil }
    return PaceFormatter.secondsPerUnit(fromMetersPerSecond: speed, unit: .kilometer)
  }

  /// True when the slow samples up to the newest one span at least
  /// ``Configuration/stopConfirmationSeconds``.
  public var isStopped: Bool {
    guard let slowSinceSeconds, let newest = samples.last else { return false }
    return newest.timeSeconds - slowSinceSeconds >= configuration.stopConfirmationSeconds
  }

  /// The speed as of a later time, with every sample aged to it: the display value when no new
  /// sample arrived.
  ///
  /// - Parameter timeSeconds: the time in seconds; a time before the newest sample is taken
  ///   as the newest sample's time.
  /// - Returns: the speed in meters per second (0 when stopped), or `nil` when no sample is
  ///   within ``Configuration/windowSeconds`` of the time or the time is not finite.
  public func speedMetersPerSecond(atTimeSeconds timeSeconds: Double) -> Double? {
    guard timeSeconds.isFinite, let newest = samples.last else { return nil }
    let now = max(timeSeconds, newest.timeSeconds)
    var weightedSum = 0.0
    var weightSum = 0.0
    for sample in samples {
      let ageSeconds = now - sample.timeSeconds
      guard ageSeconds <= configuration.windowSeconds else { continue }
      let weight = sample.intervalSeconds * decay(ageSeconds: ageSeconds)
      weightedSum += weight * sample.speedMetersPerSecond
      weightSum += weight
    }
    guard weightSum > 0 else { return nil }
    return isStopped ? 0 : weightedSum / weightSum
  }

  /// Forgets every sample, keeping the configuration; call it at a new segment.
  public mutating func reset() {
    self = CurrentPaceEstimator(configuration: configuration)
  }

  private func interval(before timeSeconds: Double) -> Double {
    guard let previous = samples.last else { return Self.firstSampleIntervalSeconds }
    return min(timeSeconds - previous.timeSeconds, configuration.windowSeconds)
  }

  private func decay(ageSeconds: Double) -> Double {
    // A half-life that is not positive means "no memory": only the newest sample counts.
    guard configuration.halfLifeSeconds > 0 else { return ageSeconds == 0 ? 1 : 0 }
    return exp2(-ageSeconds / configuration.halfLifeSeconds)
  }

  private mutating func accept(_ sample: Sample) {
    if sample.speedMetersPerSecond < configuration.stopSpeedMetersPerSecond {
      if slowSinceSeconds == nil { slowSinceSeconds = sample.timeSeconds }
    } else {
      // Leaving a stop: the standing samples would hold the pace down for several half-lives.
      if isStopped { samples.removeAll() }
      slowSinceSeconds = nil
    }
    samples.append(sample)
    while let oldest = samples.first,
      sample.timeSeconds - oldest.timeSeconds > configuration.windowSeconds
    {
      samples.removeFirst(1)
    }
  }
}
