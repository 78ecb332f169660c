/// Cuts a track's altitude profile into consecutive windows of a fixed distance and yields
/// their grades, the grade-adjusted pace (Minetti et al. 2002) and the VAM, one fix at a time.
///
/// **Input.** Each accepted fix of a segment, in order: its cumulative distance along the route
/// (which never decreases within a segment), its time, the altitude the climb is counted on
/// (already filtered or smoothed; `nil` where there is none) and whether the person is moving.
/// The interval between two fixes belongs to the later one: it counts as moving when that fix
/// is moving and both fixes have a time.
///
/// **Windows.** A segment's windows start at its first fix with an altitude and follow each
/// other every ``Configuration/windowMeters``. At a window's edges the altitude and time are
/// interpolated linearly in distance between the fixes on either side (for the altitude, the
/// nearest fixes with one), so uneven fix spacing moves no edge. A window is emitted once the
/// altitude at its end is known. No window spans a segment break
/// (``breakSegment()``, or a distance that goes back) or a stretch longer than
/// ``Configuration/maximumAltitudeGapMeters`` of fixes without altitudes: the window under
/// way is dropped and the windows start afresh at the next altitude. The last part of a
/// segment, shorter than a window, has no grade.
///
/// See ``GradeFigures`` for the grade-adjusted pace and the VAM drawn from the windows.
///
/// - Complexity: O(1) amortised per fix, plus O(1) per window edge passed. Memory: the
///   windows emitted, 80 bytes each (34 kB for a marathon in 100 m windows), and at most
///   `maximumAltitudeGapMeters / windowMeters + 2` windows waiting for an altitude.
public struct GradeAccumulator: Sendable, Hashable {
  /// The accumulator's knobs.
  public let configuration: Configuration
  /// The windows and totals counted so far, without the climb under way.
  private var tally: GradeFigures
  /// The previous fix of the segment.
  private var previousFix: Point?
  /// The previous fix of the current window chain that had an altitude, and that altitude.
  private var previousAltitude: AltitudePoint?
  /// Whether a fix without altitude came after `previousAltitude`.
  private var hasSkippedAltitude = false
  /// The edges of the windows not yet emitted, the last one the start of the window being
  /// filled; empty when no chain of windows is under way.
  private var edges: [Edge] = []
  /// The motion inside each window between consecutive `edges`.
  private var closedMotions: [Motion] = []
  /// The motion inside the window being filled.
  private var openMotion = Motion()
  /// Where the current chain of windows starts, in meters, and how many edges it has passed.
  private var chainStartMeters = 0.0
  private var passedEdgeCount = 0
  /// The climb under way.
  private var climb: GradeClimb?

  /// A fix as the windows need it.
  private struct Point: Sendable, Hashable {
    var meters: Double
    var seconds: Double?
    var isMoving: Bool
  }

  /// A point of the altitude profile.
  private struct AltitudePoint: Sendable, Hashable {
    var meters: Double
    var altitudeMeters: Double
  }

  /// A window's edge; its altitude is `nil` until a later fix with an altitude arrives.
  private struct Edge: Sendable, Hashable {
    var meters: Double
    var seconds: Double?
    var altitudeMeters: Double?
  }

  /// The moving distance and time counted inside a window.
  private struct Motion: Sendable, Hashable {
    var meters = 0.0
    var seconds = 0.0
  }

