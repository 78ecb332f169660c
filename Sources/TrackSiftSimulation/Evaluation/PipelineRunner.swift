import TrackSift

/// Runs each ``EvaluatedPipeline`` over a track.
public enum PipelineRunner {
  /// The output of `pipeline` over `track`, recorded as `activity`.
  public static func run(
    _ pipeline: EvaluatedPipeline, on track: Track, activity: ActivityKind
  ) -> PipelineOutput {
    run([pipeline], on: track, activity: activity)[0]
  }

  /// The outputs of `pipelines` over `track`, in order; TrackSift's analysis, which gives both
  /// its live and its refined output, runs once.
  ///
  /// With an `elevationModel`, TrackSift's analysis runs a second time with it, for its climb
  /// alone (``PipelineOutput/elevationGainWithDEMMeters``); everything else comes from the
  /// first run.
  public static func run(
    _ pipelines: [EvaluatedPipeline], on track: Track, activity: ActivityKind,
    elevationModel: (any ElevationModel)? = nil
  ) -> [PipelineOutput] {
    var analysis: TrackAnalysis?
    var withModel: TrackAnalysis?
    let profile = ActivityProfile(activity: activity)
    return pipelines.map { pipeline in
      guard pipeline == .trackSiftLive || pipeline == .trackSiftRefined else {
        return output(pipeline, track, nil)
      }
      if analysis == nil { analysis = TrackAnalysis(track: track, profile: profile) }
      var result = output(pipeline, track, analysis)
      if let elevationModel {
        if withModel == nil {
          withModel = TrackAnalysis(track: track, profile: profile, elevationModel: elevationModel)
        }
        let metrics =
          pipeline == .trackSiftRefined ? withModel!.refinedMetrics : withModel!.liveMetrics
        result.elevationGainWithDEMMeters = metrics.elevationGainMeters
      }
      return result
    }
  }

  private static func output(
    _ pipeline: EvaluatedPipeline, _ track: Track, _ analysis: TrackAnalysis?
  ) -> PipelineOutput {
    switch pipeline {
    case .raw: gated(track, pipeline, nil)
    case .runningApp: gated(track, pipeline, .runningApp)
    case .walkingApp: gated(track, pipeline, .walkingApp)
    case .speedometer: gated(track, pipeline, .speedometer)
    case .fitnessTracker: gated(track, pipeline, .fitnessTracker)
    case .plainKalmanRTS: plainKalman(track)
    case .movingAverage: movingAverage(track)
    case .trackSiftLive, .trackSiftRefined:
      // `run` made the analysis for these two.
      trackSift(track, pipeline, analysis!)
    }
  }

  /// The classic practices: a gate, positions as they are, every interval moving (they have
  /// no stop detection), reported speed shown when valid, else the speed between the last
  /// two accepted fixes.
  private static func gated(
    _ track: Track, _ pipeline: EvaluatedPipeline, _ configuration: FixGateConfiguration?
  ) -> PipelineOutput {
    var gate = configuration.map { FixGate(configuration: $0) }
    var accepted: [Bool] = []
    for segment in track.segments {
      gate?.beginNewSegment()
      for fix in segment.fixes {
        accepted.append(fix.coordinate.isInRange && (gate?.evaluate(fix).isAccepted ?? true))
      }
    }
    let positions = zip(track.segments.flatMap(\.fixes), accepted).map { $1 ? $0.coordinate : nil }
    return naiveOutput(track, pipeline, positions)
  }

  /// Figures of the naive kind for positions a pipeline kept: every step moving, speed shown
  /// from the fix or the last step, every rise of the altitude counted as climb (no dead band,
  /// as a plain sum over a file's elevations does).
  ///
  /// - Parameter altitudes: the altitude of each fix as the pipeline gives it; by default the
  ///   fix's own, where the pipeline kept its position.
  private static func naiveOutput(
    _ track: Track, _ pipeline: EvaluatedPipeline, _ positions: [Coordinate?],
    altitudes: [Double?]? = nil
  ) -> PipelineOutput {
    let altitudes =
      altitudes
      ?? zip(track.segments.flatMap(\.fixes), positions).map { fix, position in
        position == nil ? nil : fix.validAltitudeMeters
      }
    var metrics = MetricsAccumulator(elevationThresholdMeters: 0, elevationAccuracyMultiple: 0)
    var speeds: [Double?] = []
    var index = 0
    for segment in track.segments {
      metrics.startSegment()
      var previous: (time: Double, coordinate: Coordinate)?
      for fix in segment.fixes {
        defer { index += 1 }
        guard let coordinate = positions[index] else {
          speeds.append(speeds.last ?? nil)
          continue
        }
        metrics.add(
          MetricsSample(
            timeSeconds: fix.timeSeconds, coordinate: coordinate, altitudeMeters: altitudes[index]))
        var speed = fix.validSpeedMetersPerSecond
        if speed == nil, let previous, let time = fix.timeSeconds, time > previous.time {
          speed =
            Geodesic.distanceMeters(from: previous.coordinate, to: coordinate)
            / (time - previous.time)
        }
        speeds.append(speed)
        if let time = fix.timeSeconds { previous = (time, coordinate) }
      }
    }
    let result = metrics.metrics
    return PipelineOutput(
      pipeline: pipeline, positions: positions, isMoving: positions.map { $0 != nil },
      displayedSpeeds: speeds, distanceMeters: result.distanceMeters,
      elevationGainMeters: result.elevationGainMeters,
      movingTimeSeconds: result.movingTimeSeconds, simplifiedIndices: nil)
  }

