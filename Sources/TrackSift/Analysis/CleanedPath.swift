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
  /// - Complexity: O(n) plus the gap paths' points.
  init(
    coordinates: [Coordinate], isMoving: [Bool], timesSeconds: [Double?],
    speedsMetersPerSecond: [Double?], gapPaths: [Int: GapPath] = [:]
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
        let placement = Self.holdPlacement(
          piece, arrival: start, departure: coordinate, departureMeters: stepMeters)
        if placement.excessMeters <= Self.maximumHoldExcessMeters {
          for index in start..<piece.count { piece[index].coordinate = placement.coordinate }
        } else {
          // No held position fits: the stretch starts a new piece where the refined path
          // resumes, its last refined position (where the person stood as they set off).
          var resumed = Array(piece[(start + 1)...])
          for index in resumed.indices { resumed[index].coordinate = from }
          piece.removeSubrange((start + 1)...)
          if !piece.isEmpty { pieces.append(piece) }
          piece = resumed
        }
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
    if !piece.isEmpty { pieces.append(piece) }
  }

  /// Where to hold a stretch (the points from `arrival` to the end of `piece`): the position
  /// nearest its arrival at which the step into it and the step out of it to `departure` are
  /// as long as the figures counted them (the step into the arrival, and `departureMeters`
  /// from the stretch's last refined position), or, where none is (the refined positions
  /// drifted further than those steps reach), the one closest to it.
  ///
  /// The step into the arrival may change only where the point before it is at its own
  /// refined position (not itself held for an earlier stretch); otherwise the stretch stays
  /// at its arrival.
  ///
  /// - Returns: the position, and how much longer the written steps are than the counted ones
  ///   in meters (negative where shorter).
  private static func holdPlacement(
    _ piece: [Point], arrival: Int, departure: Coordinate, departureMeters: Double
  ) -> (coordinate: Coordinate, excessMeters: Double) {
    let origin = piece[arrival].coordinate
    let plane = LocalTangentPlane(origin: origin)
    let (bx, by) = plane.project(departure)
    let fixedArrival = hypot(bx, by) - departureMeters
    guard arrival == 0 || !piece[arrival - 1].isHeld, arrival < 2 || !piece[arrival - 2].isHeld
    else { return (origin, fixedArrival) }
    // How much longer the written steps are with the stretch held at (x, y): convex in the
    // position, so walking from the arrival along one line finds where it is zero.
    let excess: (Double, Double) -> Double
    let nearest: (x: Double, y: Double)
    if arrival > 0 {
      let (ax, ay) = plane.project(piece[arrival - 1].coordinate)
      let target = hypot(ax, ay) + departureMeters
      excess = { x, y in hypot(x - ax, y - ay) + hypot(x - bx, y - by) - target }
      // The point of the line from the step's start to the departure nearest the arrival,
      // where the written steps are shortest.
      let dx = bx - ax
      let dy = by - ay
      let squared = dx * dx + dy * dy
      let t = squared > 0 ? min(max((-ax * dx - ay * dy) / squared, 0), 1) : 0
      nearest = (ax + t * dx, ay + t * dy)
    } else {
      excess = { x, y in hypot(x - bx, y - by) - departureMeters }
      nearest = (bx, by)
    }
    func coordinate(_ distance: Double, _ ux: Double, _ uy: Double) -> Coordinate {
      plane.unproject(eastMeters: distance * ux, northMeters: distance * uy)
    }
    let atArrival = excess(0, 0)
    guard atArrival.isFinite, abs(atArrival) > placementToleranceMeters else {
      return (origin, atArrival)
    }
    var reach = hypot(nearest.x, nearest.y)
    var (ux, uy) = (nearest.x, nearest.y)
    if reach < placementToleranceMeters {
      // The arrival lies on that line: move off it at right angles.
      (ux, uy) = (by, -bx)
      reach = hypot(ux, uy)
      guard reach > 0 else { return (origin, atArrival) }
    }
    (ux, uy) = (ux / reach, uy / reach)
    if atArrival < 0 {
      (ux, uy) = (-ux, -uy)
      reach = 1
      while excess(reach * ux, reach * uy) < 0, reach < 1e6 { reach *= 2 }
    } else {
      let shortest = excess(nearest.x, nearest.y)
      if shortest > 0 { return (coordinate(reach, ux, uy), shortest) }
    }
    // The excess changes sign between the arrival and `reach` along (ux, uy): bisect.
    var low = 0.0
    var high = reach
    while high - low > placementToleranceMeters / 8 {
      let middle = (low + high) / 2
      if (excess(middle * ux, middle * uy) > 0) == (atArrival > 0) {
        low = middle
      } else {
        high = middle
      }
    }
    let distance = (low + high) / 2
    return (coordinate(distance, ux, uy), excess(distance * ux, distance * uy))
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

  /// How close the placed stretch's steps come to the counted lengths, in meters: a
  /// millimeter, far below anything a length in a file shows.
  static let placementToleranceMeters = 0.001

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
