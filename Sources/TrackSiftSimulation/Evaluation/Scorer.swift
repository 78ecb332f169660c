import TrackSift

/// Scores a ``PipelineOutput`` against an ``EvaluationTruth``.
public enum Scorer {
  /// Errors above this make a bad fix a spike to catch, in meters.
  public static let spikeThresholdMeters = 30.0
  /// The launch window after the recording's start, in seconds.
  public static let launchWindowSeconds = 15.0
  /// Positions this close in time to a corner or hairpin passage are scored there, seconds.
  public static let featureWindowSeconds = 10.0

  /// The score card of `output` for the recording `track` with truth `truth`.
  public static func score(_ output: PipelineOutput, track: Track, truth: EvaluationTruth)
    -> ScoreCard
  {
    let fixes = track.segments.flatMap(\.fixes)
    var card = ScoreCard(pipeline: output.pipeline.name)
    scorePositions(output, fixes, truth, &card)
    // The distance before the receiver's first fix is not seen by any pipeline: scored on its
    // own line, not as every pipeline's error.
    let unseenMeters = firstFixTimeSeconds(fixes, truth).map {
      min(truth.distanceMeters, truth.distanceMeters(atTimeSeconds: $0))
    }
    if truth.distanceMeters > 0 {
      let seenMeters = truth.distanceMeters - (unseenMeters ?? 0)
      if seenMeters > 0 {
        card.distanceErrorPercent = (output.distanceMeters / seenMeters - 1) * 100
      }
      card.unseenDistancePercent = unseenMeters.map { $0 / truth.distanceMeters * 100 }
    }
    // Below a meter of true climb a percentage says nothing.
    if let trueClimb = truth.elevationGainMeters, trueClimb >= 1 {
      card.elevationGainErrorPercent = output.elevationGainMeters.map {
        ($0 / trueClimb - 1) * 100
      }
      card.elevationGainWithDEMErrorPercent = output.elevationGainWithDEMMeters.map {
        ($0 / trueClimb - 1) * 100
      }
    }
    if let trueMoving = truth.movingTimeSeconds, trueMoving > 0,
      let moving = output.movingTimeSeconds
    {
      card.movingTimeErrorPercent = (moving / trueMoving - 1) * 100
    }
    scoreStops(output, track, truth, &card)
    scoreSpeeds(output, fixes, truth, &card)
    scoreFeatures(output, fixes, truth, &card)
    scoreSimplification(output, &card)
    return card
  }

  /// The time of the receiver's first fix: the earliest fix from a satellite receiver, a
  /// simulator or an unknown source that the truth does not know to be bad (a cached start,
  /// a network position), or `nil` when there is none or the truth has no path.
  static func firstFixTimeSeconds(_ fixes: [Fix], _ truth: EvaluationTruth) -> Double? {
    guard !truth.path.isEmpty else { return nil }
    var first: Double?
    for (index, fix) in fixes.enumerated() {
      guard let time = fix.timeSeconds, fix.source != .network, fix.source != .fused,
        index < truth.fixes.count, truth.fixes[index]?.isBad != true
      else { continue }
      first = min(first ?? time, time)
    }
    return first
  }