  /// Creates an empty accumulator.
  /// - Parameter configuration: the window length and the other knobs.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    tally = GradeFigures(windowMeters: configuration.windowMeters)
  }

  /// The figures so far, or `nil` before the first complete window (no altitude, or not yet a
  /// window's distance with altitudes). The climb under way counts for the best climb.
  public var figures: GradeFigures? {
    guard !tally.windows.isEmpty else { return nil }
    guard let climb else { return tally }
    var figures = tally
    figures.offer(climb, minimumSeconds: configuration.minimumClimbSeconds)
    return figures
  }

  /// Adds the next fix of the segment.
  /// - Parameters:
  ///   - distanceMeters: the cumulative distance along the route, in meters; a distance below
  ///     the previous fix's breaks the segment first, a non-finite one ignores the fix.
  ///   - timeSeconds: the fix's time in seconds, if any; an interval whose time goes back
  ///     counts as untimed.
  ///   - altitudeMeters: the altitude the climb is counted on, in meters, if any (non-finite
  ///     counts as none).
  ///   - isMoving: whether the person is moving at this fix.
  /// - Complexity: O(1) amortised, plus O(1) per window edge passed.
  public mutating func add(
    distanceMeters: Double, timeSeconds: Double?, altitudeMeters: Double?, isMoving: Bool
  ) {
    guard distanceMeters.isFinite else { return }
    let fix = Point(
      meters: distanceMeters, seconds: timeSeconds.flatMap { $0.isFinite ? $0 : nil },
      isMoving: isMoving)
    let altitude = altitudeMeters.flatMap { $0.isFinite ? $0 : nil }
    if let previousFix, fix.meters < previousFix.meters { breakSegment() }
    if endsLongAltitudeGap(at: fix, hasAltitude: altitude != nil) { endChain() }
    if let previousFix { count(from: previousFix, to: fix) }
    if let altitude { reach(altitude, at: fix) } else { hasSkippedAltitude = true }
    previousFix = fix
  }

  /// Whether `fix` is more than the longest interpolated gap past the previous altitude, with
  /// a fix without altitude between them (or being one). Two fixes with altitudes are always
  /// interpolated between, however far apart: the profile has nothing better.
  private func endsLongAltitudeGap(at fix: Point, hasAltitude: Bool) -> Bool {
    guard let previousAltitude, hasSkippedAltitude || !hasAltitude else { return false }
    return fix.meters - previousAltitude.meters > configuration.maximumAltitudeGapMeters
  }

  /// Ends the segment: no window spans what comes next and what came before.
  public mutating func breakSegment() {
    endChain()
    previousFix = nil
  }

  /// Drops the windows under way and ends the climb under way.
  private mutating func endChain() {
    edges.removeAll(keepingCapacity: true)
    closedMotions.removeAll(keepingCapacity: true)
    openMotion = Motion()
    previousAltitude = nil
    finishClimb()
  }

  /// Counts the interval ending at `fix`, cut at the window edges it passes.
  private mutating func count(from start: Point, to fix: Point) {
    let meters = fix.meters - start.meters
    let seconds = Self.seconds(from: start, to: fix)
    let movingSeconds = fix.isMoving ? seconds : nil
    if let movingSeconds { tally.countMoving(meters: meters, seconds: movingSeconds) }
    guard !edges.isEmpty else { return }
    var from = start.meters
    while nextEdgeMeters <= fix.meters {
      let edgeMeters = nextEdgeMeters
      let share = (edgeMeters - start.meters) / meters
      addMotion(meters: edgeMeters - from, of: meters, movingSeconds: movingSeconds)
      let edgeSeconds = start.seconds.flatMap { begin in seconds.map { begin + $0 * share } }
      pass(Edge(meters: edgeMeters, seconds: edgeSeconds))
      from = edgeMeters
    }
    addMotion(meters: fix.meters - from, of: meters, movingSeconds: movingSeconds)
  }

  /// The interval's duration in seconds; `nil` when a fix has no time or the time goes back.
  private static func seconds(from start: Point, to end: Point) -> Double? {
    guard let begin = start.seconds, let finish = end.seconds, finish >= begin else { return nil }
    return finish - begin
  }

  /// Where the window being filled ends, in meters.
  private var nextEdgeMeters: Double {
    chainStartMeters + Double(passedEdgeCount + 1) * configuration.windowMeters
  }

  /// Adds part of a moving interval to the window being filled.
  /// - Parameters:
  ///   - part: the part's length, in meters.
  ///   - meters: the whole interval's length, in meters.
  ///   - movingSeconds: the whole interval's duration, `nil` when it does not count as moving.
  private mutating func addMotion(meters part: Double, of meters: Double, movingSeconds: Double?) {
    guard let movingSeconds else { return }
    openMotion.meters += part
    // An interval without distance lies at one point, which belongs to the window being filled.
    openMotion.seconds += meters > 0 ? movingSeconds * part / meters : movingSeconds
  }

  /// Closes the window being filled at `edge` and opens the next.
  private mutating func pass(_ edge: Edge) {
    closedMotions.append(openMotion)
    openMotion = Motion()
    edges.append(edge)
    passedEdgeCount += 1
  }

  /// Takes in an altitude at `fix`: starts a chain of windows there, or gives the edges passed
  /// since the previous altitude theirs and emits the windows it completes.
  private mutating func reach(_ altitude: Double, at fix: Point) {
    guard let previous = previousAltitude, !edges.isEmpty else {
      startChain(at: fix, altitudeMeters: altitude)
      return
    }
    let span = fix.meters - previous.meters
    for index in edges.indices where edges[index].altitudeMeters == nil {
      let share = span > 0 ? (edges[index].meters - previous.meters) / span : 1
      edges[index].altitudeMeters =
        previous.altitudeMeters + (altitude - previous.altitudeMeters) * share
    }
    previousAltitude = AltitudePoint(meters: fix.meters, altitudeMeters: altitude)
    hasSkippedAltitude = false
    emitCompletedWindows()
  }

  private mutating func startChain(at fix: Point, altitudeMeters altitude: Double) {
    endChain()
    chainStartMeters = fix.meters
    passedEdgeCount = 0
    edges.append(Edge(meters: fix.meters, seconds: fix.seconds, altitudeMeters: altitude))
    previousAltitude = AltitudePoint(meters: fix.meters, altitudeMeters: altitude)
    hasSkippedAltitude = false
  }

  /// Emits, in order, the windows whose both edges have an altitude.
  private mutating func emitCompletedWindows() {
    while edges.count >= 2, let start = edges[0].altitudeMeters,
      let end = edges[1].altitudeMeters
    {
      let motion = closedMotions.removeFirst()
      let window = GradeWindow(
        startMeters: edges[0].meters, endMeters: edges[1].meters,
        startSeconds: edges[0].seconds, endSeconds: edges[1].seconds,
        startAltitudeMeters: start, endAltitudeMeters: end, movingMeters: motion.meters,
        movingSeconds: motion.seconds)
      edges.removeFirst()
      emit(window)
    }
  }

  /// Counts a window, and extends, starts or finishes the climb with it.
  private mutating func emit(_ window: GradeWindow) {
    let isClimbing = window.grade >= configuration.climbingGrade && window.movingSeconds > 0
    tally.count(window, isClimbing: isClimbing)
    guard isClimbing else {
      finishClimb()
      return
    }
    climb = GradeClimb(
      startMeters: climb?.startMeters ?? window.startMeters, endMeters: window.endMeters,
      ascentMeters: (climb?.ascentMeters ?? 0) + window.movingRiseMeters,
      movingSeconds: (climb?.movingSeconds ?? 0) + window.movingSeconds)
  }

  private mutating func finishClimb() {
    guard let climb else { return }
    tally.offer(climb, minimumSeconds: configuration.minimumClimbSeconds)
    self.climb = nil
  }
}
