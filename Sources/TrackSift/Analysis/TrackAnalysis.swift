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
/// as ``RejectionReason/timeJump`` (see ``TimeJump``), and an untimed fix as
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
/// Maximum speed counts only fixes from a satellite receiver, a simulator or an unknown source,
/// never network or fused positions.
///
/// - Complexity: O(n) time for n fixes. Memory beyond the input: about 40 bytes a fix for the
///   result, plus about 100 bytes a fix of the longest segment while it is smoothed.
public struct TrackAnalysis: Sendable {
  /// The thresholds used.
  public var profile: ActivityProfile
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

  /// Runs the pipeline over a track.
  ///
  /// - Parameters:
  ///   - track: the track, its fixes in recording order.
  ///   - profile: the thresholds, e.g. ``ActivityProfile/running``.
  public init(track: Track, profile: ActivityProfile = .running) {
    self.profile = profile
    var pipeline = Pipeline(profile: profile)
    verdicts = []
    verdicts.reserveCapacity(track.segments.count)
    speedVerdicts = []
    speedVerdicts.reserveCapacity(track.segments.count)
    segments = []
    segments.reserveCapacity(track.segments.count)
    for segment in track.segments {
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
  }
}

/// The running state of ``TrackAnalysis`` across segments.
private struct Pipeline {
  let profile: ActivityProfile
  var live: LivePipeline
  var raw: MetricsAccumulator
  var refined: MetricsAccumulator
  /// The speed verdicts of the segment last run.
  var lastSpeedVerdicts: [SpeedVerdict] = []

  init(profile: ActivityProfile) {
    self.profile = profile
    live = LivePipeline(profile: profile)
    raw = MetricsAccumulator(
      elevationThresholdMeters: profile.elevationThresholdMeters,
      elevationAccuracyMultiple: profile.elevationAccuracyMultiple)
    refined = raw
  }

  var counts: VerdictCounts { live.counts }

