/// The batch pipeline over a recorded track, and its result.
///
/// For each segment, every fix goes through the ``FixGate``, then the
/// ``ConstantVelocityKalmanFilter`` (whose innovation test may still refuse it), then the speed
/// and stop layers, into a ``MetricsAccumulator``: these are the **live** figures, the ones a
/// recording app shows. After each segment the ``RTSSmoother`` refines the positions, and the
/// stops are checked against the whole segment (``AnalyzedSegment/refinedIsMoving``: ends from
/// the stop detector run backwards, boundaries moved to where the Doppler velocity changed,
/// stops whose Doppler kept a walking pace dropped); those flags over the smoothed positions
/// give the **refined** figures. Where the profile asks for it
/// (``ActivityProfile/smoothingAccelerationNoiseMetersPerSecondSquared``), the fixes are filtered
/// again for the smoother, holding still at the refined stops. Both are kept side by side,
/// never mixed. The
/// **raw** figures sum the distance between all in-range fixes as they are, as a naive reader
/// of the file would.
///
/// Before the gate, a look ahead of up to ten fixes refuses excursions as
/// ``RejectionReason/impliedSpeed``: a run of fixes that left the track and came back with an
/// impossible jump, such as the spike after a signal gap or an error ramp that snaps back.
///
/// A segment whose times are usable (``Segment/timeUsability``: most fixes have one, and they
/// advance apart from isolated glitches) runs the filters; a fix whose time jumped is refused
/// as ``RejectionReason/timeJump`` (see `TimeJump`), and an untimed fix as
/// ``RejectionReason/missingTimestamp`` (the motion model cannot place it). In any other
/// segment the times say nothing (none, a few, every fix stamped alike, or times that do not
/// advance; ``AnalyzedSegment/timeUsability`` says which) and are set aside for the figures:
/// the filters are bypassed, the accepted fixes are used as they are and count as moving, so
/// the distance is still computed while times, pace and speed stay undefined.
///
/// A step the gate or the filter accepted only by re-anchoring (after a gap or a confirmed
/// jump) is not bridged, adding neither distance nor moving time, unless it spans a signal gap
/// at a speed the activity moves at (between the stop detector's resume speed and the maximum
/// derived speed): then it counts as a straight line, as tunnels and sparse recordings need.
///
/// A timed segment whose every fix carries a ``CleanedMotion`` comes from a file TrackSift
/// cleaned, and its refined figures are measured as written
/// (``AnalyzedSegment/isMeasuredAsWritten``): the fixes' positions, their steps counted as
/// their motions say, no smoothing or stop refinement a second time; the gate and the live
/// figures run as for any file.
///
/// Maximum speed counts only fixes from a satellite receiver, a simulator or an unknown source,
/// never network or fused positions.
///
/// - Complexity: O(n) time for n fixes. Memory beyond the input: about 40 bytes a fix for the
///   result, plus about 100 bytes a fix of the longest segment while it is smoothed.
public struct TrackAnalysis: Sendable {
  /// The thresholds used: those of every segment without one of its own in
  /// ``segmentProfiles``, and the figures' elevation bands throughout.
  public var profile: ActivityProfile
  /// The thresholds of the segments measured with a profile of their own (a multisport
  /// file's sessions), by segment index.
  public var segmentProfiles: [Int: ActivityProfile]
  /// The final verdict on every fix, per segment, in the input's order: the gate's, or the
  /// filter's innovation rejection.
  public var verdicts: [[Verdict]]
  /// Counts of the final verdicts by reason.
  public var verdictCounts: VerdictCounts
  /// The verdict on every fix's speed, parallel to ``verdicts`` (see ``SpeedCorroboration``):
  /// only a trusted speed counts for the maximum, the live pace and the position filter.
  public var speedVerdicts: [[SpeedVerdict]]
  /// Counts of the speed verdicts of the accepted fixes.
  public var speedVerdictCounts: SpeedVerdictCounts
  /// Figures over all in-range fixes as they are, without judgement or filtering.
  public var rawMetrics: ActivityMetrics
  /// Figures over the accepted fixes at their live positions.
  public var liveMetrics: ActivityMetrics
  /// Figures over the accepted fixes at the smoothed positions.
  public var refinedMetrics: ActivityMetrics
  /// What became of each segment.
  public var segments: [AnalyzedSegment]
  /// Where the refined climb came from, and each available source's own climb.
  public var climb: ClimbSummary
  /// The grade along the refined route, with the grade-adjusted pace and the VAM, from the
  /// altitudes the refined climb is counted on; `nil` without altitudes over a window.
  public var grade: GradeFigures?

  /// Runs the pipeline over a track.
  ///
  /// - Parameters:
  ///   - track: the track, its fixes in recording order.
  ///   - profile: the thresholds, e.g. ``ActivityProfile/running``.
  ///   - segmentProfiles: the thresholds of segments measured otherwise, by segment index (a
  ///     multisport file's sports, one per session); an index outside the track is ignored.
  ///     Each such segment's fixes go through that profile's gate, filter, speed, stop and
  ///     climb rules; the figures run on across segments as with one profile.
  ///   - elevationModel: a terrain model (DEM tiles) the climb is counted on where it covers
  ///     the track; `nil` counts it on the fixes' own altitudes.
  public init(
    track: Track, profile: ActivityProfile = .running,
    segmentProfiles: [Int: ActivityProfile] = [:],
    elevationModel: (any ElevationModel)? = nil
  ) {
    self.profile = profile
    self.segmentProfiles = segmentProfiles
    var pipeline = AnalysisPipeline(
      profile: profile, elevationModel: elevationModel, altitudeNoise: AltitudeNoise(track))
    verdicts = []
    verdicts.reserveCapacity(track.segments.count)
    speedVerdicts = []
    speedVerdicts.reserveCapacity(track.segments.count)
    segments = []
    segments.reserveCapacity(track.segments.count)
    for (index, segment) in track.segments.enumerated() {
      pipeline.use(segmentProfiles[index] ?? profile)
      let (segmentVerdicts, analyzed) = pipeline.run(segment)
      verdicts.append(segmentVerdicts)
      speedVerdicts.append(pipeline.lastSpeedVerdicts)
      segments.append(analyzed)
    }
    verdictCounts = pipeline.counts
    speedVerdictCounts = pipeline.live.speedCounts
    rawMetrics = pipeline.raw.metrics
    liveMetrics = pipeline.live.metrics.metrics
    refinedMetrics = pipeline.refined.metrics
    refinedMetrics.setClimb(pipeline.climb.chosen, spikeCount: pipeline.climb.chosenSpikeCount)
    climb = pipeline.climb.summary
    grade = pipeline.grade.figures
  }
}
