import Foundation

/// The path a cleaned segment is written on: the positions whose steps the figures count, with
/// every stretch they do not count (a stop, an un-bridged gap) written as one held position, so
/// that the file's own length is the distance the figures report.
///
/// The figures (``MetricsAccumulator``) count the step into a fix only when the fix is flagged
/// moving. Each run of fixes flagged not moving is written at one position, with the fixes'
/// times (the stop lasts as long in the file as in the figures): its jitter, which the figures
/// do not count, is not written. That position is chosen so that the step into the stretch and
/// the step out of it are as long as the figures counted them (see `holdPlacement`). Where the
/// refined positions drifted during the stretch further than those steps can absorb (by more
/// than ``maximumHoldExcessMeters``: an un-bridged signal gap, a stop whose refined positions
/// wandered), the stretch starts a new piece (segment), held where the refined path resumed
/// (its last refined position, where the person stood as they set off), so the drift is
/// neither written nor lost.
///
/// Where the figures measure a step along the smoother's path across a signal loss
/// (``GapPath``), that path's intermediate points are written before the fix after the loss,
/// each with its time and nothing else: they are the smoother's estimate, not fixes.
///
/// The speed written at a moving fix is the one the figures trusted there (the speed the
/// maximum and the best windows are taken from; see ``SpeedVerdict``), none where they trusted
/// none: a step between smoothed positions a fifth of a second apart is mostly their noise,
/// and a refused speed is never written. A held fix is written at zero; without times, none.
struct CleanedPath: Sendable {
  /// A written point.
  struct Point: Sendable, Hashable {
    /// Index into the positions given.
    var position: Int
    /// Where it is written.
    var coordinate: Coordinate
    /// The speed over the interval ending here in m/s; `nil` without an interval or times.
    var speedMetersPerSecond: Double?
    /// The direction of the step ending here in degrees; `nil` where the point did not move.
    var courseDegrees: Double?
    /// Whether the point is held at an earlier position (its interval is not counted).
    var isHeld: Bool
    /// The time to write, where it is not the fix's own (a held point that carries the time of
    /// a refused fix, or a point of a ``GapPath``).
    var timeSeconds: Double?
    /// Whether the point is one of a ``GapPath``'s intermediate points rather than a fix
    /// (`position` is then the fix after the signal loss).
    var isInterpolated = false
  }

  /// The pieces of the path: one per output segment, each with at least one point.
  var pieces: [[Point]]

