import Foundation
import Testing
import TrackSift

@testable import TrackSiftStore

@Suite struct RecordingWriterTests {
  @Test(arguments: StoreLocation.allCases)
  func appendsCommitOnceASecondHasPassed(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let clock = TestClock()
    let id = try store.createActivity(name: "Auto", kind: .running, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)

    // 5 Hz for 0.8 s: nothing committed yet.
    for sequence in 0..<5 {
      #expect(try writer.append(Samples.stored(sequence)) == false)
      clock.advance(seconds: 0.2)
    }
    #expect(writer.pending.fixes.count == 5)
    #expect(try store.activity(id).fixCount == 0)
    #expect(writer.lastCommit == nil)

    // The append at t = 1.0 s commits everything pending.
    #expect(try writer.append(Samples.stored(5)) == true)
    #expect(writer.pending.isEmpty)
    #expect(try store.activity(id).fixCount == 6)
    #expect(writer.highestCommittedFixSequence == 5)
    #expect(writer.lastCommit == clock.now)

    // The next commit waits another second.
    clock.advance(seconds: 0.5)
    #expect(try writer.append(Samples.stored(6)) == false)
    #expect(try writer.flushIfDue() == false)
    clock.advance(seconds: 0.5)
    #expect(try writer.flushIfDue() == true)
    #expect(try store.activity(id).fixCount == 7)
    #expect(try writer.flushIfDue() == false)
  }

  @Test func segmentsAndEventsAreCommittedWithTheFixes() throws {
    let store = try ActivityStore.inMemory()
    let clock = TestClock()
    let id = try store.createActivity(name: "Mixed", kind: .walking, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)
    try writer.startSegment(StoredSegment(index: 0, startedAt: clock.now))
    try writer.append(StoredEvent(sequence: 0, timestamp: clock.now, kind: "start"))
    try writer.append(Samples.stored(0))
    #expect(writer.pending.count == 3)
    clock.advance(seconds: 1)
    #expect(try writer.append(StoredEvent(sequence: 1, timestamp: clock.now, kind: "pause")))
    #expect(try store.segments(of: id).count == 1)
    #expect(try store.events(of: id).map(\.kind) == ["start", "pause"])
    #expect(try store.fixes(of: id).count == 1)
  }

  @Test func finishCommitsWhatIsPending() throws {
    let store = try ActivityStore.inMemory()
    let clock = TestClock()
    let id = try store.createActivity(name: "Finish", kind: .running, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)
    for sequence in 0..<3 {
      try writer.append(Samples.stored(sequence))
    }
    try writer.finish(at: clock.now + 3, totals: ActivityTotals(distanceMeters: 12))
    let summary = try store.activity(id)
    #expect(summary.fixCount == 3)
    #expect(summary.state == .finished)
    #expect(summary.finishedAt == clock.now + 3)
    #expect(summary.totals.distanceMeters == 12)
    #expect(try store.unfinishedActivities().isEmpty)
  }

  @Test func aSequenceAppendedTwiceIsBufferedAndStoredOnce() throws {
    let store = try ActivityStore.inMemory()
    let clock = TestClock()
    let id = try store.createActivity(name: "Twice", kind: .running, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)
    try writer.append(Samples.stored(0))
    try writer.append(Samples.stored(0, verdict: .rejected(.stale)))
    #expect(writer.pending.fixes.count == 1)
    try writer.flush()
    // Appended again after its commit (a caller that retries): still one row.
    try writer.append(Samples.stored(0, verdict: .rejected(.stale)))
    try writer.flush()
    #expect(try store.fixes(of: id) == [Samples.stored(0)])
  }

  @Test(arguments: StoreLocation.allCases)
  func verdictsAreBufferedAndCommittedAfterTheirFixes(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let clock = TestClock()
    let id = try store.createActivity(name: "Live", kind: .running, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)

    // A look-ahead of 2: fix n arrives pending and fix n - 2 is judged with it, at 5 Hz.
    func verdict(_ sequence: Int) -> Verdict {
      sequence % 3 == 2 ? .rejected(.impliedSpeed) : .accepted
    }
    var committed: [Bool] = []
    for sequence in 0..<8 {
      committed.append(try writer.append(Samples.stored(sequence, verdict: nil)))
      if sequence >= 2 {
        let judged = StoredVerdict(sequence: sequence - 2, verdict: verdict(sequence - 2))
        committed.append(try writer.judge(judged))
      }
      clock.advance(seconds: 0.2)
    }
    // Fix 5, at t = 1.0 s, committed fixes 0...5 and the verdicts of 0...2; the verdict of 3
    // came after the commit.
    #expect(committed.filter { $0 }.count == 1)
    #expect(writer.highestCommittedFixSequence == 5)
    #expect(writer.pending.fixes.map(\.sequence) == [6, 7])
    #expect(writer.pending.verdicts.map(\.sequence) == [3, 4, 5])
    #expect(
      try store.fixes(of: id).map(\.verdict) == [.accepted, .accepted, verdict(2), nil, nil, nil])

