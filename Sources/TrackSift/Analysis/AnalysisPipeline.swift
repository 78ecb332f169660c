/// The running state of ``TrackAnalysis`` across segments.
struct AnalysisPipeline {
  /// The profile of the segment being run.
  private(set) var profile: ActivityProfile
  let elevationModel: (any ElevationModel)?
  /// The noise of the track's own altitudes, and so their source.
  let altitudeNoise: AltitudeNoise
  var climb: ClimbCounter
  var grade = GradeAccumulator()
  /// The refined distance counted up to each accepted fix of the segment last run, in meters.
  private var refinedDistancesMeters: [Double] = []
  var live: LivePipeline
  var raw: MetricsAccumulator
  var refined: MetricsAccumulator
  /// The speed verdicts of the segment last run.
  var lastSpeedVerdicts: [SpeedVerdict] = []

  init(
    profile: ActivityProfile, elevationModel: (any ElevationModel)?, altitudeNoise: AltitudeNoise
  ) {
    self.profile = profile
    self.elevationModel = elevationModel
    self.altitudeNoise = altitudeNoise
    climb = ClimbCounter(hasTerrainModel: elevationModel != nil)
    live = LivePipeline(profile: profile)
    raw = MetricsAccumulator(
      elevationThresholdMeters: profile.elevationThresholdMeters,
      elevationAccuracyMultiple: profile.elevationAccuracyMultiple)
    refined = raw
    refined.followsClockSetBacks = true
  }

  var counts: VerdictCounts { live.counts }

  /// Runs the next segment with `profile` (see ``TrackAnalysis/segmentProfiles``).
  mutating func use(_ profile: ActivityProfile) {
    self.profile = profile
    live.beginSegment(with: profile)
  }

  /// Runs one segment: the raw figures, the live pass, then the refined one.
  mutating func run(_ segment: Segment) -> ([Verdict], AnalyzedSegment) {
    // Most fixes with times that advance: the motion model runs, and a fix without a time,
    // which it cannot place, is refused. Otherwise the times say nothing (none, a few, or
    // every fix stamped alike, as files with 1901-12-13 "null" times are) and are set aside:
    // the segment is used as it is, for its distance.
    let timeUsability = segment.timeUsability
    let timed = timeUsability == .usable
    // A constant: the closures below capture it, and a captured variable would be checked for
    // exclusive access at every read.
    let fixes = Self.prepared(segment.fixes, timed: timed)
    let isCleaned = timed && Self.isCleaned(fixes)
    raw.startSegment()
    refined.startSegment(keepsClock: isCleaned && fixes[0].cleanedMotion == .stopped)
    for fix in fixes where fix.coordinate.isInRange {
      raw.add(
        MetricsSample(
          timeSeconds: fix.timeSeconds, coordinate: fix.coordinate,
          altitudeMeters: fix.validAltitudeMeters,
          verticalAccuracyMeters: fix.verticalAccuracyMeters,
          speedForMaximumMetersPerSecond: fix.validSpeedMetersPerSecond))
    }
    var pass = LivePass(fixCount: fixes.count, timeUsability: timeUsability)
    for (index, fix) in fixes.enumerated() {
      if timed {
        live.append(fix, sequence: index) { pass.take($0, of: fixes) }
      } else {
        pass.take(live.appendWithoutMotionModel(fix, sequence: index), of: fixes)
      }
    }
    live.endSegment { pass.take($0, of: fixes) }
    lastSpeedVerdicts = pass.speedVerdicts
    if timed, profile.countsStopMovement {
      pass.segment.liveStopMovementMeters = StopCreep.liveMovements(
        coordinates: pass.segment.liveCoordinates, isMoving: pass.segment.isMoving,
        crossesGap: pass.acrossGap)
    }
    if isCleaned {
      measureAsWritten(&pass, fixes)
    } else if timed {
      refine(&pass, fixes)
    } else {
      pass.segment.refinedIsMoving = pass.segment.isMoving
      pass.segment.refinedCoordinates = pass.segment.liveCoordinates
      pass.segment.refinedIsCreeping = [Bool](
        repeating: false, count: pass.segment.refinedCoordinates.count)
    }
    addRefinedFigures(fixes, pass)
    pass.segment.climbAltitudesMeters = countClimb(fixes, pass.segment)
    pass.segment.simplifiedIndices = DouglasPeucker.simplifiedIndices(
      of: pass.segment.refinedCoordinates, toleranceMeters: profile.simplificationToleranceMeters)
    return (pass.verdicts, pass.segment)
  }

