import Foundation
import Testing
import TrackSift

@testable import TrackSiftStore

/// Fixes stored with their verdict pending, and the verdict updates that follow them.
@Suite struct VerdictUpdateTests {
  @Test(arguments: StoreLocation.allCases)
  func aVerdictInTheSameBatchIsWrittenAfterItsFix(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Same", kind: .running, startedAt: Samples.start)
    try store.append(
      RecordingBatch(
        fixes: (0..<3).map { Samples.stored($0, verdict: nil) },
        verdicts: [
          StoredVerdict(sequence: 2, verdict: .rejected(.stale)),
          StoredVerdict(sequence: 0, verdict: .accepted),
        ]),
      to: id)
    #expect(try store.fixes(of: id).map(\.verdict) == [.accepted, nil, .rejected(.stale)])
    let summary = try store.activity(id)
    #expect(summary.acceptedFixCount == 1)
    #expect(summary.rejectedFixCount == 1)
    #expect(summary.pendingFixCount == 1)
  }

  @Test(arguments: StoreLocation.allCases)
  func aVerdictInALaterBatchUpdatesTheStoredFix(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Later", kind: .cycling, startedAt: Samples.start)
    let pending = (0..<4).map { Samples.stored($0, verdict: nil) }
    try store.append(RecordingBatch(fixes: pending), to: id)
    #expect(try store.activity(id).pendingFixCount == 4)
    #expect(try store.track(of: id).segments.isEmpty)

    try store.append(
      RecordingBatch(
        fixes: [Samples.stored(4, verdict: nil)],
        verdicts: [
          StoredVerdict(sequence: 0, verdict: .accepted),
          StoredVerdict(sequence: 1, verdict: .rejected(.impliedSpeed)),
          StoredVerdict(sequence: 2, verdict: .accepted),
        ]),
      to: id)
    let fixes = try store.fixes(of: id)
    #expect(fixes.map(\.verdict) == [.accepted, .rejected(.impliedSpeed), .accepted, nil, nil])
    // Only the verdict changed: every other field is as appended.
    #expect(fixes.map(\.fix) == (0..<5).map(Samples.fullFix))
    let summary = try store.activity(id)
    #expect(summary.acceptedFixCount == 2)
    #expect(summary.rejectedFixCount == 1)
    #expect(summary.pendingFixCount == 2)
    #expect(summary.fixCount == 5)
    #expect(
      try store.track(of: id).segments.map(\.fixes) == [[Samples.fullFix(0), Samples.fullFix(2)]])
  }

  @Test(arguments: StoreLocation.allCases)
  func aVerdictForAnUnknownSequenceCreatesNoRow(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Unknown", kind: .running, startedAt: Samples.start)
    let other = try store.createActivity(name: "Other", kind: .running, startedAt: Samples.start)
    try store.append(RecordingBatch(fixes: [Samples.stored(0, verdict: nil)]), to: id)
    try store.append(RecordingBatch(fixes: [Samples.stored(5, verdict: nil)]), to: other)

    // Sequence 5 is stored, but in another activity; 7 nowhere.
    try store.append(
      RecordingBatch(verdicts: [
        StoredVerdict(sequence: 5, verdict: .accepted),
        StoredVerdict(sequence: 7, verdict: .rejected(.stale)),
      ]),
      to: id)
    #expect(try store.fixes(of: id) == [Samples.stored(0, verdict: nil)])
    #expect(try store.fixes(of: other) == [Samples.stored(5, verdict: nil)])
    let rows = try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fix") }
    #expect(rows == 2)

    // The skipped update is not kept anywhere: a fix 7 appended afterwards is pending.
    try store.append(RecordingBatch(fixes: [Samples.stored(7, verdict: nil)]), to: id)
    #expect(try store.fixes(of: id).map(\.verdict) == [nil, nil])
  }

  @Test(arguments: StoreLocation.allCases)
  func reapplyingABatchWithVerdictsChangesNothing(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Again", kind: .walking, startedAt: Samples.start)
    let fixes = RecordingBatch(fixes: (0..<3).map { Samples.stored($0, verdict: nil) })
    let verdicts = RecordingBatch(
      fixes: [Samples.stored(3, verdict: nil)],
      verdicts: [
        StoredVerdict(sequence: 0, verdict: .accepted),
        StoredVerdict(sequence: 1, verdict: .rejected(.warmUp)),
        StoredVerdict(sequence: 3, verdict: .accepted),
      ])
    try store.append(fixes, to: id)
    try store.append(verdicts, to: id)
    let expected = try store.fixes(of: id)
    #expect(expected.map(\.verdict) == [.accepted, .rejected(.warmUp), nil, .accepted])

    // A retry of either batch, in any order, leaves the rows as they are: the pending fixes
    // appended again do not reset the verdicts given since.
    try store.append(verdicts, to: id)
    try store.append(fixes, to: id)
    try store.append(verdicts, to: id)
    #expect(try store.fixes(of: id) == expected)
    #expect(try store.activity(id).fixCount == 4)
  }

  @Test func aLaterVerdictReplacesAnEarlierOne() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Replace", kind: .running, startedAt: Samples.start)
    try store.append(
      RecordingBatch(
        fixes: [Samples.stored(0, verdict: .accepted), Samples.stored(1, verdict: nil)],
        verdicts: [
          StoredVerdict(sequence: 0, verdict: .rejected(.stale)),
          StoredVerdict(sequence: 1, verdict: .accepted),
          StoredVerdict(sequence: 1, verdict: .rejected(.outOfOrder)),
        ]),
      to: id)
    #expect(try store.fixes(of: id).map(\.verdict) == [.rejected(.stale), .rejected(.outOfOrder)])
  }

  @Test func aNegativeSequenceIsRefusedBeforeAnythingIsWritten() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Bad", kind: .running, startedAt: Samples.start)
    let batch = RecordingBatch(
      fixes: [Samples.stored(0, verdict: nil)],
      verdicts: [StoredVerdict(sequence: -1, verdict: .accepted)])
    #expect(
      storeError { try store.append(batch, to: id) }?.description
        == "invalid input: verdict of fix -1: sequence must not be negative")
    #expect(try store.activity(id).fixCount == 0)
  }

  @Test func aFinishedActivitysVerdictsNoLongerChange() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Done", kind: .running, startedAt: Samples.start)
    try store.append(
      RecordingBatch(fixes: [Samples.stored(0, verdict: nil), Samples.stored(1, verdict: nil)]),
      to: id)
    try store.append(
      RecordingBatch(verdicts: [StoredVerdict(sequence: 0, verdict: .accepted)]), to: id)
    try store.finishActivity(id, finishedAt: Samples.start + 10)

    let error = storeError {
      try store.append(
        RecordingBatch(verdicts: [StoredVerdict(sequence: 1, verdict: .accepted)]), to: id)
    }
    #expect(error?.description == "activity is finished: activity \(id)")
    #expect(try store.fixes(of: id).map(\.verdict) == [.accepted, nil])
    #expect(try store.activity(id).pendingFixCount == 1)
  }

  static let verdicts: [Verdict] = [.accepted] + RejectionReason.allCases.map { .rejected($0) }

  @Test(arguments: verdicts)
  func everyVerdictCodeIsWrittenByAnUpdate(_ verdict: Verdict) throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Codes", kind: .cycling, startedAt: Samples.start)
    try store.append(RecordingBatch(fixes: [Samples.stored(0, verdict: nil)]), to: id)
    try store.append(
      RecordingBatch(verdicts: [StoredVerdict(sequence: 0, verdict: verdict)]), to: id)
    #expect(try store.fixes(of: id).first?.verdict == verdict)
    let code = try store.read { db in try String.fetchOne(db, sql: "SELECT verdict FROM fix") }
    #expect(code == verdict.code)
  }
}
