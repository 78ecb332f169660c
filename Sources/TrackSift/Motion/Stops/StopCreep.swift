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
/// ``ActivityProfile/countsStopMovement``), every stop that is neither at a segment's
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
    for (start, departure) in leftStops(isMoving: isMoving, crossesGap: crossesGap, from: 1) {
      let end = departure - 1
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

  /// The net movement of a stop counted as the person leaves it, in meters: the straight line
  /// from its arrival (the last moving position before it) to its departure (the first after
  /// it), less the departure's own step, which counts already; never negative. The live
  /// figures' rule for a walker (``MetricsAccumulator/countsStopMovement``).
  static func netMovementMeters(
    arrival: Coordinate, departure: Coordinate, departureStepMeters: Double
  ) -> Double {
    max(Geodesic.distanceMeters(from: arrival, to: departure) - departureStepMeters, 0)
  }

  /// The stop movement the live figures counted (``MetricsAccumulator/countsStopMovement``),
  /// found again on the live flags and positions of a timed segment: for each stop that is
  /// neither the segment's first stretch nor across a gap and that the person left, its
  /// ``netMovementMeters(arrival:departure:departureStepMeters:)`` by the position of its
  /// departure fix, where it is more than zero.
  ///
  /// - Parameters:
  ///   - coordinates: the live position of each accepted fix.
  ///   - isMoving: the live moving flags.
  ///   - crossesGap: whether each fix's step crosses a gap or a re-anchoring.
  /// - Complexity: O(n).
  static func liveMovements(
    coordinates: [Coordinate], isMoving: [Bool], crossesGap: [Bool]
  ) -> [Int: Double] {
    var movements: [Int: Double] = [:]
    // The figures count steps from the second fix on: a stop from there opened the segment.
    for (start, departure) in leftStops(isMoving: isMoving, crossesGap: crossesGap, from: 2) {
      let step = Geodesic.distanceMeters(
        from: coordinates[departure - 1], to: coordinates[departure])
      let movement = netMovementMeters(
        arrival: coordinates[start - 1], departure: coordinates[departure],
        departureStepMeters: step)
      if movement > 0 { movements[departure] = movement }
    }
    return movements
  }

  /// The stops the person left: each run of fixes flagged not moving after the first fix
  /// that starts at `first` or later, as its first fix and the moving fix after it, where no
  /// step from the first to that one crosses a gap.
  private static func leftStops(isMoving: [Bool], crossesGap: [Bool], from first: Int)
    -> [(start: Int, departure: Int)]
  {
    var stops: [(start: Int, departure: Int)] = []
    var start = 1
    while start < isMoving.count {
      guard !isMoving[start] else {
        start += 1
        continue
      }
      var departure = start
      while departure < isMoving.count, !isMoving[departure] { departure += 1 }
      if start >= first, departure < isMoving.count,
        !crossesGap[start...departure].contains(true)
      {
        stops.append((start, departure))
      }
      start = departure + 1
    }
    return stops
  }
}