  mutating func run(_ segment: Segment) -> ([Verdict], AnalyzedSegment) {
    // Most fixes with times that advance: the motion model runs, and a fix without a time,
    // which it cannot place, is refused. Otherwise the times say nothing (none, a few, or
    // every fix stamped alike, as files with 1901-12-13 "null" times are) and are set aside:
    // the segment is used as it is, for its distance.
    var fixes = segment.fixes
    let timeUsability = segment.timeUsability
    let timed = timeUsability == .usable
    for index in fixes.indices {
      if !timed { fixes[index].timestamp = nil }
      // The receiver policy, as the live pipeline applies it at its entry.
      if fixes[index].horizontalAccuracyMeters == nil,
        fixes[index].receiver.horizontalDilution != nil
      {
        fixes[index] = fixes[index].withAccuracyFromDilution
      }
    }
    raw.startSegment()
    refined.startSegment()
    for fix in fixes where fix.coordinate.isInRange {
      raw.add(
        MetricsSample(
          timeSeconds: fix.timeSeconds, coordinate: fix.coordinate,
          altitudeMeters: fix.validAltitudeMeters,
          verticalAccuracyMeters: fix.verticalAccuracyMeters,
          speedForMaximumMetersPerSecond: fix.validSpeedMetersPerSecond))
    }
    var result = AnalyzedSegment(
      acceptedFixIndices: [], liveCoordinates: [], refinedCoordinates: [], isMoving: [],
      refinedIsMoving: [],
      simplifiedIndices: [], timeUsability: timeUsability)
    var verdicts: [Verdict] = []
    var speedVerdicts: [SpeedVerdict] = []
    var records: [KalmanRecord] = []
    var sustainedFlags: [Bool] = []  // MetricsSample.countsForSustainedSpeed
    var stopSpeeds: [SpeedEstimate?] = []  // what the live stop detector was given
    var acrossGap: [Bool] = []
    verdicts.reserveCapacity(fixes.count)
    speedVerdicts.reserveCapacity(fixes.count)
    result.acceptedFixIndices.reserveCapacity(fixes.count)
    result.liveCoordinates.reserveCapacity(fixes.count)
    result.isMoving.reserveCapacity(fixes.count)
    result.trustedSpeedsMetersPerSecond.reserveCapacity(fixes.count)
    if timed { records.reserveCapacity(fixes.count) }
    // Each step as it comes out, so that only what the refined figures need is kept.
    func take(_ step: LivePipeline.Step) {
      verdicts.append(step.verdict)
      speedVerdicts.append(step.speedVerdict)
      guard step.verdict.isAccepted else { return }
      if let record = step.record { records.append(record) }
      // Live figures learn of a stop, and of leaving it, a few seconds late; the refined
      // ones need not: the fixes of the dwell count as stopped, those after the departure
      // as moving.
      if step.stopStartTimeSeconds != nil || step.departureTimeSeconds != nil {
        // A copy of the indices only here, released before they grow below.
        let indices = result.acceptedFixIndices
        if let dwellStart = step.stopStartTimeSeconds {
          StopDetector.relabel(&result.isMoving, as: false, after: dwellStart) {
            fixes[indices[$0]].timeSeconds
          }
        }
        if let departure = step.departureTimeSeconds {
          StopDetector.relabel(&result.isMoving, as: true, after: departure) {
            fixes[indices[$0]].timeSeconds
          }
        }
      }
      result.acceptedFixIndices.append(step.sequence)
      result.liveCoordinates.append(step.coordinate)
      result.isMoving.append(step.isMoving)
      result.trustedSpeedsMetersPerSecond.append(step.speedForMaximumMetersPerSecond)
      sustainedFlags.append(step.countsForSustainedSpeed)
      stopSpeeds.append(step.speed)
      acrossGap.append(step.isMovingAcrossGap)
    }
    for (index, fix) in fixes.enumerated() {
      if timed {
        live.append(fix, sequence: index) { take($0) }
      } else {
        take(live.appendWithoutMotionModel(fix, sequence: index))
      }
    }
    live.endSegment { take($0) }
    lastSpeedVerdicts = speedVerdicts

    if timed {
      let inputs = RefinedStops.Inputs(count: stopSpeeds.count) { [result, profile] position in
        RefinedStops.Input(
          fix: fixes[result.acceptedFixIndices[position]], speed: stopSpeeds[position],
          configuration: profile.stops)
      }
      let candidates = RefinedStops.candidateFlags(
        live: result.isMoving, inputs: inputs, profile.stops, keepsLive: acrossGap)
      result.refinedIsMoving = RefinedStops.movingFlags(
        live: candidates, inputs: inputs, configuration: profile.stops, keepsLive: acrossGap)
      refit(&records, fixes, result, speedVerdicts)
    } else {
      result.refinedIsMoving = result.isMoving
    }
    stopSpeeds = []
    result.refinedCoordinates =
      timed ? RTSSmoother.smoothedCoordinates(records) : result.liveCoordinates
    records = []
    result.refinedIsCreeping =
      timed
      ? StopCreep.apply(
        to: &result.refinedCoordinates, isMoving: result.refinedIsMoving, crossesGap: acrossGap,
        countsEveryStop: profile.refinedCountsStopMovement
      ) { [indices = result.acceptedFixIndices] position in
        // The indices alone: capturing `result` would copy the coordinates being moved.
        fixes[indices[position]].validHorizontalAccuracyMeters
      } : [Bool](repeating: false, count: result.refinedCoordinates.count)
    var position = 0
    for (index, fix) in fixes.enumerated() {
      guard position < result.acceptedFixIndices.count, result.acceptedFixIndices[position] == index
      else {
        // A refused fix whose time is trusted runs the clock, as it does live.
        if let reason = verdicts[index].rejectionReason, reason.keepsTime,
          let time = fix.timeSeconds
        {
          refined.advanceClock(toSeconds: time)
        }
        continue
      }
      defer { position += 1 }
      refined.add(
        MetricsSample(
          timeSeconds: fix.timeSeconds, coordinate: result.refinedCoordinates[position],
          altitudeMeters: fix.validAltitudeMeters,
          verticalAccuracyMeters: fix.verticalAccuracyMeters,
          speedForMaximumMetersPerSecond: result.trustedSpeedsMetersPerSecond[position],
          isMoving: result.refinedIsMoving[position],
          countsForSustainedSpeed: sustainedFlags[position],
          isCreeping: result.refinedIsCreeping[position])
      )
    }
    result.simplifiedIndices = DouglasPeucker.simplifiedIndices(
      of: result.refinedCoordinates, toleranceMeters: profile.simplificationToleranceMeters)
    return (verdicts, result)
  }
}

extension Pipeline {
  /// Filters the segment's accepted fixes again for the smoother when the profile asks for a
  /// refined pass of its own (see ``ActivityProfile/smoothingAccelerationNoiseMetersPerSecondSquared``):
  /// with its acceleration noise, holding still at the refined stops, with the white noise
  /// measured on the segment where fixes state no accuracy of their own, and with no reported
  /// speed the live pass refused for its quality (see ``LivePipeline``).
  fileprivate func refit(
    _ records: inout [KalmanRecord], _ fixes: [Fix], _ result: AnalyzedSegment,
    _ speedVerdicts: [SpeedVerdict]
  ) {
    guard records.count == result.acceptedFixIndices.count, !records.isEmpty else { return }
    var configuration = profile.filter
    if let noise = profile.smoothingAccelerationNoiseMetersPerSecondSquared {
      configuration.accelerationNoiseMetersPerSecondSquared = noise
    }
    configuration.measuresWhiteNoise = true
    let whiteNoise = Self.whiteNoiseSigmaMeters(records, fixes, result, configuration)
    guard
      profile.smoothingAccelerationNoiseMetersPerSecondSquared != nil
        || profile.refinedStopVelocitySigmaMetersPerSecond != nil || whiteNoise != nil
    else { return }
    var filter = ConstantVelocityKalmanFilter(configuration: configuration)
    filter.presetWhiteNoiseSigmaMeters = whiteNoise
    for position in records.indices {
      let index = result.acceptedFixIndices[position]
      var fix = fixes[index]
      // As the live filter: a speed refused only for following a signal loss still steers.
      if let reason = speedVerdicts[index].rejectionReason, reason != .afterSignalLoss {
        fix.speedMetersPerSecond = nil
      }
      let holdsStill = !result.refinedIsMoving[position] && Self.mayStandStill(fix, configuration)
      if let record = filter.refit(
        fix, startsRun: records[position].startsRun,
        stationaryVelocitySigmaMetersPerSecond: holdsStill
          ? profile.refinedStopVelocitySigmaMetersPerSecond : nil)
      {
        records[position] = record
      }
    }
  }

