/// What ``Track/inTimeOrder()`` changed in a track: segments split where their clock was set
/// back, segments moved into time order, and fixes left out because an earlier segment already
/// covers their time.
public struct TimeOrderChange: Sendable, Hashable {
  /// The places where a segment was split because its clock was set back for good.
  public var clockSetBackCount = 0
  /// The segments (after the splits) that now stand at another place among those kept.
  public var movedSegmentCount = 0
  /// The fixes left out because the segments before them in time order cover their time (the
  /// file records that time twice: a track copied, two recordings of one activity, chained
  /// files that repeat one another).
  public var overlappingFixCount = 0
  /// For each segment of the original track, the indices in the new one of the segments made
  /// of its fixes, ascending; empty for a segment left out whole (every fix overlapping).
  public var newSegmentIndices: [[Int]] = []

  /// Whether the track was already in time order with no time covered twice.
  public var isEmpty: Bool {
    clockSetBackCount == 0 && movedSegmentCount == 0 && overlappingFixCount == 0
  }
}

extension Track {
  /// A step back of a segment's clock, in seconds, beyond which the segment is split there
  /// when the clock never comes back: the gap beyond which the gate re-anchors rather than
  /// refusing fixes until the times catch up (``FixGateConfiguration/reanchorGapSeconds``, 60 s
  /// in every profile), as the NMEA reader starts a segment.
  public static let clockSetBackSeconds = 60.0
  /// The fewest fixes after a clock set back that split a segment: more than a time jump
  /// refuses (`TimeJump.longestJumpFixes`, 3).
  static let clockSetBackFixes = TimeJump.longestJumpFixes + 1

  /// The track with its segments in time order and no time covered twice.
  ///
  /// A file may hold its segments out of time order (tracks exported newest first, logs
  /// appended in the wrong order) or record the same time twice (a track copied, two
  /// recordings of one activity, chained FIT files that repeat one another). Measured in file
  /// order, a segment that goes back in time stretches no clock but adds its distance, and a
  /// copy doubles it. So:
  /// 1. A segment whose times advance (``Segment/hasAdvancingTimes``) is split where its clock
  ///    is set back by more than ``clockSetBackSeconds`` for good: at least four fixes (more
  ///    than a time jump refuses) are that much earlier than the latest time before them,
  ///    and no later fix of the segment reaches that time again (a shorter step back, or one
  ///    the clock comes back from, is the gate's: ``RejectionReason/timeJump``,
  ///    ``RejectionReason/outOfOrder``).
  /// 2. Segments are ordered by their first timed fix (stably).
  /// 3. In a segment with a fix timed before the latest time of the segments kept before it,
  ///    the fixes timed at or before that time are left out, with the untimed fixes before the
  ///    first fix kept; a segment left with no fix is left out. A segment that only starts at
  ///    that very time (a pause's last fix repeated as the next one's first) is kept whole:
  ///    the gate refuses the repeated time itself (``RejectionReason/duplicateTimestamp``).
  ///
  /// A track with a segment that holds fixes but no time (a planned route) is returned as it
  /// is: its order cannot be known.
  ///
  /// - Returns: the track, and what changed (``TimeOrderChange/isEmpty`` when nothing did).
  /// - Complexity: O(n + s log s) for n fixes and s segments; a track in time order is
  ///   returned without copying a fix.
  public func inTimeOrder() -> (track: Track, change: TimeOrderChange) {
    let unchanged = TimeOrderChange(newSegmentIndices: segments.indices.map { [$0] })
    var change = TimeOrderChange(newSegmentIndices: Array(repeating: [], count: segments.count))
    var pieces: [(segment: Int, fixes: [Fix])] = []
    for (index, segment) in segments.enumerated() {
      var cuts = segment.fixes.clockSetBacks()
      // Times in reverse or scrambled order are no clock set back: they say nothing.
      if !cuts.isEmpty, !segment.hasAdvancingTimes { cuts = [] }
      change.clockSetBackCount += cuts.count
      guard !cuts.isEmpty else {
        pieces.append((index, segment.fixes))
        continue
      }
      for (start, end) in zip([0] + cuts, cuts + [segment.fixes.count]) {
        pieces.append((index, Array(segment.fixes[start..<end])))
      }
    }
    var starts: [Double] = []
    starts.reserveCapacity(pieces.count)
    for piece in pieces {
      if let first = piece.fixes.lazy.compactMap(\.finiteTimeSeconds).first {
        starts.append(first)
      } else if piece.fixes.isEmpty {
        // An empty segment keeps its place after the one before it.
        starts.append(starts.last ?? -.infinity)
      } else {
        return (self, unchanged)
      }
    }
    let order = pieces.indices.sorted { (starts[$0], $0) < (starts[$1], $1) }
    var ordered = Track(name: name, segments: [])
    var keptInOrder: [Int] = []
    var coveredUntil = -Double.infinity
    for index in order {
      let (kept, leftOut) = pieces[index].fixes.after(coveredUntil)
      change.overlappingFixCount += leftOut
      guard !kept.isEmpty || leftOut == 0 else { continue }
      change.newSegmentIndices[pieces[index].segment].append(ordered.segments.count)
      keptInOrder.append(index)
      ordered.segments.append(Segment(fixes: kept))
      coveredUntil = kept.lazy.compactMap(\.finiteTimeSeconds).reduce(coveredUntil, max)
    }
    change.movedSegmentCount = zip(keptInOrder, keptInOrder.sorted()).count { $0 != $1 }
    for index in change.newSegmentIndices.indices { change.newSegmentIndices[index].sort() }
    return change.isEmpty ? (self, unchanged) : (ordered, change)
  }
}

