/// Finds the split lines (every kilometer or mile) in a growing distance, with the crossing time
/// interpolated between the two samples on either side of the line.
///
/// Feed it the cumulative distance and the cumulative timer time (pauses excluded) after each
/// accepted step; it returns the splits completed by that step, so a live display can cue them.
public struct SplitTracker: Sendable, Hashable {
  /// The split length.
  public let unit: SplitUnit
  /// The most splits kept: 10,000 km or miles, beyond any single activity (Race Across
  /// America, among the longest, is 4,800 km). Raw fixes that leap across the globe would
  /// otherwise make millions of splits (7.5 GB for a 13 KB file of 200 such fixes); past the
  /// cap, the distance goes to the partial split.
  public static let maximumSplitCount = 10_000
  /// The completed splits so far.
  public private(set) var splits: [Split] = []
  private var lastDistanceMeters = 0.0
  private var lastTimerSeconds = 0.0
  private var lastSplitEndSeconds = 0.0
  private var lastMovingSeconds: Double?
  private var lastSplitEndMovingSeconds = 0.0
  /// ``splits`` and the partial split after them, kept up to date as the tracker advances: a
  /// display reads them after every fix, and building them then copied every split.
  public private(set) var splitsIncludingPartial: [Split] = []

  /// Creates a tracker for a unit.
  public init(unit: SplitUnit) {
    self.unit = unit
  }

  /// Advances to a new cumulative distance and timer time.
  ///
  /// - Parameters:
  ///   - distanceMeters: cumulative distance; a value lower than the previous one is ignored.
  ///   - timerSeconds: cumulative timer time at that distance.
  ///   - movingSeconds: cumulative moving time at that distance, or `nil` when unknown (the
  ///     splits then have no moving time).
  /// - Returns: the splits completed by this step (usually none, at most a few).
  /// - Complexity: O(1) amortized.
  @discardableResult
  public mutating func advance(
    distanceMeters: Double, timerSeconds: Double, movingSeconds: Double? = nil
  ) -> [Split] {
    let previousMovingSeconds = lastMovingSeconds
    if let movingSeconds, movingSeconds.isFinite { lastMovingSeconds = movingSeconds }
    guard distanceMeters.isFinite, timerSeconds.isFinite, distanceMeters > lastDistanceMeters
    else {
      if timerSeconds.isFinite, timerSeconds > lastTimerSeconds {
        lastTimerSeconds = timerSeconds
        updatePartial(completed: [])
      }
      return []
    }
    var completed: [Split] = []
    let length = unit.lengthMeters
    while splits.count < Self.maximumSplitCount, Double(splits.count + 1) * length <= distanceMeters
    {
      let line = Double(splits.count + 1) * length
      let fraction = (line - lastDistanceMeters) / (distanceMeters - lastDistanceMeters)
      let crossing = lastTimerSeconds + fraction * (timerSeconds - lastTimerSeconds)
      let movingCrossing = lastMovingSeconds.map { moving in
        let before = previousMovingSeconds ?? moving
        return before + fraction * (moving - before)
      }
      let split = Split(
        number: splits.count + 1, distanceMeters: length, endTimerSeconds: crossing,
        durationSeconds: crossing - lastSplitEndSeconds, isPartial: false,
        movingSeconds: movingCrossing.map { max(0, $0 - lastSplitEndMovingSeconds) })
      splits.append(split)
      completed.append(split)
      lastSplitEndSeconds = crossing
      if let movingCrossing { lastSplitEndMovingSeconds = movingCrossing }
    }
    lastDistanceMeters = distanceMeters
    lastTimerSeconds = max(lastTimerSeconds, timerSeconds)
    updatePartial(completed: completed)
    return completed
  }

  /// ``splits`` and the partial split after them with the activity's figures as they stand,
  /// which may have moved on since the last ``advance(distanceMeters:timerSeconds:movingSeconds:)``:
  /// the timer run on by fixes refused after the last sample, or distance and moving time
  /// taken back by a recount, which a partial split gives back (a completed one cannot).
  ///
  /// - Parameters:
  ///   - distanceMeters: the cumulative distance now.
  ///   - timerSeconds: the cumulative timer time now.
  ///   - movingSeconds: the cumulative moving time now, or `nil` when unknown.
  /// - Returns: ``splitsIncludingPartial`` itself (no copy) where its partial split already
  ///   ends there, or where the distance has passed a line not yet advanced over.
  /// - Complexity: O(1), or O(s) in the splits when the partial split changes.
  public func splitsIncludingPartial(
    distanceMeters: Double, timerSeconds: Double, movingSeconds: Double?
  ) -> [Split] {
    guard distanceMeters - Double(splits.count) * unit.lengthMeters < unit.lengthMeters,
      splits.count < Self.maximumSplitCount, distanceMeters.isFinite, timerSeconds.isFinite
    else { return splitsIncludingPartial }
    let partial = partialSplit(
      distanceMeters: distanceMeters, timerSeconds: max(timerSeconds, lastTimerSeconds),
      movingSeconds: movingSeconds ?? lastMovingSeconds)
    let current = splitsIncludingPartial.last?.isPartial == true ? splitsIncludingPartial.last : nil
    guard partial != current else { return splitsIncludingPartial }
    return splits + (partial.map { [$0] } ?? [])
  }

  /// Brings ``splitsIncludingPartial`` up to date: the splits just completed, then the
  /// partial last one, if any distance follows the last line.
  private mutating func updatePartial(completed: [Split]) {
    // The partial split is replaced in place: most samples complete no split.
    var hasPartial = splitsIncludingPartial.last?.isPartial == true
    if !completed.isEmpty {
      if hasPartial { splitsIncludingPartial.removeLast() }
      splitsIncludingPartial.append(contentsOf: completed)
      hasPartial = false
    }
    guard
      let partial = partialSplit(
        distanceMeters: lastDistanceMeters, timerSeconds: lastTimerSeconds,
        movingSeconds: lastMovingSeconds)
    else {
      if hasPartial { splitsIncludingPartial.removeLast() }
      return
    }
    if hasPartial {
      splitsIncludingPartial[splitsIncludingPartial.count - 1] = partial
    } else {
      splitsIncludingPartial.append(partial)
    }
  }

  /// The partial split after the last line at these cumulative figures, or `nil` where no
  /// more than half a meter follows the line.
  private func partialSplit(
    distanceMeters: Double, timerSeconds: Double, movingSeconds: Double?
  ) -> Split? {
    let remainder = distanceMeters - Double(splits.count) * unit.lengthMeters
    guard remainder > 0.5 else { return nil }
    return Split(
      number: splits.count + 1, distanceMeters: remainder, endTimerSeconds: timerSeconds,
      durationSeconds: timerSeconds - lastSplitEndSeconds, isPartial: true,
      movingSeconds: movingSeconds.map { max(0, $0 - lastSplitEndMovingSeconds) })
  }
}
