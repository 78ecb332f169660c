import TrackSift

/// The figures stored with an activity when it is finished, so that a listing does not have to
/// replay the raw fixes. Every figure is optional: `nil` means not stored.
public struct ActivityTotals: Sendable, Hashable, Codable {
  /// Distance in meters.
  public var distanceMeters: Double?
  /// Time spent moving, in seconds (stops excluded).
  public var movingTimeSeconds: Double?
  /// From the first to the last fix, pauses included, in seconds.
  public var elapsedTimeSeconds: Double?

  /// Creates totals; every figure defaults to not stored.
  public init(
    distanceMeters: Double? = nil, movingTimeSeconds: Double? = nil,
    elapsedTimeSeconds: Double? = nil
  ) {
    self.distanceMeters = distanceMeters
    self.movingTimeSeconds = movingTimeSeconds
    self.elapsedTimeSeconds = elapsedTimeSeconds
  }

  /// The totals of a metrics accumulator's or an analysis's figures.
  public init(_ metrics: ActivityMetrics) {
    self.init(
      distanceMeters: metrics.distanceMeters, movingTimeSeconds: metrics.movingTimeSeconds,
      elapsedTimeSeconds: metrics.elapsedTimeSeconds)
  }

  /// True when no figure is stored.
  public var isEmpty: Bool {
    distanceMeters == nil && movingTimeSeconds == nil && elapsedTimeSeconds == nil
  }

  /// The name of the first figure that is negative or not finite, or `nil` when all are valid.
  var invalidFigureName: String? {
    let figures: [(String, Double?)] = [
      ("distanceMeters", distanceMeters), ("movingTimeSeconds", movingTimeSeconds),
      ("elapsedTimeSeconds", elapsedTimeSeconds),
    ]
    return figures.first { _, value in value.map { !$0.isFinite || $0 < 0 } ?? false }?.0
  }
}
