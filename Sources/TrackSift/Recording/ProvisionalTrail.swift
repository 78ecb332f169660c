/// The fixes the recorder's look-ahead still holds, as the display accepted them, after the
/// last fix the pipeline judged: the display's distance and moving time run through them
/// until the pipeline releases them.
///
/// Each held fix keeps its distance from the one before it, so that a snapshot measures only
/// the first leg.
struct ProvisionalTrail: Sendable {
  private struct Held: Sendable {
    var sequence: Int
    var coordinate: Coordinate
    var legMeters: Double
    var timeSeconds: Double?
  }

  private var held: [Held] = []
  /// The last accepted fix's live position.
  private var lastJudgedCoordinate: Coordinate?
  /// The last accepted fix's time (seconds since the reference date), where the moving time
  /// starts.
  private var lastJudgedTimeSeconds: Double?

  /// Holds a fix the display accepted, numbered `sequence` as the pipeline numbers it.
  mutating func hold(sequence: Int, coordinate: Coordinate, timeSeconds: Double?) {
    let legMeters =
      held.last.map { Geodesic.distanceMeters(from: $0.coordinate, to: coordinate) } ?? 0
    held.append(
      Held(
        sequence: sequence, coordinate: coordinate, legMeters: legMeters,
        timeSeconds: timeSeconds))
  }

  /// Lets go of the fixes up to the one numbered `sequence`, just judged; where it was
  /// accepted, at `acceptedCoordinate` (its live position), the trail starts there.
  mutating func release(through sequence: Int, acceptedAt acceptedCoordinate: Coordinate?) {
    let judgedTime = held.first { $0.sequence == sequence }?.timeSeconds
    held.removeAll { $0.sequence <= sequence }
    guard let acceptedCoordinate else { return }
    lastJudgedCoordinate = acceptedCoordinate
    lastJudgedTimeSeconds = judgedTime
  }

  /// Forgets everything, at the end of a segment.
  mutating func reset() { self = ProvisionalTrail() }

  /// The distance from the last judged position through the held fixes, summed in their
  /// order, in meters.
  var distanceMeters: Double {
    guard let first = held.first else { return 0 }
    var meters = Geodesic.distanceMeters(
      from: lastJudgedCoordinate ?? first.coordinate, to: first.coordinate)
    for entry in held.dropFirst() { meters += entry.legMeters }
    return meters
  }

  /// The time from the last judged fix through the held fixes, in seconds.
  var movingSeconds: Double {
    var seconds = 0.0
    var previous = lastJudgedTimeSeconds
    for entry in held {
      if let previous, let time = entry.timeSeconds, time > previous, time.isFinite {
        seconds += time - previous
      }
      previous = entry.timeSeconds ?? previous
    }
    return seconds
  }
}
