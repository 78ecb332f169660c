/// Holds fixes back for a few fixes to refuse excursions that only a later fix can judge: a
/// short run of fixes (at most ``lengthFixes``) that left the track and came back with an
/// impossible jump. The first fix after a signal gap is often such a spike (20-200 m off),
/// which the gap makes look possible from behind, and an error ramp grows slowly enough for
/// the gate and the filter to follow it until it snaps back. Looking ahead, as a recorder can
/// by holding fixes for a few seconds, unmasks both.
///
/// For each step from a fix to the next that is longer than the gate's jump allowance and
/// faster than its maximum speed, the earliest of the ``lengthFixes`` fixes before it from
/// which the fix after the jump is reachable anchors a straight line to that fix; the fixes
/// between that lie farther than half the allowance from the line (at their time) are the
/// excursion.
///
/// A segment can also open on a stale position: a phone's cached first fix, seconds old and
/// kilometers away, or a fix or two of a receiver not yet settled. When at most
/// ``staleStartFixes`` fixes open the segment, a jump follows them, and the fixes after the
/// jump hold together, more of them than came before it, while the newest is still out of
/// the opening fixes' reach, the opening fixes are the excursion.
///
/// Only in-range fixes with a time take part; the others pass through in their place. A fix
/// that takes part is released once ``lengthFixes`` such fixes followed it, since no later jump
/// can reach back to it; after ``flush()`` at the end of a segment the rest are released. Batch and live
/// callers therefore get the same decisions, live ones ``lengthFixes`` fixes late. A gate
/// without a maximum speed holds nothing back.
///
/// - Complexity: O(``lengthFixes``) per fix; holds at most about twice that many fixes.
struct ExcursionLookAhead: Sendable {
  /// A fix released by the look-ahead.
  struct Released: Sendable {
    /// The caller's sequence number of the fix.
    var sequence: Int
    var fix: Fix
    /// True when the fix is part of an excursion and must be refused.
    var isExcursion: Bool
    /// True when the fix's time is far from its neighbours' (see ``TimeJump``) and it must be
    /// refused as ``RejectionReason/timeJump``.
    var isTimeJump: Bool
  }

  /// The longest run of fixes refused as one excursion.
  static let lengthFixes = 10
  /// The most fixes at a segment's start refused as a stale start.
  static let staleStartFixes = 3

  private let gate: FixGateConfiguration
  private var timeJump = TimeJump()
  private var held: [Held] = []
  /// The first of `held` still held (released ones are dropped in batches, not one by one).
  private var heldStart = 0
  /// The latest fixes that take part, newest last: the jump check reaches back this far.
  private var recent = FixedCapacityRingBuffer<(fix: Fix, sequence: Int)>(
    capacity: lengthFixes + 2)
  /// Number of fixes that took part so far.
  private var usableCount = 0
  /// Set by ``flush()`` until the last fix held is released.
  private var isFlushing = false
  /// Number of the segment's fixes that took part so far.
  private var segmentUsableCount = 0
  /// Whether the segment's opening fixes may still be judged a stale start.
  private var isStartUndecided = true

  private struct Held {
    var sequence: Int
    var fix: Fix
    var isExcursion = false
    var isTimeJump = false
    /// The fix's number among those that take part, or `nil` for one that passes through.
    var usableOrdinal: Int?
  }

  init(gate: FixGateConfiguration) {
    self.gate = gate
  }

  /// Number of fixes marked as part of an excursion so far: a change says a fix still held
  /// will be refused.
  private(set) var excursionMarkCount = 0

  /// Takes one fix and holds it; ``nextReleased()`` gives back the fixes whose decision is
  /// final.
  ///
  /// - Parameter sequence: the caller's number for the fix, given back on release.
  /// - Returns: whether the fix takes part (in range, with a time, and a gate with a maximum
  ///   speed); the others pass through in their place.
  @discardableResult
  mutating func append(_ fix: Fix, sequence: Int) -> Bool {
    let usable =
      gate.maximumSpeedMetersPerSecond != nil && fix.coordinate.isInRange
      && fix.timeSeconds != nil
    var entry = Held(sequence: sequence, fix: fix)
    if usable {
      entry.usableOrdinal = usableCount
      usableCount += 1
      recent.append((fix, sequence))
    }
    held.append(entry)
    if usable, let time = fix.timeSeconds, isJudgedForTime(fix) {
      let jumped = timeJump.append(sequence: sequence, timeSeconds: time)
      if !jumped.isEmpty { markTimeJumps(jumped) }
    }
    if usable {
      segmentUsableCount += 1
      markExcursionEndingAtNewest()
      if isStartUndecided { judgeStart() }
    }
    return usable
  }

