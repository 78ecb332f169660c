/// One split of an activity: the time taken for one kilometer or mile.
public struct Split: Sendable, Hashable, Codable {
  /// 1-based number of the split.
  public var number: Int
  /// The split's length in meters: the full unit, or less for the last, partial split.
  public var distanceMeters: Double
  /// Activity time (timer time, pauses excluded) when the split ended, in seconds from the start;
  /// interpolated between the two fixes on either side of the split line.
  public var endTimerSeconds: Double
  /// Time taken for this split in seconds.
  public var durationSeconds: Double
  /// True for the last split when it is shorter than a full unit.
  public var isPartial: Bool
  /// Moving time (stops excluded) taken for this split in seconds, or `nil` when unknown.
  public var movingSeconds: Double?

  /// Creates a split.
  public init(
    number: Int, distanceMeters: Double, endTimerSeconds: Double, durationSeconds: Double,
    isPartial: Bool, movingSeconds: Double? = nil
  ) {
    self.number = number
    self.distanceMeters = distanceMeters
    self.endTimerSeconds = endTimerSeconds
    self.durationSeconds = durationSeconds
    self.isPartial = isPartial
    self.movingSeconds = movingSeconds
  }

  /// Pace in seconds per kilometer, or `nil` when the split has no length or no time.
  public var paceSecondsPerKilometer: Double? {
    guard distanceMeters > 0, durationSeconds > 0 else { return nil }
    return durationSeconds / distanceMeters * 1_000
  }

  /// Moving pace (stops excluded) in seconds per kilometer, or `nil` when the split has no
  /// length or no moving time.
  public var movingPaceSecondsPerKilometer: Double? {
    guard distanceMeters > 0, let movingSeconds, movingSeconds > 0 else { return nil }
    return movingSeconds / distanceMeters * 1_000
  }
}
