import Foundation
import Testing
import TrackSift
import TrackSiftStore

/// The events a recording session stores come back as they were, non-finite numbers included.
@Suite struct RecorderEventPayloadTests {
  @Test func aStoredEventReadsBackAsItWas() throws {
    let split = Split(
      number: 1, distanceMeters: 1_000, endTimerSeconds: .infinity, durationSeconds: .nan,
      isPartial: false, movingSeconds: 312.5)
    let event = RecorderEvent(
      time: Date(timeIntervalSinceReferenceDate: 800_000_000),
      kind: .splitReached(split, unit: .kilometer))
    let payload = try event.storedPayloadJSON()
    #expect(payload.contains(#""inf""#) && payload.contains(#""nan""#))
    let decoded = try #require(RecorderEvent(storedPayloadJSON: payload))
    #expect(decoded.time == event.time)
    guard case .splitReached(let back, let unit) = decoded.kind else {
      Issue.record("decoded as \(decoded.kind)")
      return
    }
    #expect(unit == .kilometer && back.number == 1 && back.movingSeconds == 312.5)
    #expect(back.endTimerSeconds == .infinity && back.durationSeconds.isNaN)
  }

  @Test func aPayloadItDidNotWriteIsNoEvent() {
    #expect(RecorderEvent(storedPayloadJSON: #"{"km":1}"#) == nil)
    #expect(RecorderEvent(storedPayloadJSON: "{km:1") == nil)
  }
}
