import TrackSift
import TrackSiftSimulation

/// Reference trajectories read from activity files: a survey-grade log, or the truth CSV that
/// `tracksift simulate` writes.
enum ReferenceTruth {
  /// The true speed below which a reference point counts as standing, in meters per second.
  static let movingSpeedMetersPerSecond = 0.2

  /// The reference points of `track`: each timed fix's position and speed (NaN without one),
  /// moving where the speed is at least ``movingSpeedMetersPerSecond`` or unknown; in time
  /// order. Distances are left at 0: ``EvaluationTruth`` sums them over the span the scored
  /// fixes cover.
  static func points(of track: Track) -> [TruthPoint] {
    let points = track.segments.flatMap(\.fixes).compactMap { fix -> TruthPoint? in
      guard let time = fix.timeSeconds, fix.coordinate.isInRange else { return nil }
      let speed = fix.validSpeedMetersPerSecond
      return TruthPoint(
        timeSeconds: time, coordinate: fix.coordinate,
        speedMetersPerSecond: speed ?? .nan, distanceMeters: 0,
        isMoving: (speed ?? .infinity) >= movingSpeedMetersPerSecond)
    }
    let isSorted = zip(points, points.dropFirst()).allSatisfy { $0.timeSeconds <= $1.timeSeconds }
    return isSorted ? points : points.sorted { $0.timeSeconds < $1.timeSeconds }
  }
}
