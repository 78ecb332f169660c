extension LivePipeline {
  /// What became of one fix.
  struct Step: Sendable {
    /// The caller's number for the fix.
    var sequence: Int
    /// The final verdict: the excursion look-ahead's, the gate's or the filter's.
    var verdict: Verdict
    /// For an accepted fix: the live position, the filter's records smoothed over the next
    /// ``LivePipeline/smoothingLagFixes`` fixes held.
    var coordinate: Coordinate
    /// For an accepted fix: whether the person moved over the interval ending at it.
    var isMoving = false
    /// For an accepted fix: whether ``isMoving`` judges a step across a gap or a re-anchoring
    /// rather than the stop detector's verdict.
    var isMovingAcrossGap = false
    /// The speed layer's estimate at an accepted fix.
    var speed: SpeedEstimate?
    /// The fix's ``Fix/reportedVelocity``, for an accepted fix with a time.
    var reportedVelocity: Velocity?
    /// The verdict on the fix's speed (``SpeedCorroboration``); ``SpeedVerdict/unjudged``
    /// for a refused fix or one without a speed.
    var speedVerdict = SpeedVerdict.unjudged
    /// The speed that may count for the maximum speed: a trusted, measured one only.
    var speedForMaximumMetersPerSecond: Double?
    /// Whether the step to this fix may count for the speed held over a stretch: not where
    /// the fix's speed was refused, nor where a speed derived from positions failed the
    /// speed layer's physics (see ``MetricsSample/countsForSustainedSpeed``).
    var countsForSustainedSpeed = true
    /// The state for the smoother: the ``LiveFilter``'s record of the fix.
    var record: KalmanRecord?
    /// When this fix made a stop: the time at which its dwell began.
    var stopStartTimeSeconds: Double?
    /// When this fix ended a stop: the time the person left it.
    var departureTimeSeconds: Double?
    /// Splits (kilometer and mile) completed at this fix.
    var splits: [Split] = []
    /// For an accepted fix after a signal loss the person kept moving through: the live
    /// smoother's path into it, which the live figures measure (see ``GapPath``).
    var gapPath: GapPath?
  }
}
