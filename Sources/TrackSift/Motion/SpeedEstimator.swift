/// Gives one honest speed per fix: the receiver's reported (Doppler) speed when it is usable,
/// else the geodesic distance over time from the previous fix when that interval is sane and
/// the result physically plausible, else no speed at all.
///
/// Rules, in order, for each update:
/// 1. No time (or a time that is not finite): `nil`, and nothing changes.
/// 2. A time not after the previous timed update: `nil`, and the reference point stays.
/// 3. A reported speed that is finite, at least 0 and below
///    ``Configuration/reportedSpeedCeilingMetersPerSecond``: used as is (``SpeedEstimate/Source/reported``).
/// 4. Otherwise the speed is derived from the previous update's position, only when the interval
///    lies within ``Configuration/minimumIntervalSeconds`` ...
///    ``Configuration/maximumIntervalSeconds``, the result is at most
///    ``Configuration/maximumDerivedSpeedMetersPerSecond`` and
///    ``Configuration/derivedSpeedHoldSeconds`` have passed since the first update (or the
///    last ``reset()``); else `nil`.
///
/// Every timed update with a position in range becomes the reference for the next derivation,
/// whatever it returned, so a long gap gives `nil` once and derivation resumes at the next fix.
/// Feed it accepted fixes only (see ``FixGate``): a rejected spike would otherwise become the
/// reference.
///
/// - Complexity: O(1) per update, without allocation.
public struct SpeedEstimator: Sendable {
  /// The knobs of the speed estimator.
  public struct Configuration: Sendable, Hashable {
    /// A reported speed at or above this, in meters per second, is not believed (receivers emit
    /// absurd Doppler values when they lose lock); the speed is then derived from positions.
    public var reportedSpeedCeilingMetersPerSecond: Double
    /// The shortest interval between two fixes, in seconds, over which a speed is derived:
    /// below it, position noise divided by a tiny interval gives absurd speeds.
    public var minimumIntervalSeconds: Double
    /// The longest interval between two fixes, in seconds, over which a speed is derived:
    /// beyond it the straight line between them no longer describes the path.
    public var maximumIntervalSeconds: Double
    /// The fastest plausible derived speed for the activity, in meters per second; a faster
    /// derived speed comes from a position error and is dropped.
    public var maximumDerivedSpeedMetersPerSecond: Double
    /// For this many seconds after the first fix (or a reset), no speed is derived: a
    /// receiver converging after its start or a gap drifts several meters a second, which a
    /// step between positions would show as speed (a launch spike). Reported speeds are
    /// used from the first fix.
    public var derivedSpeedHoldSeconds: Double

    /// Creates a configuration; the defaults suit running.
    public init(
      reportedSpeedCeilingMetersPerSecond: Double = 45,
      minimumIntervalSeconds: Double = 0.5,
      maximumIntervalSeconds: Double = 10,
      maximumDerivedSpeedMetersPerSecond: Double = 12,
      derivedSpeedHoldSeconds: Double = 15
    ) {
      self.reportedSpeedCeilingMetersPerSecond = reportedSpeedCeilingMetersPerSecond
      self.minimumIntervalSeconds = minimumIntervalSeconds
      self.maximumIntervalSeconds = maximumIntervalSeconds
      self.maximumDerivedSpeedMetersPerSecond = maximumDerivedSpeedMetersPerSecond
      self.derivedSpeedHoldSeconds = derivedSpeedHoldSeconds
    }

    /// Defaults for an activity: the fastest plausible derived speed is 6 m/s walking,
    /// 12 m/s running, 30 m/s cycling and 45 m/s driving.
    public static func defaults(for activity: ActivityKind) -> Configuration {
      switch activity {
      case .walking: Configuration(maximumDerivedSpeedMetersPerSecond: 6)
      case .running: Configuration()
      case .cycling: Configuration(maximumDerivedSpeedMetersPerSecond: 30)
      case .driving: Configuration(maximumDerivedSpeedMetersPerSecond: 45)
      }
    }
  }

  /// The knobs in force; may be changed between updates.
  public var configuration: Configuration
  // Time of the last timed update, which the next one must follow.
  private var lastTimeSeconds: Double?
  // The first timed update since the start or the last reset.
  private var startTimeSeconds: Double?
  // The last timed position in range: the start of the next derived step.
  private var reference: (timeSeconds: Double, coordinate: Coordinate)?

  /// Creates an estimator.
  ///
  /// - Parameter configuration: the knobs, e.g. `.defaults(for: .cycling)`.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
  }

  /// The speed at one fix (see the type's documentation for the rules).
  ///
  /// - Parameters:
  ///   - timeSeconds: the fix's own time in seconds (any fixed epoch), or `nil` when unknown.
  ///   - coordinate: the fix's position.
  ///   - reportedSpeedMetersPerSecond: the receiver's speed in meters per second, if any.
  /// - Returns: the speed and its source, or `nil` when no honest speed can be given.
  public mutating func update(
    timeSeconds: Double?, coordinate: Coordinate, reportedSpeedMetersPerSecond: Double?
  ) -> SpeedEstimate? {
    guard let timeSeconds, timeSeconds.isFinite else { return nil }
    if let lastTimeSeconds, !(timeSeconds > lastTimeSeconds) { return nil }
    lastTimeSeconds = timeSeconds
    let startTimeSeconds = self.startTimeSeconds ?? timeSeconds
    self.startTimeSeconds = startTimeSeconds

    let previous = reference
    if coordinate.isInRange {
      reference = (timeSeconds, coordinate)
    }

    if let reported = reportedSpeedMetersPerSecond, reported.isFinite, reported >= 0,
      reported < configuration.reportedSpeedCeilingMetersPerSecond
    {
      return SpeedEstimate(metersPerSecond: reported, source: .reported)
    }

    guard let previous, coordinate.isInRange,
      timeSeconds - startTimeSeconds >= configuration.derivedSpeedHoldSeconds
    else { return nil }
    let intervalSeconds = timeSeconds - previous.timeSeconds
    guard intervalSeconds >= configuration.minimumIntervalSeconds,
      intervalSeconds <= configuration.maximumIntervalSeconds
    else { return nil }
    let derived =
      Geodesic.distanceMeters(from: previous.coordinate, to: coordinate)
      / intervalSeconds
    guard derived.isFinite, derived <= configuration.maximumDerivedSpeedMetersPerSecond else {
      return nil
    }
    return SpeedEstimate(metersPerSecond: derived, source: .derived)
  }

  /// The speed at one fix, from its time, position and valid reported speed
  /// (``Fix/validSpeedMetersPerSecond``).
  ///
  /// - Returns: the speed and its source, or `nil` when no honest speed can be given.
  public mutating func update(with fix: Fix) -> SpeedEstimate? {
    update(
      timeSeconds: fix.timeSeconds, coordinate: fix.coordinate,
      reportedSpeedMetersPerSecond: fix.validSpeedMetersPerSecond)
  }

  /// Forgets the previous fix, keeping the configuration; call it at a new segment so no
  /// speed is derived across the gap.
  public mutating func reset() {
    lastTimeSeconds = nil
    startTimeSeconds = nil
    reference = nil
  }
}
