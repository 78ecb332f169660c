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
/// and around it are not, so it holds nothing for half a minute. Over 10 s a receiver's noise
/// of a few meters moves a chord speed by tenths of a meter per second. Chords are straight,
/// so a winding route holds a little less than its speed along the road: the measure errs low.
///
/// The same value measures a file at once (``metersPerSecond(of:)``) and a
/// recording as its fixes arrive (``add(timeSeconds:coordinate:)``), with the same result.
///
/// - Complexity: O(1) amortised per fix (a sliding minimum); memory for the last
///   ``holdSeconds`` and ``chordSeconds`` of fixes.
public struct HeldSpeed: Sendable, Hashable {
  /// How long a speed must be held, in seconds: no runner holds 12 m/s (running's gate limit)
  /// for half a minute (the 200 m world record, 19.19 s, averages 10.4 m/s; the 400 m, 43.03 s,
  /// 9.3 m/s), while a car between two junctions or a bike on an open road does. Shorter holds
  /// let errors through: the speed-sailing logs in `shared/data/spikes` hold their spikes for
  /// up to 20 s (a receiver dead-reckoning 40 m/s after a signal loss).
  public static let holdSeconds = 30.0
  /// The span of each chord, in seconds.
  public static let chordSeconds = 10.0
  /// The fastest speed anyone has held on foot for about ``holdSeconds``, in meters per
  /// second: the 300 m world best, 30.81 s (Wayde van Niekerk, 2017), averages 9.74 m/s, the
  /// 200 m record 10.4 m/s over only 19.19 s. A recording that holds more for half a minute
  /// is no run or walk, though the running profile's gate takes a fix up to 12 m/s (a
  /// sprint's with its noise); 10 m/s leaves a quarter of a meter per second for the noise of
  /// the chords.
  public static let fastestOnFootMetersPerSecond = 10.0

  /// The highest speed held for ``holdSeconds`` so far, in meters per second, or `nil` before
  /// any stretch that long of timed fixes without a gap.
  public private(set) var highestMetersPerSecond: Double?

  private struct Point: Sendable, Hashable {
    var timeSeconds: Double
    var coordinate: Coordinate
  }

  private struct Chord: Sendable, Hashable {
    var startSeconds: Double
    var metersPerSecond: Double
  }

  /// The fixes whose chord has not ended yet, oldest first from `pendingFront`.
  private var pending: [Point] = []
  private var pendingFront = 0
  /// The run's chords whose speeds increase from `windowFront`, which is the minimum of the
  /// chords that started in the last ``holdSeconds``.
  private var window: [Chord] = []
  private var windowFront = 0
  private var runStartSeconds: Double?
  private var lastTimeSeconds: Double?

  /// Creates an empty measure.
  public init() {}

  /// The highest speed held for ``holdSeconds`` in meters per second, over every segment, or
  /// `nil` where no stretch that long has timed fixes without a gap.
  public static func metersPerSecond(of track: Track) -> Double? {
    var measure = HeldSpeed()
    for segment in track.segments {
      measure.breakRun()
      for fix in segment.fixes {
        measure.add(timeSeconds: fix.timeSeconds, coordinate: fix.coordinate)
      }
    }
    return measure.highestMetersPerSecond
  }

  /// Takes the next fix of the recording; one without a finite time later than the fix before,
  /// or without a valid position, is passed over.
  public mutating func add(timeSeconds: Double?, coordinate: Coordinate) {
    guard let time = timeSeconds, time.isFinite, coordinate.isInRange,
      time > lastTimeSeconds ?? -.infinity
    else { return }
    lastTimeSeconds = time
    // This fix ends the chord of every pending fix at least a chord's span before it.
    while pendingFront < pending.count,
      time >= pending[pendingFront].timeSeconds + Self.chordSeconds
    {
      let start = pending[pendingFront]
      pendingFront += 1
      let seconds = time - start.timeSeconds
      if seconds <= 2 * Self.chordSeconds {
        add(
          Chord(
            startSeconds: start.timeSeconds,
            metersPerSecond: Geodesic.distanceMeters(from: start.coordinate, to: coordinate)
              / seconds))
      } else {
        breakChords()
      }
    }
    Self.dropSpent(&pending, front: &pendingFront)
    pending.append(Point(timeSeconds: time, coordinate: coordinate))
  }

  /// Ends the current run (a new segment): no chord spans it, no stretch holds across it.
  public mutating func breakRun() {
    (pending, pendingFront, lastTimeSeconds) = ([], 0, nil)
    breakChords()
  }

  private mutating func add(_ chord: Chord) {
    if runStartSeconds == nil { runStartSeconds = chord.startSeconds }
    while window.count > windowFront,
      window[window.count - 1].metersPerSecond >= chord.metersPerSecond
    {
      window.removeLast()
    }
    window.append(chord)
    while window[windowFront].startSeconds < chord.startSeconds - Self.holdSeconds {
      windowFront += 1
    }
    Self.dropSpent(&window, front: &windowFront)
    guard let start = runStartSeconds, chord.startSeconds - start >= Self.holdSeconds else {
      return
    }
    let held = window[windowFront].metersPerSecond
    highestMetersPerSecond = max(highestMetersPerSecond ?? held, held)
  }

  private mutating func breakChords() {
    (window, windowFront, runStartSeconds) = ([], 0, nil)
  }

  /// Forgets the elements before `front` once they are most of the array, so that each is
  /// moved once.
  private static func dropSpent<Element>(_ elements: inout [Element], front: inout Int) {
    guard front >= 64, front * 2 >= elements.count else { return }
    elements.removeFirst(front)
    front = 0
  }
}