  /// The refined stops, positions and creeping stops of a timed segment's live pass. What
  /// only they need is released as soon as they are made.
  private func refine(_ pass: inout LivePass, _ fixes: [Fix]) {
    let refiner = StopRefiner(configuration: profile.stops)
    let inputs = StopRefiner.Inputs(count: pass.stopSpeeds.count) {
      [
        indices = pass.segment.acceptedFixIndices, stopSpeeds = pass.stopSpeeds,
        velocities = pass.reportedVelocities, refiner
      ] position in
      StopRefiner.Input(
        fix: fixes[indices[position]], speed: stopSpeeds[position],
        reportedVelocity: velocities[position], configuration: refiner.configuration)
    }
    let candidates = refiner.candidateFlags(
      live: pass.segment.isMoving, inputs: inputs, keepsLive: pass.acrossGap)
    pass.segment.refinedIsMoving = refiner.movingFlags(
      live: candidates, inputs: inputs, keepsLive: pass.acrossGap)
    refit(&pass.records, fixes, pass.segment, pass.speedVerdicts)
    pass.stopSpeeds = []
    pass.reportedVelocities = []
    let indices = pass.segment.acceptedFixIndices
    let gaps = Self.movingSignalLosses(
      times: { fixes[indices[$0]].timeSeconds }, isMoving: pass.segment.refinedIsMoving)
    var (coordinates, velocities) = RTSSmoother.smoothedCoordinates(
      pass.records, velocitiesAt: Set(gaps.flatMap { [$0 - 1, $0] }))
    pass.records = []
    pass.segment.refinedIsCreeping = StopCreep.apply(
      to: &coordinates, isMoving: pass.segment.refinedIsMoving, crossesGap: pass.acrossGap,
      countsEveryStop: profile.countsStopMovement,
      accuracyMultiple: profile.stops.refinement.creepAccuracyMultiple
    ) { position in
      fixes[indices[position]].validHorizontalAccuracyMeters
    }
    for position in gaps {
      guard let before = velocities[position - 1], let after = velocities[position],
        let start = fixes[indices[position - 1]].timeSeconds,
        let end = fixes[indices[position]].timeSeconds
      else { continue }
      let previous = position >= 2 ? fixes[indices[position - 2]].timeSeconds : nil
      pass.segment.refinedGapPaths[position] = GapPath.across(
        from: (coordinates[position - 1], before, start), to: (coordinates[position], after, end),
        previousIntervalSeconds: previous.map { start - $0 },
        maximumIntervalSeconds: profile.filter.reanchorGapSeconds)
    }
    pass.segment.refinedCoordinates = coordinates
  }

  /// The refined figures of a file TrackSift cleaned: its positions as written, its steps
  /// counted as its ``CleanedMotion`` says. Filtering and judging stops a second time would
  /// smooth the smoothed path again and cut its bends, and find stops where the smoothed
  /// positions of a slow walk move less than the fixes did.
  private func measureAsWritten(_ pass: inout LivePass, _ fixes: [Fix]) {
    let accepted = pass.segment.acceptedFixIndices
    pass.segment.refinedCoordinates = accepted.map { fixes[$0].coordinate }
    pass.segment.refinedIsMoving = accepted.map { fixes[$0].cleanedMotion == .moving }
    pass.segment.refinedIsCreeping = accepted.map { fixes[$0].cleanedMotion == .creeping }
    pass.segment.isMeasuredAsWritten = true
    pass.records = []
    pass.stopSpeeds = []
    pass.reportedVelocities = []
  }

  /// Whether every fix of a segment carries the motion a cleaned file writes.
  private static func isCleaned(_ fixes: [Fix]) -> Bool {
    !fixes.isEmpty && fixes.allSatisfy { $0.cleanedMotion != nil }
  }