  private static func scorePositions(
    _ output: PipelineOutput, _ fixes: [Fix], _ truth: EvaluationTruth, _ card: inout ScoreCard
  ) {
    var errors: [Double] = []
    var spikes = 0
    var handled = 0
    var good = 0
    var goodRejected = 0
    for (index, fix) in fixes.enumerated() {
      guard let sample = truth.fixes[index] else { continue }
      let position = output.positions[index]
      if let position {
        errors.append(Geodesic.distanceMeters(from: position, to: sample.coordinate))
      }
      guard let isBad = sample.isBad else { continue }
      let rawError =
        fix.coordinate.isInRange
        ? Geodesic.distanceMeters(from: fix.coordinate, to: sample.coordinate) : .infinity
      if isBad, rawError > spikeThresholdMeters {
        spikes += 1
        if position.map({
          Geodesic.distanceMeters(from: $0, to: sample.coordinate) <= spikeThresholdMeters
        })
          ?? true
        {
          handled += 1
        }
      } else if !isBad {
        good += 1
        if position == nil { goodRejected += 1 }
      }
    }
    if !errors.isEmpty {
      errors.sort()
      card.horizontalErrorP50Meters = percentile(errors, 0.5)
      card.horizontalErrorP95Meters = percentile(errors, 0.95)
      card.horizontalErrorRMSMeters = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count))
        .squareRoot()
    }
    if truth.fixes.contains(where: { $0?.isBad != nil }) {
      card.spikeCount = spikes
      card.spikeRecallPercent = spikes > 0 ? Double(handled) / Double(spikes) * 100 : nil
      card.goodFixesRejectedPercent = good > 0 ? Double(goodRejected) / Double(good) * 100 : nil
    }
  }

  /// Stop rows: distance counted during true stops, F1 of "stopped", latency and false stops.
  private static func scoreStops(
    _ output: PipelineOutput, _ track: Track, _ truth: EvaluationTruth, _ card: inout ScoreCard
  ) {
    guard truth.fixes.contains(where: { $0?.isMoving != nil }) else { return }
    let fixes = track.segments.flatMap(\.fixes)
    let tally = stopTally(output, track, fixes, truth)
    card.falseStopCount = tally.falseStops
    let stoppedMinutes = truth.stops.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) } / 60
    if stoppedMinutes > 0 {
      card.stoppedMinutes = stoppedMinutes
      card.stoppedDistanceMetersPerMinute = tally.stoppedMeters / stoppedMinutes
    }
    let precisionDenominator = tally.truePositives + tally.falsePositives
    let recallDenominator = tally.truePositives + tally.falseNegatives
    if recallDenominator > 0 {
      let precision =
        precisionDenominator > 0 ? Double(tally.truePositives) / Double(precisionDenominator) : 0
      let recall = Double(tally.truePositives) / Double(recallDenominator)
      card.stopF1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    }
    if tally.steadyMoving > 0 {
      card.falseStopPercent = Double(tally.steadyShownStopped) / Double(tally.steadyMoving) * 100
    }
    card.stopLatencySeconds = stopLatencySeconds(output, fixes, truth)
  }

  /// What ``scoreStops(_:_:_:_:)`` counts over the accepted fixes.
  private struct StopTally {
    /// Distance the output moved between truly stopped fixes it shows moving, meters.
    var stoppedMeters = 0.0
    /// Fixes shown stopped that are truly stopped.
    var truePositives = 0
    /// Fixes shown stopped that are truly moving.
    var falsePositives = 0
    /// Fixes shown moving that are truly stopped.
    var falseNegatives = 0
    /// Truly moving fixes at a steady speed over 1 m/s.
    var steadyMoving = 0
    /// Of those, the fixes shown stopped.
    var steadyShownStopped = 0
    /// Shown stops that hold no truly stopped fix.
    var falseStops = 0
  }

  private static func stopTally(
    _ output: PipelineOutput, _ track: Track, _ fixes: [Fix], _ truth: EvaluationTruth
  ) -> StopTally {
    let path = TruthInterpolator(truth.path)
    var tally = StopTally()
    // Whether the shown stop under way holds a truly stopped fix; nil outside one.
    var shownStopHoldsTrueStop: Bool?
    func endShownStop() {
      if shownStopHoldsTrueStop == false { tally.falseStops += 1 }
      shownStopHoldsTrueStop = nil
    }
    var index = 0
    for segment in track.segments {
      var previous: (coordinate: Coordinate, isStopped: Bool)?
      for _ in segment.fixes {
        defer { index += 1 }
        guard let position = output.positions[index] else { continue }
        let trulyStopped = truth.fixes[index].map { $0.isMoving == false } ?? false
        let shownStopped = !output.isMoving[index]
        if shownStopped {
          shownStopHoldsTrueStop = (shownStopHoldsTrueStop ?? false) || trulyStopped
        } else {
          endShownStop()
        }
        if let previous, previous.isStopped, trulyStopped, !shownStopped {
          tally.stoppedMeters += Geodesic.distanceMeters(from: previous.coordinate, to: position)
        }
        if truth.fixes[index]?.isMoving != nil {
          switch (trulyStopped, shownStopped) {
          case (true, true): tally.truePositives += 1
          case (false, true): tally.falsePositives += 1
          case (true, false): tally.falseNegatives += 1
          case (false, false): break
          }
          if !trulyStopped, let time = fixes[index].timeSeconds,
            let speed = truth.fixes[index]?.speedMetersPerSecond, speed > 1,
            isSteady(path, atTimeSeconds: time, speed: speed)
          {
            tally.steadyMoving += 1
            if shownStopped { tally.steadyShownStopped += 1 }
          }
        }
        previous = (position, trulyStopped)
      }
    }
    endShownStop()
    return tally
  }

  /// Median time from each true stop's start to the first fix shown stopped within it; the
  /// whole stop where none is.
  private static func stopLatencySeconds(
    _ output: PipelineOutput, _ fixes: [Fix], _ truth: EvaluationTruth
  ) -> Double? {
    var latencies: [Double] = []
    for stop in truth.stops {
      let shown = fixes.indices.first { index in
        guard let time = fixes[index].timeSeconds, stop.contains(time) else { return false }
        return output.positions[index] != nil && !output.isMoving[index]
      }
      latencies.append(
        shown.flatMap { fixes[$0].timeSeconds }.map { $0 - stop.lowerBound }
          ?? (stop.upperBound - stop.lowerBound))
    }
    return latencies.isEmpty ? nil : percentile(latencies.sorted(), 0.5)
  }

  /// Speed rows: pace error on steady stretches and the launch overshoot.
  private static func scoreSpeeds(
    _ output: PipelineOutput, _ fixes: [Fix], _ truth: EvaluationTruth, _ card: inout ScoreCard
  ) {
    var paceErrors: [Double] = []
    var overshoot: Double?
    let path = TruthInterpolator(truth.path)
    for (index, fix) in fixes.enumerated() {
      guard let time = fix.timeSeconds, let trueSpeed = truth.fixes[index]?.speedMetersPerSecond
      else { continue }
      let shown = output.displayedSpeeds[index]
      if let start = truth.startTimeSeconds, time >= start, time <= start + launchWindowSeconds {
        overshoot = max(overshoot ?? 0, (shown ?? 0) - trueSpeed)
      }
      guard let shown, trueSpeed >= 1, isSteady(path, atTimeSeconds: time, speed: trueSpeed)
      else { continue }
      paceErrors.append(abs(shown - trueSpeed) / trueSpeed * 100)
    }
    if !paceErrors.isEmpty { card.paceErrorPercent = percentile(paceErrors.sorted(), 0.5) }
    card.launchOvershootMetersPerSecond = overshoot
    card.paceLagSeconds = paceLag(output, fixes, truth)
  }

  /// Median time, after the true speed settles at a new value (over 1 m/s, 15 % or more away
  /// from where it was 5 s before, then steady within 5 % over at least 10 truth points in
  /// 20 s), until the displayed speed comes within 10 % of it; 20 s when it never does within
  /// the steady stretch.
  private static func paceLag(_ output: PipelineOutput, _ fixes: [Fix], _ truth: EvaluationTruth)
    -> Double?
  {
    let path = TruthInterpolator(truth.path)
    var lags: [Double] = []
    var lastChange = -Double.infinity
    for point in truth.path where point.timeSeconds > lastChange + 20 {
      let speed = point.speedMetersPerSecond
      guard speed >= 1, let before = path.nearest(atTimeSeconds: point.timeSeconds - 5),
        abs(before.speedMetersPerSecond - speed) >= 0.15 * speed
      else { continue }
      // At least 10 truth points: a reference with a hole there says nothing of the speed.
      let window = path.points(in: point.timeSeconds...(point.timeSeconds + 20))
      guard window.count >= 10,
        window.allSatisfy({ abs($0.speedMetersPerSecond - speed) <= 0.05 * speed })
      else { continue }
      lastChange = point.timeSeconds
      let settled = fixes.indices.first { index in
        guard let time = fixes[index].timeSeconds, time >= point.timeSeconds,
          time <= point.timeSeconds + 20, let shown = output.displayedSpeeds[index]
        else { return false }
        return abs(shown - speed) <= 0.1 * speed
      }
      lags.append(settled.flatMap { fixes[$0].timeSeconds }.map { $0 - point.timeSeconds } ?? 20)
    }
    return lags.isEmpty ? nil : percentile(lags.sorted(), 0.5)
  }

  /// Whether the true speed stayed within 5 % of `speed` over the 20 s before.
  private static func isSteady(_ path: TruthInterpolator, atTimeSeconds time: Double, speed: Double)
    -> Bool
  {
    let window = path.points(in: (time - 20)...time)
    guard window.count >= 10 else { return false }
    return window.allSatisfy { abs($0.speedMetersPerSecond - speed) <= 0.05 * speed }
  }

  /// Cross-track error near corners and hairpins: distance from each output position within
  /// the window to the true path around the passage.
  private static func scoreFeatures(
    _ output: PipelineOutput, _ fixes: [Fix], _ truth: EvaluationTruth, _ card: inout ScoreCard
  ) {
    guard !truth.features.isEmpty else { return }
    let path = TruthInterpolator(truth.path)
    var sums: [RouteFeature.Kind: (total: Double, count: Int)] = [:]
    let times = fixes.map(\.timeSeconds)
    for passage in truth.features {
      let window =
        (passage.timeSeconds - featureWindowSeconds)...(passage.timeSeconds + featureWindowSeconds)
      let nearby = Array(path.points(in: (window.lowerBound - 20)...(window.upperBound + 20)))
      guard nearby.count >= 2 else { continue }
      let plane = LocalTangentPlane(origin: nearby[nearby.count / 2].coordinate)
      let line = nearby.map { plane.project($0.coordinate) }
      for index in fixes.indices {
        guard let time = times[index], window.contains(time), let position = output.positions[index]
        else { continue }
        let point = plane.project(position)
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
          best = min(best, distanceToSegment(point, a, b))
        }
        sums[passage.feature.kind, default: (0, 0)].total += best
        sums[passage.feature.kind, default: (0, 0)].count += 1
      }
    }
    func mean(_ kind: RouteFeature.Kind) -> Double? {
      sums[kind].flatMap { $0.count > 0 ? $0.total / Double($0.count) : nil }
    }
    card.cornerCrossTrackMeters = mean(.corner)
    card.hairpinCrossTrackMeters = mean(.hairpin)
  }

  private static func scoreSimplification(_ output: PipelineOutput, _ card: inout ScoreCard) {
    guard let kept = output.simplifiedIndices else { return }
    let accepted = output.positions.indices.filter { output.positions[$0] != nil }
    guard !accepted.isEmpty, let first = output.positions[accepted[0]] else { return }
    card.simplificationReductionPercent =
      (1 - Double(kept.count) / Double(accepted.count)) * 100
    // Deviation of each dropped point from the kept chord spanning it (within a segment the
    // kept indices bracket the dropped ones; across a segment boundary there is no chord).
    let plane = LocalTangentPlane(origin: first)
    var worst = 0.0
    let keptSet = Set(kept)
    var chordStart: Int?
    var chordEnd = 0
    var keptPosition = 0
    for index in accepted {
      if keptSet.contains(index) {
        chordStart = index
        keptPosition += 1
        chordEnd = keptPosition < kept.count ? kept[keptPosition] : index
        continue
      }
      guard let start = chordStart, let a = output.positions[start],
        let b = output.positions[chordEnd],
        let p = output.positions[index]
      else { continue }
      worst = max(worst, distanceToSegment(plane.project(p), plane.project(a), plane.project(b)))
    }
    card.simplificationMaximumDeviationMeters = worst
  }

  static func distanceToSegment(
    _ p: (eastMeters: Double, northMeters: Double), _ a: (eastMeters: Double, northMeters: Double),
    _ b: (eastMeters: Double, northMeters: Double)
  ) -> Double {
    let dx = b.eastMeters - a.eastMeters
    let dy = b.northMeters - a.northMeters
    let lengthSquared = dx * dx + dy * dy
    var t = 0.0
    if lengthSquared > 0 {
      t =
        ((p.eastMeters - a.eastMeters) * dx + (p.northMeters - a.northMeters) * dy) / lengthSquared
      t = min(1, max(0, t))
    }
    let ex = p.eastMeters - (a.eastMeters + t * dx)
    let ey = p.northMeters - (a.northMeters + t * dy)
    return (ex * ex + ey * ey).squareRoot()
  }

  /// The `fraction` quantile of sorted values, interpolating between neighbours.
  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard sorted.count > 1 else { return sorted.first ?? .nan }
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position)
    let upper = min(lower + 1, sorted.count - 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
  }
}
