import Foundation
import Testing
import TrackSift

@testable import TrackSiftStore

@Suite struct StoredFixRoundTripTests {
  @Test(arguments: StoreLocation.allCases)
  func everyFieldComesBackExactly(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Full", kind: .running, startedAt: Samples.start)
    let fixes = (0..<3).map { Samples.stored($0) }
    try store.append(RecordingBatch(fixes: fixes), to: id)
    let read = try store.fixes(of: id)
    #expect(read == fixes)
    // Equality is not enough for dates: compare the stored doubles to the bit.
    for (original, back) in zip(fixes, read) {
      #expect(back.fix.timeSeconds?.bitPattern == original.fix.timeSeconds?.bitPattern)
      #expect(
        back.fix.arrivalTime?.timeIntervalSinceReferenceDate.bitPattern
          == original.fix.arrivalTime?.timeIntervalSinceReferenceDate.bitPattern)
      #expect(back.fix.latitudeDegrees.bitPattern == original.fix.latitudeDegrees.bitPattern)
    }
  }

  @Test(arguments: StoreLocation.allCases)
  func unknownFieldsComeBackNil(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Bare", kind: .walking, startedAt: Samples.start)
    let bare = StoredFix(sequence: 0, segmentIndex: 0, fix: Samples.bareFix(0), verdict: .accepted)
    try store.append(RecordingBatch(fixes: [bare]), to: id)
    let fix = try #require(try store.fixes(of: id).first).fix
    #expect(fix.timestamp == nil)
    #expect(fix.arrivalTime == nil)
    #expect(fix.altitudeMeters == nil)
    #expect(fix.horizontalAccuracyMeters == nil)
    #expect(fix.verticalAccuracyMeters == nil)
    #expect(fix.speedMetersPerSecond == nil)
    #expect(fix.speedAccuracyMetersPerSecond == nil)
    #expect(fix.courseDegrees == nil)
    #expect(fix.courseAccuracyDegrees == nil)
    #expect(fix.source == .unknown)
    #expect(fix.receiver.isEmpty)
    #expect(fix.sensors.isEmpty)
    #expect(fix == bare.fix)
  }

  @Test func invalidValuesAreKeptAsReported() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Odd", kind: .driving, startedAt: Samples.start)
    let odd = Fix(
      timestamp: Samples.start, latitudeDegrees: .nan, longitudeDegrees: .infinity,
      horizontalAccuracyMeters: -1, verticalAccuracyMeters: 0, speedMetersPerSecond: -1,
      courseDegrees: -1, source: .network, receiver: ReceiverStatus(satellitesUsed: 0))
    let stored = StoredFix(
      sequence: 0, segmentIndex: 0, fix: odd, verdict: .rejected(.invalidCoordinates))
    try store.append(RecordingBatch(fixes: [stored]), to: id)
    let back = try #require(try store.fixes(of: id).first)
    #expect(back.fix.latitudeDegrees.isNaN)
    #expect(back.fix.longitudeDegrees == .infinity)
    #expect(back.fix.horizontalAccuracyMeters == -1)
    #expect(back.fix.verticalAccuracyMeters == 0)
    #expect(back.fix.speedMetersPerSecond == -1)
    #expect(back.fix.receiver.satellitesUsed == 0)
    #expect(back == stored)
  }

  static let verdicts: [Verdict] = [.accepted] + RejectionReason.allCases.map { .rejected($0) }

  @Test(arguments: verdicts)
  func verdictCodesRoundTrip(_ verdict: Verdict) throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Verdicts", kind: .cycling, startedAt: Samples.start)
    try store.append(RecordingBatch(fixes: [Samples.stored(0, verdict: verdict)]), to: id)
    #expect(try store.fixes(of: id).first?.verdict == verdict)
    let code = try store.read { db in
      try String.fetchOne(db, sql: "SELECT verdict FROM fix")
    }
    #expect(code == verdict.code)
  }

  @Test(arguments: StoreLocation.allCases)
  func aPendingVerdictIsStoredAsNullAndReadBackNil(_ location: StoreLocation) throws {
    let (store, cleanUp) = try location.makeStore()
    defer { cleanUp() }
    let id = try store.createActivity(name: "Pending", kind: .running, startedAt: Samples.start)
    let fixes = [
      Samples.stored(0), Samples.stored(1, verdict: nil), Samples.stored(2, verdict: nil),
    ]
    try store.append(RecordingBatch(fixes: fixes), to: id)
    #expect(try store.fixes(of: id) == fixes)
    #expect(try store.fixes(of: id).map(\.verdict) == [.accepted, nil, nil])
    let nulls = try store.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fix WHERE verdict IS NULL")
    }
    #expect(nulls == 2)
  }

  @Test(arguments: FixSource.allCases)
  func sourcesRoundTrip(_ source: FixSource) throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Sources", kind: .cycling, startedAt: Samples.start)
    var fix = Samples.stored(0)
    fix.fix.source = source
    try store.append(RecordingBatch(fixes: [fix]), to: id)
    #expect(try store.fixes(of: id).first?.fix.source == source)
  }

  @Test(arguments: ReceiverStatus.FixType.allCases)
  func fixTypesRoundTrip(_ fixType: ReceiverStatus.FixType) throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Types", kind: .cycling, startedAt: Samples.start)
    var fix = Samples.stored(0)
    fix.fix.receiver.fixType = fixType
    try store.append(RecordingBatch(fixes: [fix]), to: id)
    #expect(try store.fixes(of: id).first?.fix.receiver.fixType == fixType)
  }

  @Test func anUnknownVerdictCodeIsAnUnreadableRow() throws {
    let store = try ActivityStore.inMemory()
    let id = try store.createActivity(name: "Future", kind: .running, startedAt: Samples.start)
    try store.append(RecordingBatch(fixes: [Samples.stored(7)]), to: id)
    try store.write { db in try db.execute(sql: "UPDATE fix SET verdict = 'from-the-future'") }
    let error = storeError { _ = try store.fixes(of: id) }
    #expect(
      error?.description
        == "unreadable row: fix 7 of activity \(id): unknown verdict code 'from-the-future'")
  }
}
