/// Stops during which the refined positions crept further than the fixes' accuracy explains: a
/// car rolling up to the line at a red light, a walker shuffling forward in a queue.
///
/// The refined figures count nothing while a person stands; the step out of a stop is counted
/// from the stop's last refined position. Where the positions moved on during the stop, that
/// movement was lost from the distance and, written as one held position, put the cleaned file
/// meters off where the person was (the u-blox F9K drive against its RTK truth: 0.5-2.6 m of
/// creep at each of its traffic lights, a held p95 of 3.0 m against 0.8 m for the raw fixes).
///
/// A stop creeps when the distance from its arrival (the last moving position before it) to
/// its last position exceeds `accuracyMultiple` times the median accuracy its fixes state:
/// two positions that far apart are not one place seen twice. Its fixes are then moved onto the
/// straight line from the arrival to the departure (the first moving position after it), each
/// to its own projection and never back along the line, so that the steps through the stop add
/// up to the net creep and no wander across it. A stop whose fixes state no accuracy, one at
/// the start or end of a segment, and one that contains a step across a signal gap are left as
/// they are.
///
/// Where the profile counts every stop's movement (walking:
/// ``ActivityProfile/refinedCountsStopMovement``), every stop that is neither at a segment's
/// start or end nor across a gap is treated so, whatever the accuracy.
enum StopCreep {

  /// Marks the creeping stops and moves their fixes onto their arrival-to-departure line.
  ///
  /// - Parameters:
  ///   - coordinates: the refined position of each accepted fix; creeping stops' fixes are
  ///     moved.
  ///   - isMoving: whether each fix is moving (``AnalyzedSegment/refinedIsMoving``).
  ///   - crossesGap: whether each fix's step crosses a gap or a re-anchoring.
  ///   - countsEveryStop: whether every stop creeps, whatever its accuracy.
  ///   - accuracyMultiple: how many times its fixes' median stated accuracy a stop must move
  ///     to creep (``StopDetector/Refinement/creepAccuracyMultiple``).
  ///   - accuracyMeters: each fix's stated horizontal accuracy, if any.
  /// - Returns: whether each fix is part of a creeping stop.
  /// - Complexity: O(n log k) for stops of k fixes.
  static func apply(
    to coordinates: inout [Coordinate], isMoving: [Bool], crossesGap: [Bool],
    countsEveryStop: Bool = false,
    accuracyMultiple: Double = StopDetector.Refinement().creepAccuracyMultiple,
    accuracyMeters: (Int) -> Double?
  ) -> [Bool] {
    var isCreeping = [Bool](repeating: false, count: coordinates.count)
    var start = 1
    while start < coordinates.count {
      guard !isMoving[start] else {
        start += 1
        continue
      }
      var end = start
      while end + 1 < coordinates.count, !isMoving[end + 1] { end += 1 }
      let departure = end + 1
      defer { start = departure + 1 }
      guard departure < coordinates.count, !crossesGap[start...departure].contains(true) else {
        continue
      }
      let arrival = coordinates[start - 1]
      if !countsEveryStop {
        let accuracies = (start...end).compactMap(accuracyMeters).sorted()
        guard !accuracies.isEmpty else { continue }
        let crept = Geodesic.distanceMeters(from: arrival, to: coordinates[end])
        guard crept > accuracyMultiple * accuracies[accuracies.count / 2] else { continue }
      }
      let plane = LocalTangentPlane(origin: arrival)
      let (lineEast, lineNorth) = plane.project(coordinates[departure])
      let squared = lineEast * lineEast + lineNorth * lineNorth
      guard squared > 0 else { continue }
      var along = 0.0
      for index in start...end {
        let (east, north) = plane.project(coordinates[index])
        along = max(along, min(max((east * lineEast + north * lineNorth) / squared, 0), 1))
        coordinates[index] = plane.unproject(
          eastMeters: along * lineEast, northMeters: along * lineNorth)
        isCreeping[index] = true
      }
    }
    return isCreeping
  }
}
