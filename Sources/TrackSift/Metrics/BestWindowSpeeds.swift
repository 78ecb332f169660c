/// The highest average speeds over any window of two fixed lengths of moving time: the speed
/// sailors' "best 2 s" and "best 10 s".
///
/// **How a window is measured.** The speeds are piecewise constant in time: each speed holds
/// over the interval that ends at its fix (the interval the moving time counts for that fix).
/// The average over a window is time-weighted: the integral of that step function over the
/// window divided by the window's length, so a fix 0.2 s after the one before weighs a fifth of
/// one 1 s after it, and irregular fixes need no resampling. A window may start and end
/// anywhere, inside an interval too; it must lie inside one run of contiguous intervals
/// (``add(metersPerSecond:seconds:)`` calls with no ``breakRun()`` between them). Whoever
/// feeds it breaks the run at a stop, a new segment, a fix without a trusted speed and a gap,
/// so a window never spans time whose speed nobody measured.
///
/// Every window average is a time-weighted mean of speeds that were added, so neither best is
/// above the highest speed added; and when the longer window is a whole number of shorter
/// ones (10 s and 2 s), it is never above the shorter one's best, being their mean.
///
/// The best window starts or ends where an interval starts or ends (the window's integral is
/// piecewise linear in its position), so it is found exactly by checking, as each interval
/// arrives, the window that ends with it and the windows that start at an earlier interval's
/// start and end inside it: two cursors a window, each interval start checked once. Both
/// windows share one list of intervals.
///
/// - Complexity: O(1) amortised per interval. Memory: the intervals of the longer window, at
///   most `longerSeconds / minimumIntervalSeconds + 2` of 24 bytes (12 kB for 10 s), since an
///   interval shorter than ``minimumIntervalSeconds`` is merged into the one before.
public struct BestWindowSpeeds: Sendable, Hashable {
  /// Twenty milliseconds: no GNSS receiver in use outputs faster than 25 Hz (40 ms), so a
  /// shorter interval is a burst or a repeated time; merging it into the interval before
  /// (its speed the time-weighted mean of both) bounds the memory and changes no real log.
  public static let minimumIntervalSeconds = 0.02

  /// One window length and the best average over it so far.
  public struct Window: Sendable, Hashable {
    /// The window's length in seconds.
    public let seconds: Double
    /// The highest average so far; -infinity before a run has lasted ``seconds``.
    fileprivate var highest = -Double.infinity
    /// The first interval whose start has not yet been checked as a window start.
    fileprivate var nextStart = 0
    /// The interval holding the start of the window that ends now.
    fileprivate var windowStart = 0

    /// The highest average speed over a window so far, in meters per second, or `nil` before
    /// a run has lasted ``seconds``.
    public var highestMetersPerSecond: Double? { highest > -Double.infinity ? highest : nil }

    fileprivate init(seconds: Double) {
      precondition(seconds > 0 && seconds.isFinite, "a window lasts some seconds")
      self.seconds = seconds
    }
  }

  private struct Interval: Sendable, Hashable {
    /// Where the interval starts, in seconds from the run's start.
    var startSeconds: Double
    /// The meters covered in the run before it.
    var startMeters: Double
    var metersPerSecond: Double
  }

  /// The shorter window (2 s for the speed sailors).
  public private(set) var shorter: Window
  /// The longer window (10 s).
  public private(set) var longer: Window
  /// The run's intervals, oldest first; those before both windows' cursors are spent.
  private var intervals: [Interval] = []
  /// The run's length in seconds and meters so far.
  private var runSeconds = 0.0
  private var runMeters = 0.0

  /// Creates an empty tracker.
  /// - Parameters:
  ///   - shorterSeconds: the shorter window's length in seconds, more than 0.
  ///   - longerSeconds: the longer window's length in seconds, at least the shorter one's.
  public init(shorterSeconds: Double = 2, longerSeconds: Double = 10) {
    precondition(shorterSeconds <= longerSeconds, "the shorter window comes first")
    shorter = Window(seconds: shorterSeconds)
    longer = Window(seconds: longerSeconds)
  }

  /// Ends the current run: no window spans what comes next and what came before.
  public mutating func breakRun() {
    guard runSeconds > 0 else { return }
    intervals.removeAll(keepingCapacity: true)
    runSeconds = 0
    runMeters = 0
    shorter.nextStart = 0
    shorter.windowStart = 0
    longer.nextStart = 0
    longer.windowStart = 0
  }

  /// Adds an interval that follows the previous one without a break.
  ///
  /// - Parameters:
  ///   - speed: the speed over the interval in meters per second; a negative or non-finite
  ///     speed breaks the run instead.
  ///   - seconds: the interval's length; one that is not positive and finite breaks the run.
  /// - Complexity: O(1) amortised.
  public mutating func add(metersPerSecond speed: Double, seconds: Double) {
    guard speed.isFinite, speed >= 0, seconds.isFinite, seconds > 0 else {
      breakRun()
      return
    }
    let end = runSeconds + seconds
    let count = intervals.count
    if count > 0, runSeconds - intervals[count - 1].startSeconds < Self.minimumIntervalSeconds {
      let last = intervals[count - 1]
      let meters = runMeters - last.startMeters + speed * seconds
      intervals[count - 1].metersPerSecond = meters / (end - last.startSeconds)
    } else {
      intervals.append(
        Interval(startSeconds: runSeconds, startMeters: runMeters, metersPerSecond: speed))
    }
    let last = intervals[intervals.count - 1]
    runSeconds = end
    runMeters = last.startMeters + last.metersPerSecond * (end - last.startSeconds)
    // The window state is passed in and out so that reading the intervals does not overlap
    // an access to `self` (which would copy them).
    Self.advance(&shorter, over: intervals, last: last, endSeconds: end, endMeters: runMeters)
    Self.advance(&longer, over: intervals, last: last, endSeconds: end, endMeters: runMeters)
    dropSpentIntervals()
  }

  /// Checks the windows of `window`'s length that the newest interval completes.
  @inline(__always)
  private static func advance(
    _ window: inout Window, over intervals: [Interval], last: Interval, endSeconds: Double,
    endMeters: Double
  ) {
    let length = window.seconds
    // Windows that start where an earlier interval starts and end inside the newest one.
    while window.nextStart < intervals.count,
      intervals[window.nextStart].startSeconds + length <= endSeconds
    {
      let start = intervals[window.nextStart]
      let windowEnd = start.startSeconds + length
      let meters = last.startMeters + last.metersPerSecond * (windowEnd - last.startSeconds)
      window.highest = max(window.highest, (meters - start.startMeters) / length)
      window.nextStart += 1
    }
    // The window that ends with the newest interval.
    guard endSeconds >= length else { return }
    let begin = endSeconds - length
    while window.windowStart + 1 < intervals.count,
      intervals[window.windowStart + 1].startSeconds <= begin
    {
      window.windowStart += 1
    }
    let start = intervals[window.windowStart]
    let before = start.startMeters + start.metersPerSecond * (begin - start.startSeconds)
    window.highest = max(window.highest, (endMeters - before) / length)
  }

  /// Forgets the intervals no later window can reach, in batches so that each is moved once.
  private mutating func dropSpentIntervals() {
    let spent = min(
      shorter.nextStart, shorter.windowStart, longer.nextStart, longer.windowStart)
    guard spent >= 64, spent * 2 >= intervals.count else { return }
    intervals.removeFirst(spent)
    shorter.nextStart -= spent
    shorter.windowStart -= spent
    longer.nextStart -= spent
    longer.windowStart -= spent
  }
}
