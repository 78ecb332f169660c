import Foundation

extension TrackAnalysis {
  /// The cleaned track: the accepted fixes at the chosen positions, written so that the file's
  /// own length is the distance this analysis reports for those positions (the refined distance
  /// for ``Smoothing/rts``, the live one for ``Smoothing/live``).
  ///
  /// Each fix whose step the figures do not count (a stop, an un-bridged gap) is written at the
  /// position held when the stretch began, with its time, so a stop is one held position that
  /// lasts as long as it did (see `CleanedPath`). Where the refined figures measured a step
  /// along the smoother's path across a signal loss (``GapPath``), the path's points are
  /// written too, with their times only. Each fix carries the speed the figures
  /// trusted there (``AnalyzedSegment/trustedSpeedsMetersPerSecond``; none where they trusted
  /// none, zero while held) and the direction of the step into it; the speed and course
  /// accuracies, which described the receiver's values, are dropped. Time, altitude, accuracy
  /// and sensors are kept.
  ///
  /// - Parameters:
  ///   - track: the track this analysis was made of.
  ///   - smoothing: which positions to write. ``Smoothing/none`` writes the accepted fixes'
  ///     own positions, held at the refined stops.
  ///   - toleranceMeters: Douglas-Peucker tolerance for simplifying each segment; 0 (the
  ///     default) keeps every accepted fix. Simplification keeps each stop's first and last
  ///     point and removes at most ``DouglasPeucker/defaultMaximumRemovedLengthFraction`` of
  ///     each segment's length (the tolerance is lowered where it would remove more).
  /// - Returns: a track with the input's name, and one segment per input segment that kept a
  ///   fix, or more where the path resumed away from a held position.
  /// - Complexity: O(n) without simplification, O(n log n) typical with it.
  public func cleanedTrack(
    from track: Track, smoothing: Smoothing = .rts, toleranceMeters: Double = 0
  ) -> Track {
    cleaned(from: track, smoothing: smoothing, toleranceMeters: toleranceMeters).track
  }

  /// ``cleanedTrack(from:smoothing:toleranceMeters:)`` with the input segment each of its
  /// segments comes from, so that what is said of the input's segments (a multisport file's
  /// sessions) can be said of the cleaned ones.
  public func cleaned(
    from track: Track, smoothing: Smoothing = .rts, toleranceMeters: Double = 0
  ) -> CleanedTrack {
    var cleaned = CleanedTrack(track: Track(name: track.name, segments: []), sourceSegments: [])
    for (index, ((segment, analyzed), segmentVerdicts)) in zip(
      zip(track.segments, segments), verdicts
    ).enumerated() {
      let accepted = analyzed.acceptedFixIndices
      guard !accepted.isEmpty else { continue }
      let coordinates: [Coordinate]
      switch smoothing {
      case .rts: coordinates = analyzed.refinedCoordinates
      case .live: coordinates = analyzed.liveCoordinates
      case .none: coordinates = accepted.map { segment.fixes[$0].coordinate }
      }
      let usesTimes = analyzed.timeUsability == .usable
      let creeping = isCreeping(analyzed, smoothing)
      let path = CleanedPath(
        coordinates: coordinates,
        isMoving: isCounted(analyzed, smoothing),
        timesSeconds: accepted.map { usesTimes ? segment.fixes[$0].timeSeconds : nil },
        speedsMetersPerSecond: Self.writtenSpeeds(analyzed, creeping: creeping),
        gapPaths: gapPaths(analyzed, smoothing),
        stopMovementMeters: smoothing == .live ? analyzed.liveStopMovementMeters : [:])
      var pieces = path.pieces
      if usesTimes {
        Self.holdClock(&pieces, segment: segment, verdicts: segmentVerdicts, accepted: accepted)
      }
      for (pieceIndex, piece) in pieces.enumerated() {
        var points = piece
        if toleranceMeters > 0 {
          let mustKeep = CleanedPath.mustKeep(piece)
          points = DouglasPeucker.simplifiedIndices(
            of: piece.map(\.coordinate), toleranceMeters: toleranceMeters,
            keeping: { mustKeep[$0] }
          ).map { piece[$0] }
        }
        cleaned.sourceSegments.append(index)
        cleaned.track.segments.append(
          Segment(
            fixes: points.enumerated().map { offset, point in
              if point.isInterpolated { return Self.interpolatedFix(point) }
              var fix = segment.fixes[accepted[point.position]]
              fix.cleanedMotion = Self.motion(
                of: point, isCreeping: creeping[point.position],
                opensPiece: offset == 0 ? pieceIndex : nil)
              if let time = point.timeSeconds {
                fix.timestamp = Date(timeIntervalSinceReferenceDate: time)
              }
              fix.latitudeDegrees = point.coordinate.latitudeDegrees
              fix.longitudeDegrees = point.coordinate.longitudeDegrees
              fix.speedMetersPerSecond = point.speedMetersPerSecond
              fix.courseDegrees = fix.courseDegrees == nil ? nil : point.courseDegrees
              fix.speedAccuracyMetersPerSecond = nil
              fix.courseAccuracyDegrees = nil
              return fix
            }))
      }
    }
    return cleaned
  }