  /// The positions among the accepted fixes whose step from the fix before is longer than
  /// ``SignalLossReconvergence/signalLossSeconds`` with the person moving on both sides: the
  /// steps a ``GapPath`` may measure.
  private static func movingSignalLosses(times: (Int) -> Double?, isMoving: [Bool]) -> [Int] {
    isMoving.indices.dropFirst().filter { position in
      guard isMoving[position - 1], isMoving[position], let start = times(position - 1),
        let end = times(position)
      else { return false }
      return end - start > SignalLossReconvergence.signalLossSeconds
    }
  }

  /// Counts the refined climb and grade of a segment (see ``ClimbSeries``): the refined
  /// figures' own accumulator leaves altitudes to it.
  /// - Returns: the altitudes counted, one per accepted fix.
  private mutating func countClimb(_ fixes: [Fix], _ segment: AnalyzedSegment) -> [Double?] {
    let inputs = segment.acceptedFixIndices.indices.map { position in
      let fix = fixes[segment.acceptedFixIndices[position]]
      return ClimbSeries.Input(
        timeSeconds: fix.timeSeconds, coordinate: segment.refinedCoordinates[position],
        distanceMeters: refinedDistancesMeters[position], altitudeMeters: fix.validAltitudeMeters,
        verticalAccuracyMeters: fix.verticalAccuracyMeters,
        horizontalAccuracyMeters: fix.horizontalAccuracyMeters,
        isMoving: segment.refinedIsMoving[position])
    }
    let series = ClimbSeries(
      inputs, noise: altitudeNoise, elevationModel: elevationModel,
      configuration: profile.climb)
    climb.add(series)
    grade.breakSegment()
    for (position, input) in inputs.enumerated() {
      grade.add(
        distanceMeters: refinedDistancesMeters[position], timeSeconds: input.timeSeconds,
        altitudeMeters: series.chosen.altitudesMeters[position],
        isMoving: segment.refinedIsMoving[position])
    }
    return series.chosen.altitudesMeters
  }

  /// Feeds the accepted fixes at their refined positions to the refined figures; a refused
  /// fix whose time is trusted runs their clock, as it does live.
  private mutating func addRefinedFigures(_ fixes: [Fix], _ pass: LivePass) {
    let segment = pass.segment
    refinedDistancesMeters.removeAll(keepingCapacity: true)
    var position = 0
    for (index, fix) in fixes.enumerated() {
      guard position < segment.acceptedFixIndices.count,
        segment.acceptedFixIndices[position] == index
      else {
        if let reason = pass.verdicts[index].rejectionReason, reason.keepsTime,
          let time = fix.timeSeconds
        {
          refined.advanceClock(toSeconds: time)
        }
        continue
      }
      defer {
        position += 1
        refinedDistancesMeters.append(refined.countedDistanceMeters)
      }
      refined.add(
        MetricsSample(
          timeSeconds: fix.timeSeconds, coordinate: segment.refinedCoordinates[position],
          speedForMaximumMetersPerSecond: segment.trustedSpeedsMetersPerSecond[position],
          isMoving: segment.refinedIsMoving[position],
          countsForSustainedSpeed: pass.sustainedFlags[position],
          isCreeping: segment.refinedIsCreeping[position],
          pathMeters: segment.refinedGapPaths.isEmpty
            ? nil : segment.refinedGapPaths[position]?.lengthMeters)
      )
    }
  }
}

extension AnalysisPipeline {
  /// The segment's fixes as the pipeline reads them: without their times where the times say
  /// nothing, and with the receiver policy the live pipeline applies at its entry (an accuracy
  /// from the HDOP where none is stated).
  fileprivate static func prepared(_ fixes: [Fix], timed: Bool) -> [Fix] {
    var fixes = fixes
    for index in fixes.indices {
      if !timed { fixes[index].timestamp = nil }
      if fixes[index].horizontalAccuracyMeters == nil,
        fixes[index].receiver.horizontalDilution != nil
      {
        fixes[index] = fixes[index].withAccuracyFromDilution
      }
    }
    return fixes
  }

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
