/// The ``LiveFilter`` run ahead through the fixes the excursion look-ahead still holds, so that
/// a released fix's position can be smoothed with the fixes after it, and so that the live
/// filter need not filter a fix a second time. It keeps the live filter too.
///
/// Each fix the lead takes keeps the filter's step and its state after it. While the live
/// filter takes the same fixes, with the same values, in the same order, its state before
/// each of them is the lead's (it started from the lead's state, and equal filters given equal
/// fixes step alike): it adopts the lead's step and state instead of filtering again, and the
/// lead's records of the fixes after it are exactly those a copy of the live filter would give
/// them. Where the two part (the gate or the look-ahead refused a fix the lead took, or the
/// live filter took a fix with its reported speed removed), the live filter filters the fix
/// itself (``updateLive(_:)``) and the lead restarts from it, given the held fixes again.
/// An adopted state is read in place from the lead's entry, and copied out (a filter is about
/// a kilobyte) only when the live filter goes its own way or the entry's slot is reused.
///
/// - Complexity: one filter step per fix taken; a restart costs one per fix held.
struct LeadFilter: Sendable {
  private struct Entry: Sendable {
    var sequence: Int
    /// The lead's step at the fix.
    var step: KalmanStep
    /// The lead's filter after the fix.
    var filter: LiveFilter
  }

  private var filter: LiveFilter
  /// The fixes taken are `entries[start..<end]`; the slots around them are reused, as an
  /// entry holds two filters (about a kilobyte) and each copy costs.
  private var entries: [Entry] = []
  private var start = 0
  private var end = 0
  /// False once the live filter may have parted from the lead: wait for ``restart()``.
  private(set) var isValid = true
  /// The live filter's own state, where `adoptedEntry` is `nil`.
  private var live: LiveFilter
  /// The entry whose filter is the live filter's state: the fix it adopted last.
  private var adoptedEntry: Int?

  /// Creates a lead that goes on from `filter`, which is also the live filter.
  init(_ filter: LiveFilter) {
    self.filter = filter
    live = filter
  }

  /// The live filter: its state after the last fix it adopted or filtered.
  var liveFilter: LiveFilter { adoptedEntry.map { entries[$0].filter } ?? live }

  /// Runs the lead through one more fix held, in the order the fixes came.
  mutating func append(_ fix: Fix, sequence: Int) {
    guard isValid else { return }
    let step = filter.update(fix)
    if start == end {
      // Slot 0 is about to be reused, and the live filter may be in it.
      takeLiveOut()
      start = 0
      end = 0
    } else if end == entries.count, start >= 64 {
      takeLiveOut()
      // Moved down by assignment, keeping the slots after them for reuse.
      for index in start..<end { entries[index - start] = entries[index] }
      end -= start
      start = 0
    }
    if end == entries.count {
      entries.append(Entry(sequence: sequence, step: step, filter: filter))
    } else {
      entries[end].sequence = sequence
      entries[end].step = step
      entries[end].filter = filter
    }
    end += 1
  }

  /// Marks the lead as parted from the live filter.
  mutating func invalidate() { isValid = false }

  /// Forgets the fixes taken and goes on from the live filter's state.
  mutating func restart() {
    takeLiveOut()
    filter = live
    start = 0
    end = 0
    isValid = true
  }

  /// The live filter's step at the fix numbered `sequence`, given to it with the values the
  /// lead took: where the lead is valid and took that fix next, the live filter's state
  /// becomes the lead's after it and the lead's step is returned; otherwise the lead is parted
  /// and the result is `nil` (the live filter then filters the fix with ``updateLive(_:)``).
  mutating func adopt(_ sequence: Int) -> KalmanStep? {
    guard isValid, start < end, entries[start].sequence == sequence else {
      isValid = false
      return nil
    }
    adoptedEntry = start
    start += 1
    return entries[start - 1].step
  }

  /// The live filter filters `fix` itself, where it did not adopt the lead's step.
  mutating func updateLive(_ fix: Fix) -> KalmanStep {
    takeLiveOut()
    return live.update(fix)
  }

  /// Notes that the live filter did not take the fix numbered `sequence` as the lead did (it
  /// was refused before the filter, or filtered without its reported speed): if the lead took
  /// it, the two have parted.
  mutating func part(at sequence: Int) {
    if isValid, start < end, entries[start].sequence == sequence { isValid = false }
  }

  /// Gives the records of the next `limit` fixes taken, oldest first: those the lead's filter
  /// accepted, up to one that starts a new run (which no smoother joins to the fixes before).
  func forEachRecord(_ limit: Int, _ body: (KalmanRecord) -> Void) {
    for index in start..<min(start + limit, end) {
      guard let record = entries[index].step.record else { continue }
      if record.startsRun { return }
      body(record)
    }
  }

  /// Copies the live filter's adopted state out of its entry.
  private mutating func takeLiveOut() {
    guard let index = adoptedEntry else { return }
    live = entries[index].filter
    adoptedEntry = nil
  }
}
