import Foundation

/// Buffers a live recording's rows and commits them about once a second, so that a crash loses
/// at most the last second and the disk is not synced for every fix.
///
/// Rows and verdict updates go into a pending ``RecordingBatch``; an append or a ``judge(_:)``
/// commits the batch in one transaction when ``flushIntervalSeconds`` have passed since the last
/// attempt, and ``finish(at:totals:)`` commits what is left before marking the activity
/// finished. Time comes from the injected
/// clock, so tests control it.
///
/// When a commit fails (a full disk, a read-only volume, an I/O error) the writer throws a
/// ``StoreError`` that says how many rows it keeps, and keeps them all: a later flush, manual or
/// automatic, writes them once the problem is gone. Automatic attempts stay one interval apart,
/// so a full disk costs one failed transaction a second, not one per fix. Because the store
/// skips rows already stored, a row is never written twice, whatever the retries; a verdict
/// update applied again changes nothing.
///
/// A live recorder judges a fix some fixes after it arrived: append the fix on arrival with its
/// verdict pending (`nil`), so that a crash loses at most the last second of fixes, and
/// ``judge(_:)`` it when its verdict comes. The verdict is committed with the next batch, after
/// its fix if both are in it.
///
/// A value type: copies share the store but not their buffers, so keep one writer per
/// recording (as a property of whatever owns the recording).
///
/// ```swift
/// var writer = try RecordingWriter(store: store, activity: id)
/// try writer.startSegment(StoredSegment(index: 0, startedAt: start))
/// for event in recorder.receive(fix, at: now) {
///   switch event.kind {
///   case .fixReceived(let sequence, let segmentIndex, let fix):
///     try writer.append(
///       StoredFix(sequence: sequence, segmentIndex: segmentIndex, fix: fix, verdict: nil))
///   case .fixJudged(let sequence, let verdict):
///     try writer.judge(StoredVerdict(sequence: sequence, verdict: verdict))
///   default: break
///   }
/// }
/// // ... and once the recorder has finished (its last verdicts given):
/// try writer.finish(at: end, totals: ActivityTotals(metrics))
/// ```
public struct RecordingWriter: Sendable {
  /// The store written to.
  public let store: ActivityStore
  /// The activity recorded.
  public let activity: ActivityID
  /// The least time between two automatic commits, in seconds (default 1). At most this much
  /// recording is lost in a crash.
  public var flushIntervalSeconds: Double
  /// The rows appended and the verdict updates given, not yet committed.
  public private(set) var pending = RecordingBatch()
  /// When the last commit was attempted (or the writer was created), by the injected clock.
  public private(set) var lastFlushAttempt: Date
  /// When the last commit succeeded; `nil` before the first.
  public private(set) var lastCommit: Date?
  /// The highest fix sequence number that this writer has committed; `nil` before the first.
  public private(set) var highestCommittedFixSequence: Int?

  private let clock: @Sendable () -> Date
  // Keys of the pending rows: a row appended again before its commit (a caller's retry after
  // an error) is not buffered twice; the first wins, as in the store.
  private var pendingFixSequences: Set<Int> = []
  private var pendingSegmentIndices: Set<Int> = []
  private var pendingEventSequences: Set<Int> = []
  // The index in `pending.verdicts` of each sequence's update: judged again before the commit,
  // the update is replaced, as a later update replaces an earlier one in the store.
  private var pendingVerdictIndices: [Int: Int] = [:]

  /// Creates a writer for an activity that is being recorded.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - activity: An activity in the ``ActivityState/recording`` state: a new one, or an
  ///     interrupted one to resume from its ``ActivityStore/resumePoint(for:)``.
  ///   - flushIntervalSeconds: The least time between automatic commits, in seconds.
  ///   - clock: Gives the current time; the system clock by default.
  /// - Throws: ``StoreError`` with ``StoreError/Reason/unknownActivity``,
  ///   ``StoreError/Reason/activityFinished`` or ``StoreError/Reason/invalidInput`` for an
  ///   interval that is negative or not finite.
  public init(
    store: ActivityStore, activity: ActivityID, flushIntervalSeconds: Double = 1,
    clock: @escaping @Sendable () -> Date = { Date() }
  ) throws(StoreError) {
    guard flushIntervalSeconds.isFinite, flushIntervalSeconds >= 0 else {
      throw StoreError(
        reason: .invalidInput,
        context: "flushIntervalSeconds must be finite and not negative, not \(flushIntervalSeconds)"
      )
    }
    let state = try store.read { db in try ActivityStore.state(of: activity, db) }
    guard state == .recording else {
      throw StoreError(reason: .activityFinished, context: "activity \(activity)")
    }
    self.store = store
    self.activity = activity
    self.flushIntervalSeconds = flushIntervalSeconds
    self.clock = clock
    lastFlushAttempt = clock()
  }

  /// Buffers a fix and commits the pending rows when the interval has passed.
  ///
  /// A live recording appends each fix with its verdict pending (`nil`) and gives the verdict
  /// later with ``judge(_:)``. A fix appended again under the same sequence number is ignored,
  /// verdict included: the first one appended wins.
  ///
  /// - Returns: `true` when this call committed the pending rows.
  /// - Throws: ``StoreError/Reason/invalidInput`` for a negative sequence or segment index (the
  ///   fix is not buffered); otherwise the commit's ``StoreError``, in which case the fix and all
  ///   other pending rows are still buffered.
  @discardableResult
  public mutating func append(_ fix: StoredFix) throws(StoreError) -> Bool {
    try ActivityStore.validate(fix)
    if pendingFixSequences.insert(fix.sequence).inserted {
      pending.fixes.append(fix)
    }
    return try flushIfDue()
  }