  /// Builds the path of one segment.
  ///
  /// - Parameters:
  ///   - coordinates: the positions of the accepted fixes.
  ///   - isMoving: whether the step into each fix is counted (one per coordinate).
  ///   - timesSeconds: each fix's time, `nil` where it has none or the times are not used.
  ///   - speedsMetersPerSecond: the speed the figures trusted at each fix, `nil` where none.
  ///   - gapPaths: the path the figures measured into a fix across a signal loss, by position.
  ///   - stopMovementMeters: the net movement of a stop the figures counted with the step out
  ///     of it (``AnalyzedSegment/liveStopMovementMeters``), by the position of that step's fix:
  ///     the stop is held where the steps into and out of it are that much longer.
  /// - Complexity: O(n) plus the gap paths' points.
  init(
    coordinates: [Coordinate], isMoving: [Bool], timesSeconds: [Double?],
    speedsMetersPerSecond: [Double?], gapPaths: [Int: GapPath] = [:],
    stopMovementMeters: [Int: Double] = [:]
  ) {
    pieces = []
    var piece: [Point] = []
    // Where the current held stretch began in `piece` (its arrival), while one is open.
    var arrival: Int?
    var previous: Coordinate?
    for position in coordinates.indices {
      let coordinate = coordinates[position]
      // A position that cannot be written breaks the path.
      guard coordinate.isInRange else {
        if !piece.isEmpty { pieces.append(piece) }
        piece = []
        arrival = nil
        previous = nil
        continue
      }
      defer { previous = coordinate }
      guard let from = previous, let last = piece.last else {
        piece = [Point(position: position, coordinate: coordinate, isHeld: false)]
        continue
      }
      let interval = Self.intervalSeconds(timesSeconds, ending: position)
      if !isMoving[position] {
        if arrival == nil { arrival = piece.count - 1 }
        piece.append(
          Point(
            position: position, coordinate: last.coordinate,
            speedMetersPerSecond: interval == nil ? nil : 0, isHeld: true))
        continue
      }
      let stepMeters = Geodesic.distanceMeters(from: from, to: coordinate)
      // A gap path starts at a moving fix (the figures measure none out of a stop).
      let path = arrival == nil && !gapPaths.isEmpty ? gapPaths[position] : nil
      if let start = arrival {
        arrival = nil
        Self.hold(
          &piece, from: start, departure: coordinate,
          departureMeters: stepMeters + (stopMovementMeters[position] ?? 0),
          resumingAt: from, coordinates: coordinates, into: &pieces)
      }
      var stepStart = from
      if let path {
        for (point, time) in zip(path.intermediateCoordinates, path.intermediateTimesSeconds) {
          piece.append(
            Point(
              position: position, coordinate: point,
              courseDegrees: Self.course(
                from: stepStart, to: point,
                meters: Geodesic.distanceMeters(from: stepStart, to: point)),
              isHeld: false,
              timeSeconds: time, isInterpolated: true))
          stepStart = point
        }
      }
      piece.append(
        Point(
          position: position, coordinate: coordinate,
          speedMetersPerSecond: interval == nil ? nil : speedsMetersPerSecond[position],
          courseDegrees: Self.course(
            from: stepStart, to: coordinate,
            meters: path == nil
              ? stepMeters : Geodesic.distanceMeters(from: stepStart, to: coordinate)),
          isHeld: false))
    }
    if let start = arrival, piece.count - start > 2 {
      // The piece closes standing: no step out of the stretch is counted, so it is written
      // where the person stood, as a piece of its own.
      let standing = Self.meanCoordinate(of: piece[(start + 1)...], in: coordinates)
      var held = Array(piece[(start + 1)...])
      for index in held.indices { held[index].coordinate = standing }
      piece.removeSubrange((start + 1)...)
      pieces.append(piece)
      piece = held
    }
    if !piece.isEmpty { pieces.append(piece) }
  }

  /// Writes the held stretch from `start` to the end of `piece` (the arrival and the fixes
  /// flagged not moving after it) once the fix at `departure` ends it, moving finished pieces
  /// to `pieces`.
  ///
  /// - Parameters:
  ///   - resumingAt: the stretch's last refined position, where the person set off from.
  private static func hold(
    _ piece: inout [Point], from start: Int, departure: Coordinate, departureMeters: Double,
    resumingAt resumed: Coordinate, coordinates: [Coordinate], into pieces: inout [[Point]]
  ) {
    let standing = meanCoordinate(of: piece[(start + 1)...], in: coordinates)
    if start == 0, piece.count > 2 {
      // The piece opens standing: no step into the stretch is counted, so it is written
      // where the person stood, as a piece of its own, and its last fix, at its refined
      // position, opens the path.
      var held = piece
      var last = held.removeLast()
      last.coordinate = resumed
      for index in held.indices { held[index].coordinate = standing }
      pieces.append(held)
      piece = [last]
      return
    }
    let placement = holdPlacement(
      piece, arrival: start, departure: departure, departureMeters: departureMeters,
      standing: standing)
    if placement.excessMeters <= maximumHoldExcessMeters {
      for index in start..<piece.count { piece[index].coordinate = placement.coordinate }
    } else {
      // No held position fits: the stretch starts a new piece where the refined path
      // resumes, its last refined position (where the person stood as they set off).
      var rest = Array(piece[(start + 1)...])
      for index in rest.indices { rest[index].coordinate = resumed }
      piece.removeSubrange((start + 1)...)
      if !piece.isEmpty { pieces.append(piece) }
      piece = rest
    }
  }

