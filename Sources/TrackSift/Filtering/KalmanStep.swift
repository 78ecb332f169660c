/// What ``ConstantVelocityKalmanFilter`` did with one fix.
public struct KalmanStep: Sendable, Hashable {
  /// `.accepted`, or `.rejected(.innovationOutlier)` when the fix disagreed with the prediction.
  public var verdict: Verdict
  /// The filtered position after the fix (for a rejected fix: the last estimate).
  public var coordinate: Coordinate
  /// The filtered velocity (zero before the filter holds a state).
  public var velocity: Velocity
  /// True when the filter started afresh at this fix.
  public var startedRun: Bool
  /// True when the fix's reported velocity was used.
  public var usedReportedVelocity: Bool
  /// The state for the smoother, for accepted fixes.
  public var record: KalmanRecord?

  /// The filtered ground speed in meters per second.
  public var speedMetersPerSecond: Double { velocity.speedMetersPerSecond }
}
