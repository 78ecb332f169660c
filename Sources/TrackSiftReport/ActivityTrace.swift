import TrackSift

/// What a report draws of one activity, derived once from its track and analysis: the raw
/// fixes, the refused ones with their reasons, the refined route per segment with its speed,
/// the stops, and the values the charts plot against distance and time.
///
/// Every fix keeps its place: nothing here is thinned; drawing thins (see ``MapCanvas`` and
/// ``ChartPlot``), the figures never are.
struct ActivityTrace {
  /// A fix the pipeline refused.
  struct Refusal {
    var coordinate: Coordinate
    var timeSeconds: Double?
    var reason: RejectionReason
    var accuracyMeters: Double?
  }

  /// A point of the refined route.
  struct RoutePoint {
    var coordinate: Coordinate
    /// Refined speed over a few fixes around it, in meters per second.
    var speedMetersPerSecond: Double?
  }

  /// A stretch the refined pass judged stopped.
  struct Stop {
    var coordinate: Coordinate
    var startDistanceMeters: Double
    var endDistanceMeters: Double
    /// Seconds since the activity's first timed fix at the stop's first and last fix.
    var startElapsedSeconds: Double?
    var endElapsedSeconds: Double?
    var durationSeconds: Double?
  }

  /// Where a fix sits on the charts' horizontal axes.
  struct Place {
    /// Refined distance from the start at the latest accepted fix at or before it, in meters.
    var distanceMeters: Double
    /// Seconds since the activity's first timed fix, `nil` without a time.
    var elapsedSeconds: Double?
  }

  /// Positions of every in-range fix as read.
  var rawCoordinates: [Coordinate] = []
  var refusals: [Refusal] = []
  /// The refined route, one run per segment (a gap between segments stays a gap).
  var routes: [[RoutePoint]] = []
  var stops: [Stop] = []
  /// One value per series, each with its place: see ``ChartSeriesSet``.
  var series = ChartSeriesSet()
  /// The grade windows placed on the charts' axes; `nil` without grade figures.
  var grade: GradeSteps?
  /// First and last fix's place, for the start and finish marks.
  var start: Coordinate?
  var finish: Coordinate?

  /// Stops shorter than this are shaded on the charts but not marked on the map.
  static let mappedStopSeconds = 10.0
  /// Fixes on each side of a point whose refined steps give its speed.
  static let speedHalfWindowFixes = 2

  init(_ activity: ReportedActivity) {
    let analysis = activity.analysis
    let segments = zip(activity.track.segments, zip(analysis.segments, analysis.verdicts))
    // Distances along the refined route, segment after segment, known before the charts bin.
    var alongs: [[Double]] = []
    for analyzed in analysis.segments {
      alongs.append(Self.distancesAlong(analyzed, from: alongs.last?.last ?? 0))
    }
    let times = activity.track.segments.lazy.flatMap(\.fixes).compactMap(\.timeSeconds)
    let startTime = times.first
    series = ChartSeriesSet(
      distanceMeters: alongs.last(where: { !$0.isEmpty })?.last ?? 0,
      elapsedSeconds: startTime.flatMap { start in times.max().map { $0 - start } } ?? 0)
    var distanceMeters = 0.0
    for (segmentIndex, (segment, (analyzed, verdicts))) in segments.enumerated() {
      let along = alongs[segmentIndex]
      var route: [RoutePoint] = []
      route.reserveCapacity(analyzed.refinedCoordinates.count)
      var position = 0
      var previousRaw: Fix?
      for (index, fix) in segment.fixes.enumerated() {
        let isAccepted =
          position < analyzed.acceptedFixIndices.count
          && analyzed.acceptedFixIndices[position] == index
        if isAccepted { distanceMeters = along[position] }
        let place = Place(
          distanceMeters: distanceMeters, elapsedSeconds: Self.elapsed(fix, since: startTime))
        if isAccepted {
          let speed = Self.refinedSpeed(at: position, along, analyzed, segment.fixes)
          if let path = analyzed.refinedGapPaths[position] {
            // The route follows the smoother's path across the signal loss.
            let pathSpeed = path.lengthMeters / path.intervalSeconds
            route += path.intermediateCoordinates.map {
              RoutePoint(coordinate: $0, speedMetersPerSecond: pathSpeed)
            }
          }
          route.append(
            RoutePoint(
              coordinate: analyzed.refinedCoordinates[position], speedMetersPerSecond: speed))
          if let speed { series.add(speed * 3.6, to: .refinedSpeed, at: place) }
          if position < analyzed.climbAltitudesMeters.count,
            let altitude = analyzed.climbAltitudesMeters[position]
          {
            series.add(altitude, to: .countedAltitude, at: place)
          }
          position += 1
        }
        add(fix, at: place, previous: previousRaw)
        if fix.coordinate.isInRange { previousRaw = fix }
        if index < verdicts.count, let reason = verdicts[index].rejectionReason,
          fix.coordinate.isInRange
        {
          refusals.append(
            Refusal(
              coordinate: fix.coordinate, timeSeconds: fix.timeSeconds, reason: reason,
              accuracyMeters: fix.withAccuracyFromDilution.validHorizontalAccuracyMeters))
        }
      }
      stops += Self.stops(of: analyzed, along: along, fixes: segment.fixes, since: startTime)
      if !route.isEmpty { routes.append(route) }
    }
    grade = analysis.grade.map {
      GradeSteps($0, segments: analysis.segments, alongs: alongs, startSeconds: startTime)
    }
    start = routes.first?.first?.coordinate ?? rawCoordinates.first
    finish = routes.last?.last?.coordinate ?? rawCoordinates.last
  }

