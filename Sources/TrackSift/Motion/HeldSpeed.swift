/// The highest speed a recording holds for half a minute on end, from its positions and times
/// alone: what its own motion says of the activity when the file names none.
///
/// **How it is measured.** Each timed fix gets a chord speed: the straight distance to the
/// first fix at least ``chordSeconds`` later, over the time between them (none where that
/// takes more than twice ``chordSeconds``: a gap). A stretch holds a speed when every chord
/// starting in it is at least that fast; the held speed is the highest such speed over any
/// stretch of ``holdSeconds`` without a gap.
///
/// **Why it resists errors.** A spike, a jump and back, or an excursion that sits off the
/// track makes fast only the chords that start or end across its edges; the chords inside it
/// and around it are not, so it holds nothing for half a minute. Over 10 s a receiver's noise of a
/// few meters moves a chord speed by tenths of a meter per second. Chords are straight, so a
/// winding route holds a little less than its speed along the road: the measure errs low.
///
/// - Complexity: O(n) time and memory for n fixes (a sliding minimum).
public enum HeldSpeed {
  /// How long a speed must be held, in seconds: no runner holds 12 m/s (running's gate limit)
  /// for half a minute (the 200 m world record, 19.19 s, averages 10.4 m/s; the 400 m, 43.03 s,
  /// 9.3 m/s), while a car between two junctions or a bike on an open road does. Shorter holds
  /// let errors through: the speed-sailing logs in `shared/data/spikes` hold their spikes for
  /// up to 20 s (a receiver dead-reckoning 40 m/s after a signal loss).
  public static let holdSeconds = 30.0
  /// The span of each chord, in seconds.
  public static let chordSeconds = 10.0

  /// The highest speed held for ``holdSeconds`` in meters per second, over every segment, or
  /// `nil` where no stretch that long has timed fixes without a gap.
  public static func metersPerSecond(of track: Track) -> Double? {
    track.segments.compactMap { metersPerSecond(of: $0.fixes) }.max()
  }

  /// The same over one segment's fixes, in recording order.
  public static func metersPerSecond(of fixes: [Fix]) -> Double? {
    let points = timedPoints(fixes)
    let chords = chordSpeeds(points)
    var highest: Double?
    // The run's chords whose speeds increase from the front, which is the window's minimum.
    var window: [(timeSeconds: Double, speed: Double)] = []
    var front = 0
    var runStartSeconds: Double?
    for (point, chord) in zip(points, chords) {
      let time = point.timeSeconds
      guard let speed = chord else {
        (window, front, runStartSeconds) = ([], 0, nil)
        continue
      }
      if runStartSeconds == nil { runStartSeconds = time }
      while window.count > front, window[window.count - 1].speed >= speed { window.removeLast() }
      window.append((time, speed))
      while window[front].timeSeconds < time - holdSeconds { front += 1 }
      guard let start = runStartSeconds, time - start >= holdSeconds else { continue }
      highest = max(highest ?? window[front].speed, window[front].speed)
    }
    return highest
  }

  private struct Point {
    var timeSeconds: Double
    var coordinate: Coordinate
  }

  /// The fixes with a finite time later than every one before and a valid position.
  private static func timedPoints(_ fixes: [Fix]) -> [Point] {
    var points: [Point] = []
    points.reserveCapacity(fixes.count)
    for fix in fixes {
      guard let time = fix.timeSeconds, time.isFinite, fix.coordinate.isInRange,
        time > points.last?.timeSeconds ?? -.infinity
      else { continue }
      points.append(Point(timeSeconds: time, coordinate: fix.coordinate))
    }
    return points
  }

  /// Each point's chord speed (see the type's description), `nil` across a gap or at the end.
  private static func chordSpeeds(_ points: [Point]) -> [Double?] {
    var speeds = [Double?](repeating: nil, count: points.count)
    var end = 0
    for start in points.indices {
      let time = points[start].timeSeconds
      end = max(end, start + 1)
      while end < points.count, points[end].timeSeconds < time + chordSeconds { end += 1 }
      guard end < points.count else { break }
      let seconds = points[end].timeSeconds - time
      guard seconds <= 2 * chordSeconds else { continue }
      speeds[start] =
        Geodesic.distanceMeters(from: points[start].coordinate, to: points[end].coordinate)
        / seconds
    }
    return speeds
  }
}
