@testable import TrackSift

/// One fix as ``GradeAccumulator`` takes it, for the grade tests.
struct GradeTestFix {
  var meters: Double
  var seconds: Double?
  var altitudeMeters: Double?
  var isMoving = true
}

extension GradeAccumulator {
  /// Adds the fixes in order.
  mutating func add(_ fixes: [GradeTestFix]) {
    for fix in fixes {
      add(
        distanceMeters: fix.meters, timeSeconds: fix.seconds, altitudeMeters: fix.altitudeMeters,
        isMoving: fix.isMoving)
    }
  }

  /// The accumulator's figures after the fixes, from an empty one.
  static func figures(
    _ fixes: [GradeTestFix], configuration: Configuration = Configuration()
  ) -> GradeFigures? {
    var accumulator = GradeAccumulator(configuration: configuration)
    accumulator.add(fixes)
    return accumulator.figures
  }
}

/// Fixes about every `stepMeters` (a whole number of steps) from `startMeters` to `endMeters` inclusive, at a steady speed on a
/// steady grade.
func steadyGradeFixes(
  from startMeters: Double = 0, to endMeters: Double, stepMeters: Double = 10,
  metersPerSecond: Double, grade: Double, startSeconds: Double = 0,
  startAltitudeMeters: Double = 100
) -> [GradeTestFix] {
  let total = endMeters - startMeters
  let steps = Int((total / stepMeters).rounded())
  return (0...steps).map { step in
    // The last fix lands on `endMeters` exactly, so that a window ending there is complete.
    let run = step == steps ? total : Double(step) * total / Double(steps)
    return GradeTestFix(
      meters: startMeters + run, seconds: startSeconds + run / metersPerSecond,
      altitudeMeters: startAltitudeMeters + grade * run)
  }
}
