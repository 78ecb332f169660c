/// The highest average speed over any window of a fixed length of moving time: the speed
/// sailors' "best 2 s" and "best 10 s".
///
/// **How the window is measured.** The speeds are piecewise constant in time: each speed holds
/// over the interval that ends at its fix (the interval the moving time counts for that fix).
/// The average over a window is time-weighted: the integral of that step function over the
/// window divided by the window's length, so a fix 0.2 s after the one before weighs a fifth of
/// one 1 s after it, and irregular fixes need no resampling. A window may start and end
/// anywhere, inside an interval too; it must lie inside one run of contiguous intervals
/// (``add(metersPerSecond:seconds:)`` calls with no ``breakRun()`` between them). Whoever
/// feeds it breaks the run at a stop, a new segment, a fix without a trusted speed and a gap,
/// so a window never spans time whose speed nobody measured.
///
/// Since every window average is a time-weighted mean of speeds that were added, the best is
/// never above the highest speed added; and a longer window, cut into windows of the shorter
/// length, is never above the shorter one's best.
///
/// The best window starts or ends where an interval starts or ends (the window's integral is
/// piecewise linear in its position), so it is found exactly by checking, as each interval
/// arrives, the window that ends with it and the windows that start at an earlier interval's
/// start and end inside it (two cursors; each interval start is checked once).
///
/// - Complexity: O(1) amortised per interval. Memory: the intervals of the last window, at
///   most `windowSeconds / minimumIntervalSeconds + 2` of 24 bytes (12 kB for 10 s), since an
///   interval shorter than ``minimumIntervalSeconds`` is merged into the one before.
public struct BestWindowSpeed: Sendable, Hashable {
  /// Twenty milliseconds: no GNSS receiver in use outputs faster than 25 Hz (40 ms), so a
  /// shorter interval is a burst or a repeated time; merging it into the interval before
  /// (its speed the time-weighted mean of both) bounds the memory and changes no real log.
  public static let minimumIntervalSeconds = 0.02

  /// The window's length in seconds.
  public let windowSeconds: Double

  /// The highest average speed over a window so far, in meters per second, or `nil` before
  /// a run has lasted ``windowSeconds``.
  public private(set) var highestMetersPerSecond: Double?

  private struct Interval: Sendable, Hashable {
    /// Where the interval starts, in seconds from the run's start.
    var startSeconds: Double
    /// The meters covered in the run before it.
    var startMeters: Double
    var metersPerSecond: Double
  }

  /// The run's intervals from `first` on, oldest first; those before it are spent.
  private var intervals: [Interval] = []
  private var first = 0
  /// The run's length in seconds and meters so far.
  private var runSeconds = 0.0
  private var runMeters = 0.0
  /// The first interval whose start has not yet been checked as a window start.
  private var nextStart = 0
  /// The interval holding the start of the window that ends now.
  private var windowStart = 0

  /// Creates an empty tracker.
  /// - Parameter windowSeconds: the window's length in seconds, more than 0.
  public init(windowSeconds: Double) {
    precondition(windowSeconds > 0 && windowSeconds.isFinite, "a window lasts some seconds")
    self.windowSeconds = windowSeconds
  }

  /// Ends the current run: no window spans what comes next and what came before.
  public mutating func breakRun() {
    intervals.removeAll(keepingCapacity: true)
    first = 0
    runSeconds = 0
    runMeters = 0
    nextStart = 0
    windowStart = 0
  }

  /// Adds an interval that follows the previous one without a break.
  ///
  /// - Parameters:
  ///   - metersPerSecond: the speed over the interval; a negative or non-finite speed breaks
  ///     the run instead.
  ///   - seconds: the interval's length; one that is not positive and finite breaks the run.
  /// - Complexity: O(1) amortised.
  public mutating func add(metersPerSecond speed: Double, seconds: Double) {
    guard speed.isFinite, speed >= 0, seconds.isFinite, seconds > 0 else {
      breakRun()
      return
    }
    let end = runSeconds + seconds
    if let last = intervals.indices.last,
      runSeconds - intervals[last].startSeconds < Self.minimumIntervalSeconds
    {
      let meters = runMeters - intervals[last].startMeters + speed * seconds
      intervals[last].metersPerSecond = meters / (end - intervals[last].startSeconds)
    } else {
      intervals.append(
        Interval(startSeconds: runSeconds, startMeters: runMeters, metersPerSecond: speed))
    }
    let last = intervals[intervals.count - 1]
    runSeconds = end
    runMeters = last.startMeters + last.metersPerSecond * (end - last.startSeconds)
    // Windows that start where an earlier interval starts and end inside this one.
    while nextStart < intervals.count,
      intervals[nextStart].startSeconds + windowSeconds <= end
    {
      let windowEnd = intervals[nextStart].startSeconds + windowSeconds
      let meters = last.startMeters + last.metersPerSecond * (windowEnd - last.startSeconds)
      record((meters - intervals[nextStart].startMeters) / windowSeconds)
      nextStart += 1
    }
    // The window that ends with this interval.
    if end >= windowSeconds {
      let windowBegin = end - windowSeconds
      while windowStart + 1 < intervals.count,
        intervals[windowStart + 1].startSeconds <= windowBegin
      {
        windowStart += 1
      }
      let start = intervals[windowStart]
      let metersBefore =
        start.startMeters + start.metersPerSecond * (windowBegin - start.startSeconds)
      record((runMeters - metersBefore) / windowSeconds)
    }
    dropSpentIntervals()
  }

  private mutating func record(_ speed: Double) {
    guard speed.isFinite else { return }
    highestMetersPerSecond = max(highestMetersPerSecond ?? speed, speed)
  }

  /// Forgets the intervals no later window can reach, in batches so that each is moved once.
  private mutating func dropSpentIntervals() {
    first = min(windowStart, nextStart)
    guard first >= 64, first * 2 >= intervals.count else { return }
    intervals.removeFirst(first)
    nextStart -= first
    windowStart -= first
    first = 0
  }
}