    // The last verdicts are given and finish commits them before finishing.
    try writer.judge(StoredVerdict(sequence: 6, verdict: verdict(6)))
    try writer.judge(StoredVerdict(sequence: 7, verdict: verdict(7)))
    try writer.finish(at: clock.now)
    #expect(try store.fixes(of: id).map(\.verdict) == (0..<8).map(verdict))
    let summary = try store.activity(id)
    #expect(summary.isFinished)
    #expect(summary.pendingFixCount == 0)
    #expect(summary.acceptedFixCount == 6)
    #expect(summary.rejectedFixCount == 2)
  }

  @Test func aFixJudgedTwiceBeforeTheCommitKeepsTheLastVerdict() throws {
    let store = try ActivityStore.inMemory()
    let clock = TestClock()
    let id = try store.createActivity(name: "Twice", kind: .running, startedAt: clock.now)
    var writer = try RecordingWriter(store: store, activity: id, clock: clock.closure)
    try writer.append(Samples.stored(0, verdict: nil))
    try writer.judge(StoredVerdict(sequence: 0, verdict: .accepted))
    try writer.judge(StoredVerdict(sequence: 1, verdict: .accepted))  // no such fix: skipped
    try writer.judge(StoredVerdict(sequence: 0, verdict: .rejected(.stale)))
    #expect(
      writer.pending.verdicts == [
        StoredVerdict(sequence: 0, verdict: .rejected(.stale)),
        StoredVerdict(sequence: 1, verdict: .accepted),
      ])
    #expect(writer.pending.count == 3)
    try writer.flush()
    #expect(writer.pending.isEmpty)
    #expect(try store.fixes(of: id) == [Samples.stored(0, verdict: .rejected(.stale))])

    // A verdict for a fix committed earlier, then applied again: one row, the same verdict.
    try writer.judge(StoredVerdict(sequence: 0, verdict: .accepted))
    try writer.flush()
    try writer.judge(StoredVerdict(sequence: 0, verdict: .accepted))
    try writer.flush()
    #expect(try store.fixes(of: id) == [Samples.stored(0, verdict: .accepted)])
  }

  @Test func aFailedCommitKeepsTheVerdicts() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Kept", kind: .running, startedAt: Samples.start)
    var writer = try RecordingWriter(store: store, activity: id, clock: TestClock().closure)
    for sequence in 0..<3 {
      try writer.append(Samples.stored(sequence, verdict: nil))
    }
    try writer.judge(StoredVerdict(sequence: 0, verdict: .accepted))
    try writer.judge(StoredVerdict(sequence: 1, verdict: .accepted))
    try store.deleteActivity(id)
    let error = storeError { try writer.flush() }
    #expect(
      error?.description
        == "unknown activity: activity \(id); 3 fixes and 2 verdicts kept in memory")
    #expect(writer.pending.verdicts.count == 2)
    #expect(writer.discardPending().verdicts.count == 2)
    #expect(writer.pending.isEmpty)
  }

  @Test func invalidRowsAreNotBuffered() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Invalid", kind: .running, startedAt: Samples.start)
    var writer = try RecordingWriter(store: store, activity: id, clock: TestClock().closure)
    #expect(storeError { try writer.append(Samples.stored(-1)) }?.reason == .invalidInput)
    #expect(
      storeError {
        try writer.append(
          StoredEvent(sequence: 0, timestamp: Samples.start, kind: "x", payloadJSON: ""))
      }?.reason == .invalidInput)
    #expect(
      storeError { try writer.judge(StoredVerdict(sequence: -3, verdict: .accepted)) }?
        .description == "invalid input: verdict of fix -3: sequence must not be negative")
    #expect(writer.pending.isEmpty)
    #expect(
      storeError { _ = try RecordingWriter(store: store, activity: id, flushIntervalSeconds: -1) }?
        .reason == .invalidInput)
  }

  @Test func discardingDropsThePendingRows() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Discard", kind: .running, startedAt: Samples.start)
    var writer = try RecordingWriter(store: store, activity: id, clock: TestClock().closure)
    try writer.append(Samples.stored(0))
    #expect(writer.discardPending().fixes == [Samples.stored(0)])
    try writer.flush()
    #expect(try store.activity(id).fixCount == 0)
  }

  @Test func aDeletedActivityKeepsTheRowsPending() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Deleted", kind: .running, startedAt: Samples.start)
    var writer = try RecordingWriter(store: store, activity: id, clock: TestClock().closure)
    try writer.append(Samples.stored(0))
    try store.deleteActivity(id)
    let error = storeError { try writer.flush() }
    #expect(error?.description == "unknown activity: activity \(id); 1 fix kept in memory")
    #expect(writer.pending.fixes.count == 1)
  }
}