  /// The oldest fix held, once its decision is final (every fix after ``flush()``), or `nil`.
  mutating func nextReleased() -> Released? {
    guard heldStart < held.count else { return nil }
    let entry = held[heldStart]
    if !isFlushing, let ordinal = entry.usableOrdinal,
      usableCount - 1 - ordinal < Self.lengthFixes
    {
      return nil
    }
    heldStart += 1
    if heldStart == held.count {
      held.removeAll(keepingCapacity: true)
      heldStart = 0
      if isFlushing {
        isFlushing = false
        startSegment()
      }
    } else if heldStart >= 64 {
      held.removeFirst(heldStart)
      heldStart = 0
    }
    return Released(
      sequence: entry.sequence, fix: entry.fix, isExcursion: entry.isExcursion,
      isTimeJump: entry.isTimeJump)
  }

  /// The entries still held that take part and are not marked as an excursion, oldest first:
  /// the track just after the fix last released, before their own decisions are final.
  /// Lazy: a reader that stops early reads no further.
  private var upcoming: some Sequence<Held> {
    held[heldStart...].lazy.filter { $0.usableOrdinal != nil && !$0.isExcursion && !$0.isTimeJump }
  }

  /// The fixes of `upcoming`, read only as far as needed.
  // A closure, not a key path: a key path is looked up at run time for every element.
  var upcomingFixes: some Sequence<Fix> { upcoming.lazy.map { $0.fix } }

  /// Gives the fixes of `upcoming`, oldest first, with their sequence numbers; stops when
  /// `body` returns `false`.
  func forEachUpcoming(_ body: (Fix, _ sequence: Int) -> Bool) {
    for entry in upcoming {
      guard body(entry.fix, entry.sequence) else { return }
    }
  }

  /// Makes every fix held final (at the end of a segment): ``nextReleased()`` gives them all,
  /// and the next fix starts afresh.
  mutating func flush() {
    let jumped = timeJump.finish()
    if !jumped.isEmpty { markTimeJumps(jumped) }
    if heldStart == held.count {
      startSegment()
    } else {
      isFlushing = true
    }
  }

  private mutating func startSegment() {
    recent.removeAll()
    segmentUsableCount = 0
    isStartUndecided = true
  }

  /// Refuses the segment's opening fixes when they are a stale start (see the type's
  /// description); decides once, at the latest while the first of them is still held.
  private mutating func judgeStart() {
    // `recent` holds the whole segment so far while this is true.
    guard segmentUsableCount <= Self.lengthFixes + 1 else {
      isStartUndecided = false
      return
    }
    let newest = recent.count - 1
    guard let jump = (0..<newest).first(where: { isJump(from: $0, to: $0 + 1) }) else { return }
    guard jump < Self.staleStartFixes else {
      isStartUndecided = false
      return
    }
    // More fixes after the jump than before it, or another jump, decide.
    let after = (jump + 1)...newest
    if after.dropLast().contains(where: { isJump(from: $0, to: $0 + 1) }) {
      isStartUndecided = false
      return
    }
    guard after.count >= jump + 3 else { return }
    isStartUndecided = false
    guard isJump(from: jump, to: newest) else { return }
    for position in 0...jump { markExcursion(sequence: recent[position].sequence) }
  }