  /// The white noise of the segment's positions that `configuration` measures (see
  /// ``WhitePositionNoiseEstimator``), over the whole segment, in meters; `nil` where it
  /// measures none or too few such fixes came at equal intervals.
  fileprivate static func whiteNoiseSigmaMeters(
    _ records: [KalmanRecord], _ fixes: [Fix], _ result: AnalyzedSegment,
    _ configuration: ConstantVelocityKalmanFilter.Configuration
  ) -> Double? {
    guard configuration.measuresWhiteNoise, let first = records.first?.coordinate else {
      return nil
    }
    let plane = LocalTangentPlane(origin: first)
    var estimator = WhitePositionNoiseEstimator()
    for position in records.indices {
      let fix = fixes[result.acceptedFixIndices[position]]
      if records[position].startsRun { estimator.restart() }
      guard configuration.measuresWhiteNoise(of: fix), let time = fix.timeSeconds else {
        continue
      }
      let (east, north) = plane.project(fix.coordinate)
      estimator.add(timeSeconds: time, eastMeters: east, northMeters: north)
    }
    return estimator.sigmaMeters
  }

  /// Whether a fix's Doppler speed, if it has one, is within twice its accuracy of zero: a
  /// car creeping in a queue is not standing, whatever its stop says.
  fileprivate static func mayStandStill(
    _ fix: Fix, _ configuration: ConstantVelocityKalmanFilter.Configuration
  ) -> Bool {
    guard let speed = fix.validSpeedMetersPerSecond else { return true }
    return speed
      <= max(
        configuration.stationarySpeedMetersPerSecond,
        2 * configuration.speedSigmaMetersPerSecond(of: fix))
  }
}