  /// Where to hold a stretch (the points from `arrival` to the end of `piece`): the position
  /// nearest `standing` (the mean of the stretch's refined positions, where the person stood)
  /// at which the step into the arrival and the step out of it to `departure` are as long as
  /// the figures counted them (the step into the arrival, and `departureMeters` from the
  /// stretch's last refined position). Those positions form an ellipse whose foci are the
  /// fix before the arrival and the departure (a circle round the departure where the
  /// stretch opens the piece); where the counted steps are shorter than the straight line
  /// between the foci, none exists and the point of that line nearest `standing` is taken.
  ///
  /// The step into the arrival may change only where the point before it is at its own
  /// refined position (not itself held for an earlier stretch); otherwise the stretch stays
  /// at its arrival.
  ///
  /// - Returns: the position, and how much longer the written steps are than the counted ones
  ///   in meters (negative where shorter).
  private static func holdPlacement(
    _ piece: [Point], arrival: Int, departure: Coordinate, departureMeters: Double,
    standing: Coordinate
  ) -> (coordinate: Coordinate, excessMeters: Double) {
    let origin = piece[arrival].coordinate
    let plane = LocalTangentPlane(origin: origin)
    let (bx, by) = plane.project(departure)
    guard arrival == 0 || !piece[arrival - 1].isHeld, arrival < 2 || !piece[arrival - 2].isHeld
    else { return (origin, hypot(bx, by) - departureMeters) }
    let curve: HoldCurve
    if arrival > 0 {
      let (ax, ay) = plane.project(piece[arrival - 1].coordinate)
      curve = HoldCurve(
        focus: (ax, ay), focus: (bx, by), sumMeters: hypot(ax, ay) + departureMeters)
    } else {
      curve = HoldCurve(focus: (bx, by), focus: (bx, by), sumMeters: 2 * departureMeters)
    }
    let (sx, sy) = plane.project(standing)
    let (x, y) = curve.nearestPoint(to: (sx, sy))
    let excess = curve.excessMeters(at: (x, y))
    guard excess.isFinite else { return (origin, hypot(bx, by) - departureMeters) }
    return (plane.unproject(eastMeters: x, northMeters: y), excess)
  }

  /// The direction of the step from `start` to `end`, `meters` long, in degrees; `nil` where
  /// it has no length.
  private static func course(from start: Coordinate, to end: Coordinate, meters: Double)
    -> Double?
  {
    meters > 0 ? Geodesic.initialBearingDegrees(from: start, to: end) : nil
  }

  /// The most a held stretch may lengthen the written path, in meters, before the path is
  /// broken where it resumes instead: issue 28's stopped-distance target pools at most 1 m a
  /// minute over all stops, and half a meter a stop keeps every stop of 30 s or more within it.
  static let maximumHoldExcessMeters = 0.5

  /// The mean refined position of a held stretch's points (meters apart, so averaged on a
  /// plane); the stretch is never empty.
  private static func meanCoordinate(of points: ArraySlice<Point>, in coordinates: [Coordinate])
    -> Coordinate
  {
    let plane = LocalTangentPlane(origin: coordinates[points[points.startIndex].position])
    var east = 0.0
    var north = 0.0
    for point in points {
      let (x, y) = plane.project(coordinates[point.position])
      east += x
      north += y
    }
    let count = Double(points.count)
    return plane.unproject(eastMeters: east / count, northMeters: north / count)
  }

  /// The time from the previous fix to this one in seconds, when both have times and it is
  /// positive.
  private static func intervalSeconds(_ times: [Double?], ending position: Int) -> Double? {
    guard position > 0, let start = times[position - 1], let end = times[position],
      end > start, (end - start).isFinite
    else { return nil }
    return end - start
  }

  /// Which points of a piece simplification must keep: each stop's arrival and its last held
  /// point, so the file still says when it stopped and for how long.
  static func mustKeep(_ piece: [Point]) -> [Bool] {
    piece.indices.map { index in
      let nextIsHeld = index + 1 < piece.count && piece[index + 1].isHeld
      return piece[index].isHeld ? !nextIsHeld : nextIsHeld
    }
  }
}