  /// Whether going from `recent[from]` to `recent[to]` is faster than the gate's maximum
  /// speed over more than the fixes' allowance.
  // Inlined: called from a mutating method, a method call would copy the whole struct.
  @inline(__always)
  private func isJump(from: Int, to: Int) -> Bool {
    guard let maximumSpeed = gate.maximumSpeedMetersPerSecond else { return false }
    let fix = recent[from].fix
    let after = recent[to].fix
    guard let time = fix.timeSeconds, let afterTime = after.timeSeconds, afterTime > time
    else { return false }
    let distance = Geodesic.distanceMeters(from: fix.coordinate, to: after.coordinate)
    return distance / (afterTime - time) > maximumSpeed && distance > allowance(fix, after)
  }

  /// Checks the step from the second newest usable fix to the newest one for a jump, and marks
  /// the excursion that the jump ends.
  private mutating func markExcursionEndingAtNewest() {
    guard let maximumSpeed = gate.maximumSpeedMetersPerSecond, recent.count >= 3 else { return }
    let last = recent.count - 2
    guard isJump(from: last, to: last + 1) else { return }
    let after = recent[last + 1].fix
    // A jump has times on both sides.
    guard let afterTime = after.timeSeconds else { return }
    // The earliest fix before the run that agrees with the fix after the jump anchors the
    // line; the run's fixes off it by more than half the allowance left the track.
    var anchor: Int?
    for first in stride(from: last, to: max(0, last - Self.lengthFixes), by: -1) {
      let before = recent[first - 1].fix
      guard let beforeTime = before.timeSeconds, afterTime > beforeTime else { break }
      let bridge = Geodesic.distanceMeters(from: before.coordinate, to: after.coordinate)
      if bridge / (afterTime - beforeTime) <= maximumSpeed { anchor = first - 1 }
    }
    guard let anchor, let beforeTime = recent[anchor].fix.timeSeconds else { return }
    let plane = LocalTangentPlane(origin: recent[anchor].fix.coordinate)
    let end = plane.project(after.coordinate)
    for position in (anchor + 1)...last {
      let candidate = recent[position].fix
      let fraction =
        ((candidate.timeSeconds ?? beforeTime) - beforeTime) / (afterTime - beforeTime)
      let expected = plane.unproject(
        eastMeters: end.eastMeters * fraction, northMeters: end.northMeters * fraction)
      if Geodesic.distanceMeters(from: candidate.coordinate, to: expected)
        > allowance(candidate, after) / 2
      {
        markExcursion(sequence: recent[position].sequence)
      }
    }
  }

  /// Whether a fix's time takes part in the time-jump check: not when the gate refuses the fix
  /// anyway by a rule that needs no history (a network source, whose times are the network's,
  /// or a stale fix, whose time is old by definition).
  private func isJudgedForTime(_ fix: Fix) -> Bool {
    if gate.rejectsNetworkSource, fix.source == .network { return false }
    if let maximumAge = gate.maximumFixAgeSeconds, let time = fix.timeSeconds,
      let arrival = fix.arrivalTime?.timeIntervalSinceReferenceDate, arrival - time > maximumAge
    {
      return false
    }
    return true
  }

  /// Marks fixes as time jumps and takes them out of the jump checks, whose speeds need times
  /// in order.
  private mutating func markTimeJumps(_ sequences: [Int]) {
    for index in held.indices[heldStart...] where sequences.contains(held[index].sequence) {
      if !held[index].isTimeJump { excursionMarkCount += 1 }
      held[index].isTimeJump = true
    }
    let kept = recent.filter { !sequences.contains($0.sequence) }
    guard kept.count != recent.count else { return }
    recent.removeAll()
    for element in kept { recent.append(element) }
  }

  private mutating func markExcursion(sequence: Int) {
    // Every fix a jump can reach back to is still held.
    guard let index = held[heldStart...].firstIndex(where: { $0.sequence == sequence }) else {
      return
    }
    if !held[index].isExcursion { excursionMarkCount += 1 }
    held[index].isExcursion = true
  }

  @inline(__always)
  private func allowance(_ a: Fix, _ b: Fix) -> Double {
    gate.accuracyAllowanceFactor
      * ((a.validHorizontalAccuracyMeters ?? gate.assumedAccuracyMeters)
        + (b.validHorizontalAccuracyMeters ?? gate.assumedAccuracyMeters))
      + gate.jumpMarginMeters
  }
}