  /// The motion written with a point. A piece after the first opens with a stop, which the
  /// timer counts, so that read again it continues the piece before (see
  /// ``CleanedMotion/stopped``); the first piece opens the segment, whatever held it.
  /// - Parameter opensPiece: the number of the piece the point opens, `nil` for a later point.
  private static func motion(
    of point: CleanedPath.Point, isCreeping: Bool, opensPiece: Int?
  ) -> CleanedMotion {
    if let opensPiece { return opensPiece > 0 ? .stopped : isCreeping ? .creeping : .moving }
    return point.isHeld ? .stopped : isCreeping ? .creeping : .moving
  }

  /// The paths across signal losses that the figures of `smoothing`'s positions measured.
  private func gapPaths(_ analyzed: AnalyzedSegment, _ smoothing: Smoothing) -> [Int: GapPath] {
    switch smoothing {
    case .rts: analyzed.refinedGapPaths
    case .live: analyzed.liveGapPaths
    case .none: [:]
    }
  }

  /// A point of a ``GapPath`` as written: its time, position and course, nothing measured.
  private static func interpolatedFix(_ point: CleanedPath.Point) -> Fix {
    Fix(
      timestamp: point.timeSeconds.map { Date(timeIntervalSinceReferenceDate: $0) },
      latitudeDegrees: point.coordinate.latitudeDegrees,
      longitudeDegrees: point.coordinate.longitudeDegrees, courseDegrees: point.courseDegrees,
      cleanedMotion: .moving)
  }

  /// Whether the step into each accepted fix counts for the figures of `smoothing`'s positions:
  /// the live flags for the live positions; the refined ones, with a creeping stop's steps
  /// (``AnalyzedSegment/refinedIsCreeping``), for the refined positions.
  private func isCounted(_ analyzed: AnalyzedSegment, _ smoothing: Smoothing) -> [Bool] {
    switch smoothing {
    case .live: analyzed.isMoving
    case .none: analyzed.refinedIsMoving
    case .rts: zip(analyzed.refinedIsMoving, analyzed.refinedIsCreeping).map { $0 || $1 }
    }
  }

  /// Whether each accepted fix is part of a creeping stop for the figures of `smoothing`'s
  /// positions: only the refined figures count such a stop's steps.
  private func isCreeping(_ analyzed: AnalyzedSegment, _ smoothing: Smoothing) -> [Bool] {
    smoothing == .rts
      ? analyzed.refinedIsCreeping
      : [Bool](repeating: false, count: analyzed.acceptedFixIndices.count)
  }

  /// The speed to write at each accepted fix: the one the figures trusted, and zero at a
  /// creeping stop's fixes (their steps are counted, but the person stood: the figures count
  /// no moving time there).
  private static func writtenSpeeds(_ analyzed: AnalyzedSegment, creeping: [Bool]) -> [Double?] {
    zip(analyzed.trustedSpeedsMetersPerSecond, creeping).map { $1 ? 0 : $0 }
  }

  /// Writes the first and the last position again, each as a segment of its own, at the first
  /// and last times the figures' clock ran before the first accepted fix and after the last
  /// (fixes refused for their position or accuracy, not their time, run it: see
  /// ``RejectionReason/keepsTime``), so that the file's elapsed time is the figures'. A segment
  /// of its own, because joined to the track the held time would read as moving.
  private static func holdClock(
    _ pieces: inout [[CleanedPath.Point]], segment: Segment, verdicts: [Verdict],
    accepted: [Int]
  ) {
    guard let firstAccepted = accepted.first, let lastAccepted = accepted.last,
      !pieces.isEmpty, let first = pieces[0].first, let last = pieces[pieces.count - 1].last
    else { return }
    func runsClock(_ index: Int) -> Double? {
      guard let reason = verdicts[index].rejectionReason, reason.keepsTime else { return nil }
      return segment.fixes[index].timeSeconds
    }
    let startTimes = (0..<firstAccepted).lazy.compactMap(runsClock)
    if let start = startTimes.min(),
      let firstTime = segment.fixes[firstAccepted].timeSeconds, start < firstTime
    {
      var held = first
      held.timeSeconds = start
      held.speedMetersPerSecond = 0
      held.courseDegrees = nil
      held.isHeld = true
      pieces.insert([held], at: 0)
    }
    let endTimes = (lastAccepted + 1..<segment.fixes.count).lazy.compactMap(runsClock)
    if let end = endTimes.max(),
      let lastTime = segment.fixes[lastAccepted].timeSeconds, end > lastTime
    {
      var held = last
      held.timeSeconds = end
      held.speedMetersPerSecond = 0
      held.courseDegrees = nil
      held.isHeld = true
      pieces.append([held])
    }
  }
}