extension [Fix] {
  /// The indices at which the clock is set back for good (see ``Track/inTimeOrder()``),
  /// ascending; empty for almost every segment, after one pass over the times.
  fileprivate func clockSetBacks() -> [Int] {
    var cuts: [Int] = []
    var latest = -Double.infinity
    // The latest time from each fix to the segment's end, made at the first step back.
    var latestFrom: [Double] = []
    for (index, fix) in enumerated() {
      guard let time = fix.finiteTimeSeconds else { continue }
      if time < latest - Track.clockSetBackSeconds {
        if latestFrom.isEmpty { latestFrom = latestTimes() }
        if latestFrom[index] <= latest, isSetBack(from: index, before: latest) {
          cuts.append(index)
          latest = time
        }
      }
      latest = Swift.max(latest, time)
    }
    return cuts
  }

  /// Whether the first ``Track/clockSetBackFixes`` timed fixes from `start` are all more than
  /// ``Track/clockSetBackSeconds`` before `latest`.
  private func isSetBack(from start: Int, before latest: Double) -> Bool {
    let times = self[start...].lazy.compactMap(\.finiteTimeSeconds)
    return times.prefix(Track.clockSetBackFixes).count { $0 < latest - Track.clockSetBackSeconds }
      == Track.clockSetBackFixes
  }

  /// For each fix, the latest time from it to the end (minus infinity where none is timed).
  private func latestTimes() -> [Double] {
    var result = [Double](repeating: -.infinity, count: count)
    var latest = -Double.infinity
    for index in indices.reversed() {
      if let time = self[index].finiteTimeSeconds { latest = Swift.max(latest, time) }
      result[index] = latest
    }
    return result
  }

  /// All the fixes when none is timed before `time`; otherwise the fixes timed after it, and
  /// how many were left out: those timed at or before it, and the untimed ones before the
  /// first fix kept.
  fileprivate func after(_ time: Double) -> (kept: [Fix], leftOut: Int) {
    guard contains(where: { ($0.finiteTimeSeconds ?? time) < time }) else { return (self, 0) }
    var kept: [Fix] = []
    for fix in self {
      if let fixTime = fix.finiteTimeSeconds {
        if fixTime > time { kept.append(fix) }
      } else if !kept.isEmpty {
        kept.append(fix)
      }
    }
    return (kept, count - kept.count)
  }
}