  /// A constant-velocity filter with one fixed measurement noise (5 m) and process noise,
  /// no Doppler, no innovation gate, then RTS.
  private static func plainKalman(_ track: Track) -> PipelineOutput {
    var configuration = ConstantVelocityKalmanFilter.Configuration()
    configuration.usesReportedVelocity = false
    configuration.innovationGateChiSquare = .infinity
    configuration.minimumOutlierDistanceMeters = .infinity
    configuration.reconvergenceAccuracyMultiple = 1
    var positions: [Coordinate?] = []
    for segment in track.segments {
      var filter = ConstantVelocityKalmanFilter(configuration: configuration)
      var records: [KalmanRecord] = []
      var slots: [Int] = []
      for fix in segment.fixes {
        positions.append(nil)
        guard fix.coordinate.isInRange, fix.timeSeconds != nil else { continue }
        var fixed = fix
        fixed.horizontalAccuracyMeters = nil  // the assumed 5 m for every fix
        let step = filter.update(fixed)
        guard step.verdict.isAccepted, let record = step.record else { continue }
        records.append(record)
        slots.append(positions.count - 1)
      }
      for (slot, coordinate) in zip(slots, RTSSmoother.smoothedCoordinates(records)) {
        positions[slot] = coordinate
      }
    }
    return naiveOutput(track, .plainKalmanRTS, positions)
  }

  /// Each position, and each altitude, replaced by the mean of itself and its in-range
  /// neighbours in the segment.
  private static func movingAverage(_ track: Track) -> PipelineOutput {
    var positions: [Coordinate?] = []
    var altitudes: [Double?] = []
    for segment in track.segments {
      let kept = segment.fixes.indices.filter { segment.fixes[$0].coordinate.isInRange }
      var averaged = [Coordinate?](repeating: nil, count: segment.fixes.count)
      var averagedAltitudes = [Double?](repeating: nil, count: segment.fixes.count)
      for (position, index) in kept.enumerated() {
        let window = kept[max(0, position - 1)...min(kept.count - 1, position + 1)]
        let count = Double(window.count)
        averaged[index] = Coordinate(
          latitudeDegrees: window.reduce(0) { $0 + segment.fixes[$1].latitudeDegrees } / count,
          longitudeDegrees: window.reduce(0) { $0 + segment.fixes[$1].longitudeDegrees } / count)
        let windowAltitudes = window.compactMap { segment.fixes[$0].validAltitudeMeters }
        if !windowAltitudes.isEmpty {
          averagedAltitudes[index] = windowAltitudes.reduce(0, +) / Double(windowAltitudes.count)
        }
      }
      positions += averaged
      altitudes += averagedAltitudes
    }
    return naiveOutput(track, .movingAverage, positions, altitudes: altitudes)
  }

  /// TrackSift's batch analysis, with the live display replayed: a ``Recorder``'s display
  /// (`DisplaySpeed`: its own gate over the newest fixes, reported speed first, the current
  /// pace), read as each fix arrives, as a recording app shows it.
  private static func trackSift(
    _ track: Track, _ pipeline: EvaluatedPipeline, _ analysis: TrackAnalysis
  ) -> PipelineOutput {
    let refined = pipeline == .trackSiftRefined
    var positions: [Coordinate?] = []
    var isMoving: [Bool] = []
    var speeds: [Double?] = []
    var simplified: [Int] = []
    var display = DisplaySpeed(configuration: RecorderConfiguration(profile: analysis.profile))
    for (segment, analyzed) in zip(track.segments, analysis.segments) {
      let offset = positions.count
      positions += [Coordinate?](repeating: nil, count: segment.fixes.count)
      isMoving += [Bool](repeating: false, count: segment.fixes.count)
      if offset > 0 { display.startSegment() }
      for (slot, index) in analyzed.acceptedFixIndices.enumerated() {
        positions[offset + index] =
          refined ? analyzed.refinedCoordinates[slot] : analyzed.liveCoordinates[slot]
        isMoving[offset + index] =
          refined ? analyzed.refinedIsMoving[slot] : analyzed.isMoving[slot]
      }
      for fix in segment.fixes {
        display.update(with: fix)
        speeds.append(display.speedMetersPerSecond(afterSeconds: 0))
      }
      simplified += analyzed.simplifiedIndices.map { offset + analyzed.acceptedFixIndices[$0] }
    }
    let metrics = refined ? analysis.refinedMetrics : analysis.liveMetrics
    return PipelineOutput(
      pipeline: pipeline, positions: positions, isMoving: isMoving, displayedSpeeds: speeds,
      distanceMeters: metrics.distanceMeters, elevationGainMeters: metrics.elevationGainMeters,
      movingTimeSeconds: metrics.movingTimeSeconds, simplifiedIndices: refined ? simplified : nil)
  }
}
