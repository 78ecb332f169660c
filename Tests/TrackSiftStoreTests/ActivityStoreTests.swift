import Foundation
import Testing
import TrackSift

@testable import TrackSiftStore

@Suite struct ActivityStoreTests {
  @Test(arguments: StoreLocation.allCases)
  func activitiesAreListedWithTheirCounts(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let first = try store.createActivity(name: "Run", kind: .running, startedAt: Samples.start)
    let second = try store.createActivity(
      name: "Ride", kind: .cycling, startedAt: Samples.start + 3600)
    try store.append(
      RecordingBatch(
        fixes: [
          Samples.stored(0), Samples.stored(1, verdict: .rejected(.warmUp)), Samples.stored(2),
          Samples.stored(3, segment: 1), Samples.stored(4, segment: 1, verdict: .rejected(.stale)),
        ],
        segments: [
          StoredSegment(index: 0, startedAt: Samples.start),
          StoredSegment(index: 1, startedAt: Samples.start + 60),
          StoredSegment(index: 2, startedAt: Samples.start + 90),
        ],
        events: [StoredEvent(sequence: 0, timestamp: Samples.start, kind: "start")]),
      to: first)
    try store.finishActivity(
      first, finishedAt: Samples.start + 100,
      totals: ActivityTotals(distanceMeters: 1234.5, movingTimeSeconds: 80, elapsedTimeSeconds: 100)
    )

    let list = try store.activities()
    #expect(list.map(\.id) == [first, second])
    let run = list[0]
    #expect(run.name == "Run")
    #expect(run.kind == .running)
    #expect(run.state == .finished)
    #expect(run.isFinished)
    #expect(run.startedAt == Samples.start)
    #expect(run.finishedAt == Samples.start + 100)
    #expect(run.acceptedFixCount == 3)
    #expect(run.rejectedFixCount == 2)
    #expect(run.pendingFixCount == 0)
    #expect(run.fixCount == 5)
    #expect(run.segmentCount == 3)
    #expect(run.eventCount == 1)
    #expect(run.firstFixTimestamp == Samples.fullFix(0).timestamp)
    #expect(run.lastFixTimestamp == Samples.fullFix(4).timestamp)
    #expect(
      run.totals
        == ActivityTotals(distanceMeters: 1234.5, movingTimeSeconds: 80, elapsedTimeSeconds: 100))