  /// Buffers the verdict of a fix appended earlier with its verdict pending, and commits the
  /// pending rows when the interval has passed.
  ///
  /// The update is committed after the fixes of its batch, so its fix may be committed earlier
  /// or in the same batch. It replaces the fix's stored verdict (judging a fix twice before a
  /// commit keeps the last verdict); an update for a sequence number that no stored fix has is
  /// skipped and creates no row. Once the activity is finished its verdicts no longer change:
  /// ``finish(at:totals:)`` commits the pending updates first.
  ///
  /// - Returns: `true` when this call committed the pending rows.
  /// - Throws: ``StoreError/Reason/invalidInput`` for a negative sequence (the update is not
  ///   buffered); otherwise the commit's ``StoreError``, in which case the update and every
  ///   other pending row are still buffered.
  @discardableResult
  public mutating func judge(_ verdict: StoredVerdict) throws(StoreError) -> Bool {
    try ActivityStore.validate(verdict)
    if let index = pendingVerdictIndices[verdict.sequence] {
      pending.verdicts[index] = verdict
    } else {
      pendingVerdictIndices[verdict.sequence] = pending.verdicts.count
      pending.verdicts.append(verdict)
    }
    return try flushIfDue()
  }

  /// Buffers the start of a segment and commits the pending rows when the interval has passed.
  ///
  /// - Returns: `true` when this call committed the pending rows.
  /// - Throws: ``StoreError/Reason/invalidInput`` for a negative index or a start time that is not
  ///   finite (the segment is not buffered); otherwise the commit's ``StoreError``, in which case
  ///   every pending row is still buffered.
  @discardableResult
  public mutating func startSegment(_ segment: StoredSegment) throws(StoreError) -> Bool {
    try ActivityStore.validate(segment)
    if pendingSegmentIndices.insert(segment.index).inserted {
      pending.segments.append(segment)
    }
    return try flushIfDue()
  }

  /// Buffers an event and commits the pending rows when the interval has passed.
  ///
  /// - Returns: `true` when this call committed the pending rows.
  /// - Throws: ``StoreError/Reason/invalidInput`` for a negative sequence, an empty kind or a
  ///   payload that is not JSON (the event is not buffered); otherwise the commit's
  ///   ``StoreError``, in which case every pending row is still buffered.
  @discardableResult
  public mutating func append(_ event: StoredEvent) throws(StoreError) -> Bool {
    try ActivityStore.validate(event)
    if pendingEventSequences.insert(event.sequence).inserted {
      pending.events.append(event)
    }
    return try flushIfDue()
  }

  /// Commits the pending rows if ``flushIntervalSeconds`` have passed since the last attempt.
  /// Call it from a timer when fixes may stop arriving (a tunnel), so that the last ones do not
  /// wait for the next.
  ///
  /// - Returns: `true` when it committed.
  /// - Throws: The commit's ``StoreError``; the rows stay pending.
  @discardableResult
  public mutating func flushIfDue() throws(StoreError) -> Bool {
    guard !pending.isEmpty,
      clock().timeIntervalSince(lastFlushAttempt) >= flushIntervalSeconds
    else { return false }
    try flush()
    return true
  }

  /// Commits the pending rows now, in one transaction.
  ///
  /// - Throws: ``StoreError`` (such as ``StoreError/Reason/diskFull`` or
  ///   ``StoreError/Reason/readOnly``) whose context says what is kept in memory, e.g.
  ///   `disk is full: /data/a.sqlite; 42 fixes kept in memory`. Every pending row stays
  ///   pending, to be written by a later flush.
  public mutating func flush() throws(StoreError) {
    let now = clock()
    lastFlushAttempt = now
    guard !pending.isEmpty else { return }
    try store.append(pending, to: activity, kept: pending.phrase)
    lastCommit = now
    if let highest = pending.fixes.lazy.map(\.sequence).max() {
      highestCommittedFixSequence = max(highestCommittedFixSequence ?? highest, highest)
    }
    pending = RecordingBatch()
    pendingFixSequences.removeAll(keepingCapacity: true)
    pendingSegmentIndices.removeAll(keepingCapacity: true)
    pendingEventSequences.removeAll(keepingCapacity: true)
    pendingVerdictIndices.removeAll(keepingCapacity: true)
  }

  /// Commits the pending rows, then marks the activity finished with its totals.
  ///
  /// Give the last verdicts with ``judge(_:)`` before: this call commits them with the other
  /// pending rows, and a finished activity's verdicts no longer change. A fix whose verdict was
  /// never given stays pending (``ActivitySummary/pendingFixCount``).
  ///
  /// - Throws: The commit's ``StoreError`` (rows kept, activity not finished; call again), or
  ///   ``ActivityStore/finishActivity(_:finishedAt:totals:)``'s.
  public mutating func finish(at finishedAt: Date, totals: ActivityTotals = ActivityTotals())
    throws(StoreError)
  {
    try ActivityStore.requireFinite(finishedAt, "finishedAt")
    try flush()
    try store.finishActivity(activity, finishedAt: finishedAt, totals: totals)
  }

  /// Drops the pending rows without writing them, and returns them; for a recording the user
  /// discards, or an activity deleted while rows were pending.
  @discardableResult
  public mutating func discardPending() -> RecordingBatch {
    defer {
      pending = RecordingBatch()
      pendingFixSequences.removeAll()
      pendingSegmentIndices.removeAll()
      pendingEventSequences.removeAll()
      pendingVerdictIndices.removeAll()
    }
    return pending
  }
}