  /// Adds a fix as read: its position, and its own values to the raw series.
  private mutating func add(_ fix: Fix, at place: Place, previous: Fix?) {
    guard fix.coordinate.isInRange else { return }
    rawCoordinates.append(fix.coordinate)
    if let speed = fix.validSpeedMetersPerSecond ?? Self.stepSpeed(from: previous, to: fix) {
      series.add(speed * 3.6, to: .rawSpeed, at: place)
    }
    if let altitude = fix.validAltitudeMeters { series.add(altitude, to: .rawAltitude, at: place) }
    if let rate = fix.sensors.heartRateBeatsPerMinute {
      series.add(rate, to: .heartRate, at: place)
    }
    if let cadence = fix.sensors.cadencePerMinute { series.add(cadence, to: .cadence, at: place) }
    if let accuracy = fix.withAccuracyFromDilution.validHorizontalAccuracyMeters {
      series.add(accuracy, to: .accuracy, at: place)
    }
  }

  private static func elapsed(_ fix: Fix, since start: Double?) -> Double? {
    guard let time = fix.timeSeconds, let start else { return nil }
    return time - start
  }

  /// The speed of the straight step between two fixes as read, in meters per second.
  private static func stepSpeed(from previous: Fix?, to fix: Fix) -> Double? {
    guard let previous, let start = previous.timeSeconds, let end = fix.timeSeconds, end > start
    else { return nil }
    return Geodesic.distanceMeters(from: previous.coordinate, to: fix.coordinate) / (end - start)
  }

  /// Cumulative distance along the refined positions, starting at `start` meters; a step
  /// across a signal loss measures along the smoother's path, as the refined distance does.
  private static func distancesAlong(_ analyzed: AnalyzedSegment, from start: Double) -> [Double] {
    let coordinates = analyzed.refinedCoordinates
    var result: [Double] = []
    result.reserveCapacity(coordinates.count)
    var total = start
    for index in coordinates.indices {
      if index > 0 {
        total +=
          analyzed.refinedGapPaths[index]?.lengthMeters
          ?? Geodesic.distanceMeters(from: coordinates[index - 1], to: coordinates[index])
      }
      result.append(total)
    }
    return result
  }

  /// The refined speed at an accepted fix: the refined distance over the time of a few fixes
  /// on each side (a step's own speed would show the smoother's residual jitter).
  private static func refinedSpeed(
    at position: Int, _ along: [Double], _ analyzed: AnalyzedSegment, _ fixes: [Fix]
  ) -> Double? {
    let low = max(0, position - speedHalfWindowFixes)
    let high = min(along.count - 1, position + speedHalfWindowFixes)
    guard high > low, let start = fixes[analyzed.acceptedFixIndices[low]].timeSeconds,
      let end = fixes[analyzed.acceptedFixIndices[high]].timeSeconds, end > start
    else { return nil }
    return (along[high] - along[low]) / (end - start)
  }

  /// The runs of accepted fixes the refined pass judged stopped.
  private static func stops(
    of analyzed: AnalyzedSegment, along: [Double], fixes: [Fix], since activityStart: Double?
  ) -> [Stop] {
    var result: [Stop] = []
    var position = 0
    let flags = analyzed.refinedIsMoving
    while position < flags.count {
      guard !flags[position] else {
        position += 1
        continue
      }
      let first = position
      while position < flags.count, !flags[position] { position += 1 }
      let last = position - 1
      let startTime = fixes[analyzed.acceptedFixIndices[first]].timeSeconds
      // The stop lasts until the fix that moves on, where there is one.
      let endIndex = analyzed.acceptedFixIndices[min(position, flags.count - 1)]
      let duration = fixes[endIndex].timeSeconds.flatMap { end in startTime.map { end - $0 } }
      let elapsed = { (time: Double?) in time.flatMap { t in activityStart.map { t - $0 } } }
      result.append(
        Stop(
          coordinate: analyzed.refinedCoordinates[last],
          startDistanceMeters: along[first], endDistanceMeters: along[last],
          startElapsedSeconds: elapsed(startTime),
          endElapsedSeconds: elapsed(fixes[endIndex].timeSeconds), durationSeconds: duration))
    }
    return result
  }
}
