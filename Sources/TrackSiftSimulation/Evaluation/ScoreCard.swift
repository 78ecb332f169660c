/// How one pipeline did on one recording. Every figure is `nil` where the truth cannot score
/// it (a real recording knows no stops) or the pipeline gives nothing to score.
public struct ScoreCard: Sendable, Hashable, Codable {
  /// The pipeline's name.
  public var pipeline: String
  /// Median horizontal error of the output positions, in meters.
  public var horizontalErrorP50Meters: Double?
  /// 95th percentile of the horizontal error, in meters.
  public var horizontalErrorP95Meters: Double?
  /// Root mean square of the horizontal error, in meters.
  public var horizontalErrorRMSMeters: Double?
  /// Reported distance against the true one travelled from the receiver's first fix on, in
  /// percent (positive: too long).
  public var distanceErrorPercent: Double?
  /// The true distance travelled before the receiver's first fix, which no pipeline can see
  /// (a phone's network fixes and a cached fix aside), in percent of the whole true distance;
  /// left out of ``distanceErrorPercent``.
  public var unseenDistancePercent: Double?
  /// Reported climb (elevation gain) against the true one, in percent (positive: too much).
  public var elevationGainErrorPercent: Double?
  /// The same for the climb reported with a terrain model (a DEM) of the ground, where the
  /// case has one and the pipeline takes it.
  public var elevationGainWithDEMErrorPercent: Double?
  /// Reported moving time against the true one, in percent.
  public var movingTimeErrorPercent: Double?
  /// Distance counted while truly stopped, in meters per minute of stop.
  public var stoppedDistanceMetersPerMinute: Double?
  /// Minutes the truth stood still, which that figure is per (`nil` without stops).
  public var stoppedMinutes: Double?
  /// F1 score of "stopped" over the fixes with a known state.
  public var stopF1: Double?
  /// Median delay from a true stop's start to the first fix shown stopped, in seconds.
  public var stopLatencySeconds: Double?
  /// Fixes shown stopped during steady motion (true speed over 1 m/s, within 5 % for the
  /// 20 s before), in percent of those fixes.
  public var falseStopPercent: Double?
  /// Shown stops (runs of fixes shown stopped) that hold no truly stopped fix: stops shown
  /// where the person moved, as opposed to a true stop's boundary shown a few seconds off.
  public var falseStopCount: Int?
  /// Median error of the displayed speed on steady stretches, in percent of the true speed.
  public var paceErrorPercent: Double?
  /// Median delay for the displayed speed to come within 10 % of a new steady true speed,
  /// in seconds.
  public var paceLagSeconds: Double?
  /// Largest excess of the displayed speed over the true speed in the first 15 s, in m/s.
  public var launchOvershootMetersPerSecond: Double?
  /// Known-bad fixes more than 30 m off.
  public var spikeCount: Int?
  /// Share of those refused or brought within 30 m, in percent.
  public var spikeRecallPercent: Double?
  /// Share of good fixes refused, in percent.
  public var goodFixesRejectedPercent: Double?
  /// Mean distance from the true path of the positions within 10 s of a corner, in meters.
  public var cornerCrossTrackMeters: Double?
  /// The same at hairpins.
  public var hairpinCrossTrackMeters: Double?
  /// Points dropped by the simplification, in percent of the accepted ones.
  public var simplificationReductionPercent: Double?
  /// Largest distance of a dropped point from the simplified line, in meters.
  public var simplificationMaximumDeviationMeters: Double?
}
