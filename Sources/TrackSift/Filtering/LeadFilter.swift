/// The ``LiveFilter`` run ahead through the fixes the excursion look-ahead still holds, so that
/// a released fix's position can be smoothed with the fixes after it without filtering them
/// again for every fix.
///
/// Each fix the lead takes keeps the filter's state after it. When a fix is released and the
/// live filter's state after it is the lead's, the lead's records of the fixes after it are
/// exactly those a copy of the live filter would give them. Where the two part (the gate or
/// the look-ahead refused a fix the lead took, or marked one as an excursion), the caller
/// restarts the lead from the live filter and gives it the held fixes again.
///
/// - Complexity: one filter step per fix taken; a restart costs one per fix held.
struct LeadFilter: Sendable {
  private struct Entry: Sendable {
    var sequence: Int
    /// The lead's state after the fix (its configuration is the live filter's).
    var state: LiveFilter.Snapshot
    /// The fix's record, `nil` where the lead's filter refused it.
    var record: KalmanRecord?
  }

  private var filter: LiveFilter
  private var entries: [Entry] = []
  /// The first of `entries` not yet released (released ones are dropped in batches).
  private var start = 0
  /// False once a fix the lead took may have been refused: wait for ``restart(from:)``.
  private(set) var isValid = true

  /// Creates a lead that goes on from `filter`.
  init(_ filter: LiveFilter) {
    self.filter = filter
  }

  /// Runs the lead through one more fix held, in the order the fixes came.
  mutating func append(_ fix: Fix, sequence: Int) {
    guard isValid else { return }
    let step = filter.update(fix)
    entries.append(
      Entry(
        sequence: sequence, state: filter.snapshot,
        record: step.verdict.isAccepted ? step.record : nil))
  }

  /// Marks the lead as parted from the live filter.
  mutating func invalidate() { isValid = false }

  /// Forgets the fixes taken and goes on from `live`'s state.
  mutating func restart(from live: LiveFilter) {
    filter = live
    entries.removeAll(keepingCapacity: true)
    start = 0
    isValid = true
  }

  /// Drops the fixes up to the one numbered `sequence`, just released and filtered live;
  /// returns whether the lead's state after it is `live` (the live filter's snapshot, not the
  /// filter: passing the filter would copy it), so that the fixes after it follow from the
  /// live filter.
  mutating func release(_ sequence: Int, matching live: LiveFilter.Snapshot) -> Bool {
    guard isValid else { return false }
    while start < entries.count, entries[start].sequence < sequence { start += 1 }
    guard start < entries.count, entries[start].sequence == sequence,
      entries[start].state == live
    else { return false }
    start += 1
    if start >= 64 {
      entries.removeFirst(start)
      start = 0
    }
    return true
  }

  /// Gives the records of the next `limit` fixes taken, oldest first: those the lead's filter
  /// accepted, up to one that starts a new run (which no smoother joins to the fixes before).
  func forEachRecord(_ limit: Int, _ body: (KalmanRecord) -> Void) {
    for index in start..<min(start + limit, entries.count) {
      guard let record = entries[index].record else { continue }
      if record.startsRun { return }
      body(record)
    }
  }
}