    let ride = try store.activity(second)
    #expect(ride.state == .recording)
    #expect(ride.finishedAt == nil)
    #expect(ride.fixCount == 0)
    #expect(ride.segmentCount == 0)
    #expect(ride.firstFixTimestamp == nil)
    #expect(ride.totals.isEmpty)
    #expect(try store.unfinishedActivities().map(\.id) == [second])
  }

  @Test(arguments: StoreLocation.allCases)
  func pendingFixesAreCountedApart(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Live", kind: .running, startedAt: Samples.start)
    try store.append(
      RecordingBatch(fixes: [
        Samples.stored(0), Samples.stored(1, verdict: .rejected(.warmUp)), Samples.stored(2),
        Samples.stored(3, verdict: nil), Samples.stored(4, verdict: nil),
      ]),
      to: id)
    let summary = try store.activity(id)
    #expect(summary.acceptedFixCount == 2)
    #expect(summary.rejectedFixCount == 1)
    #expect(summary.pendingFixCount == 2)
    #expect(summary.fixCount == 5)
    #expect(summary.lastFixTimestamp == Samples.fullFix(4).timestamp)
    #expect(try store.activities().map(\.pendingFixCount) == [2])
    #expect(try store.unfinishedActivities().map(\.pendingFixCount) == [2])
  }

  @Test(arguments: StoreLocation.allCases)
  func segmentsAndEventsRoundTrip(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Walk", kind: .walking, startedAt: Samples.start)
    let segments = [
      StoredSegment(index: 0, startedAt: Samples.start),
      StoredSegment(index: 1, startedAt: Samples.start + 125.5),
    ]
    let events = [
      StoredEvent(sequence: 0, timestamp: Samples.start, kind: "start"),
      StoredEvent(
        sequence: 1, timestamp: Samples.start + 60.25, kind: "split",
        payloadJSON: #"{"km":1,"seconds":360.5,"name":"Straße"}"#),
      StoredEvent(sequence: 2, timestamp: Samples.start + 100, kind: "pause", payloadJSON: "null"),
    ]
    try store.append(RecordingBatch(segments: segments.reversed(), events: events), to: id)
    #expect(try store.segments(of: id) == segments)
    #expect(try store.events(of: id) == events)
  }

  @Test(arguments: StoreLocation.allCases)
  func recorderEventsAreStoredUnderAnyKindWithTheirJSON(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Events", kind: .running, startedAt: Samples.start)
    let split = Split(
      number: 1, distanceMeters: 1000, endTimerSeconds: 312.5, durationSeconds: 312.5,
      isPartial: false)
    let recorded: [(String, RecorderEvent.Kind)] = [
      ("state", .stateChanged(.recording)),
      ("segment-started", .segmentStarted(index: 0)),
      ("auto-paused", .autoPaused(since: Samples.start + 100)),
      ("auto-resumed", .autoResumed),
      ("split", .splitReached(split, unit: .kilometer)),
      ("signal", .signalQualityChanged(.weak)),
      ("Pause ⏸", .stateChanged(.paused(.manual))),
    ]
    let encoder = JSONEncoder()
    var events: [StoredEvent] = []
    for (sequence, (kind, eventKind)) in recorded.enumerated() {
      let event = RecorderEvent(time: Samples.start + Double(sequence), kind: eventKind)
      events.append(
        StoredEvent(
          sequence: sequence, timestamp: event.time, kind: kind,
          payloadJSON: String(decoding: try encoder.encode(event), as: UTF8.self)))
    }
    try store.append(RecordingBatch(events: events), to: id)

    let back = try store.events(of: id)
    #expect(back == events)
    let decoder = JSONDecoder()
    for (event, (_, eventKind)) in zip(back, recorded) {
      let decoded = try decoder.decode(RecorderEvent.self, from: Data(event.payloadJSON.utf8))
      #expect(decoded.kind == eventKind)
      #expect(decoded.time == event.timestamp)
    }
  }

  @Test func trackGroupsFixesBySegment() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Export me", kind: .running, startedAt: Samples.start)
    let fixes = [
      Samples.stored(0), Samples.stored(1, verdict: .rejected(.impliedSpeed)), Samples.stored(2),
      Samples.stored(3, segment: 2), Samples.stored(4, segment: 2),
      Samples.stored(5, segment: 3, verdict: .rejected(.outOfOrder)),
      Samples.stored(6, segment: 3, verdict: nil), Samples.stored(7, segment: 4, verdict: nil),
    ]
    try store.append(RecordingBatch(fixes: fixes.reversed()), to: id)

    // Rejected and pending fixes are left out, and so are the segments left without a fix.
    let accepted = try store.track(of: id, acceptedOnly: true)
    #expect(accepted.name == "Export me")
    #expect(
      accepted.segments.map { $0.fixes } == [
        [fixes[0].fix, fixes[2].fix], [fixes[3].fix, fixes[4].fix],
      ])
    let raw = try store.track(of: id, acceptedOnly: false)
    #expect(
      raw.segments.map { $0.fixes } == [
        [fixes[0].fix, fixes[1].fix, fixes[2].fix], [fixes[3].fix, fixes[4].fix],
        [fixes[5].fix, fixes[6].fix], [fixes[7].fix],
      ])
    #expect(try store.fixes(of: id) == fixes)
  }

  @Test(arguments: StoreLocation.allCases)
  func theSameSequenceIsStoredOnce(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Retry", kind: .running, startedAt: Samples.start)
    let first = Samples.stored(0)
    var retry = Samples.stored(0, verdict: .rejected(.stale))
    retry.fix.latitudeDegrees = 10
    let event = StoredEvent(sequence: 0, timestamp: Samples.start, kind: "start")
    let segment = StoredSegment(index: 0, startedAt: Samples.start)
    try store.append(RecordingBatch(fixes: [first], segments: [segment], events: [event]), to: id)
    try store.append(
      RecordingBatch(
        fixes: [retry, retry], segments: [StoredSegment(index: 0, startedAt: Samples.start + 1)],
        events: [StoredEvent(sequence: 0, timestamp: Samples.start + 1, kind: "again")]),
      to: id)
    #expect(try store.fixes(of: id) == [first])
    #expect(try store.segments(of: id) == [segment])
    #expect(try store.events(of: id) == [event])
  }

  @Test func resumePointContinuesAfterTheStoredRows() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Resume", kind: .running, startedAt: Samples.start)
    #expect(
      try store.resumePoint(for: id)
        == ResumePoint(nextFixSequence: 0, nextEventSequence: 0, lastSegmentIndex: nil))
    #expect(try store.resumePoint(for: id).nextSegmentIndex == 0)
    try store.append(
      RecordingBatch(
        fixes: [Samples.stored(0), Samples.stored(1, segment: 1)],
        segments: [StoredSegment(index: 2, startedAt: Samples.start + 10)],
        events: [StoredEvent(sequence: 4, timestamp: Samples.start, kind: "start")]),
      to: id)
    let point = try store.resumePoint(for: id)
    #expect(point == ResumePoint(nextFixSequence: 2, nextEventSequence: 5, lastSegmentIndex: 2))
    #expect(point.nextSegmentIndex == 3)
    #expect(try store.nextSequence(for: id) == 2)
  }

  @Test func deletingRemovesEveryRowAndNeverReusesTheID() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Gone", kind: .running, startedAt: Samples.start)
    try store.append(
      RecordingBatch(
        fixes: [Samples.stored(0)], segments: [StoredSegment(index: 0, startedAt: Samples.start)],
        events: [StoredEvent(sequence: 0, timestamp: Samples.start, kind: "start")]),
      to: id)
    try store.deleteActivity(id)
    #expect(try store.activities().isEmpty)
    let rows = try store.read { db in
      try Int.fetchOne(
        db,
        sql: "SELECT (SELECT COUNT(*) FROM fix) + (SELECT COUNT(*) FROM segment)"
          + " + (SELECT COUNT(*) FROM event)")
    }
    #expect(rows == 0)
    let next = try store.createActivity(name: "New", kind: .running, startedAt: Samples.start)
    #expect(next > id)
  }

  @Test func unknownActivitiesAreTypedErrors() throws {
    let store = try ActivityStore.inMemory()
    let missing = ActivityID(rawValue: 99)
    let calls: [(String, () throws -> Void)] = [
      ("activity", { _ = try store.activity(missing) }),
      ("fixes", { _ = try store.fixes(of: missing) }),
      ("segments", { _ = try store.segments(of: missing) }),
      ("events", { _ = try store.events(of: missing) }),
      ("track", { _ = try store.track(of: missing) }),
      ("resumePoint", { _ = try store.resumePoint(for: missing) }),
      ("nextSequence", { _ = try store.nextSequence(for: missing) }),
      ("delete", { try store.deleteActivity(missing) }),
      ("finish", { try store.finishActivity(missing, finishedAt: Samples.start) }),
      ("append", { try store.append(RecordingBatch(fixes: [Samples.stored(0)]), to: missing) }),
      ("writer", { _ = try RecordingWriter(store: store, activity: missing) }),
    ]
    for (name, call) in calls {
      let error = storeError(call)
      #expect(error?.reason == .unknownActivity, "\(name)")
      #expect(error?.description == "unknown activity: activity 99", "\(name)")
    }
  }

  @Test func aFinishedActivityTakesNoMoreRows() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Done", kind: .running, startedAt: Samples.start)
    try store.finishActivity(id, finishedAt: Samples.start + 10)
    let append = storeError {
      try store.append(RecordingBatch(fixes: [Samples.stored(0)]), to: id)
    }
    #expect(append?.description == "activity is finished: activity \(id)")
    #expect(
      storeError { try store.finishActivity(id, finishedAt: Samples.start) }?.reason
        == .activityFinished)
    #expect(
      storeError { _ = try RecordingWriter(store: store, activity: id) }?.reason
        == .activityFinished)
  }

  @Test func badInputIsRefusedBeforeAnythingIsWritten() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Bad", kind: .running, startedAt: Samples.start)
    let cases: [(RecordingBatch, String)] = [
      (
        RecordingBatch(fixes: [Samples.stored(0), Samples.stored(-1)]),
        "invalid input: fix -1 in segment 0: sequence and segment index must not be negative"
      ),
      (
        RecordingBatch(fixes: [Samples.stored(0, segment: -2)]),
        "invalid input: fix 0 in segment -2: sequence and segment index must not be negative"
      ),
      (
        RecordingBatch(segments: [StoredSegment(index: -1, startedAt: Samples.start)]),
        "invalid input: segment -1: index must not be negative"
      ),
      (
        RecordingBatch(segments: [
          StoredSegment(index: 0, startedAt: Date(timeIntervalSinceReferenceDate: .nan))
        ]),
        "invalid input: segment 0 startedAt must be a finite time"
      ),
      (
        RecordingBatch(events: [StoredEvent(sequence: 0, timestamp: Samples.start, kind: "")]),
        "invalid input: event 0: kind must not be empty"
      ),
      (
        RecordingBatch(events: [
          StoredEvent(sequence: 3, timestamp: Samples.start, kind: "split", payloadJSON: "{km:1")
        ]),
        "invalid input: event 3: payload is not JSON: {km:1"
      ),
    ]
    for (batch, message) in cases {
      #expect(storeError { try store.append(batch, to: id) }?.description == message)
    }
    #expect(try store.activity(id).fixCount == 0)
    #expect(
      storeError {
        _ = try store.createActivity(
          name: "x", kind: .running, startedAt: Date(timeIntervalSinceReferenceDate: .infinity))
      }?.description == "invalid input: startedAt must be a finite time")
    #expect(
      storeError {
        try store.finishActivity(
          id, finishedAt: Samples.start, totals: ActivityTotals(distanceMeters: -1))
      }?.description == "invalid input: distanceMeters must be finite and not negative")
  }
}
