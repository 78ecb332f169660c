import Foundation
import Testing

@testable import TrackSift

/// A recording that holds a speed its profile refuses (a drive recorded as a run) says so,
/// once, as it happens.
@Suite struct ProfileOutpacingTests {
  private static func outpacings(_ events: [RecorderEvent]) -> [RecorderEvent.Kind] {
    events.map(\.kind).filter {
      if case .profileOutpaced = $0 { return true }
      return false
    }
  }

  @Test func aDriveRecordedAsARunIsToldOnce() throws {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    var events = recorder.start(at: stream.time(0))
    events += recorder.feed(stream.fixes(seconds: 60, speedMetersPerSecond: 3))
    #expect(Self.outpacings(events).isEmpty)
    events += recorder.feed(stream.fixes(seconds: 120, speedMetersPerSecond: 20))
    events += recorder.feed(stream.fixes(seconds: 120, speedMetersPerSecond: 25))
    let told = Self.outpacings(events)
    #expect(told.count == 1)
    guard case .profileOutpaced(let held, let maximum) = try #require(told.first) else { return }
    // Told as soon as a stretch holds more than running's 12 m/s, while still speeding up.
    #expect(held > 12 && held <= 20)
    #expect(maximum == 12)
    #expect(
      told.first?.description.hasSuffix(
        "m/s for half a minute, faster than the profile accepts (12.0 m/s): fixes that fast"
          + " may be refused") == true)
  }

  @Test func aRideWithinItsProfileAndStretchesAcrossSegmentsAreNotTold() {
    var stream = FixStream()
    var ride = Recorder(profile: .cycling)
    var events = ride.start(at: stream.time(0))
    events += ride.feed(stream.fixes(seconds: 300, speedMetersPerSecond: 20))
    #expect(Self.outpacings(events).isEmpty)
    // 20 s at 15 m/s on each side of a new segment: no stretch holds it for half a minute.
    var run = Recorder(profile: .running)
    events = run.start(at: stream.time(stream.seconds))
    events += run.feed(stream.fixes(seconds: 20, speedMetersPerSecond: 15))
    events += run.startNewSegment(at: stream.time(stream.seconds))
    events += run.feed(stream.fixes(seconds: 20, speedMetersPerSecond: 15))
    #expect(Self.outpacings(events).isEmpty)
  }

  @Test func aRideAfterARunIsMeasuredAsARideWhenTheRecorderIsToldSo() {
    var stream = FixStream()
    var recorder = Recorder(profile: .running)
    var events = recorder.start(at: stream.time(0))
    events += recorder.feed(stream.fixes(seconds: 60, speedMetersPerSecond: 3))
    // Not in the middle of a segment: its fixes are already measured.
    let midSegment = recorder.measureSegment(with: .cycling)
    #expect(!midSegment)
    events += recorder.startNewSegment(at: stream.time(stream.seconds))
    let atItsStart = recorder.measureSegment(with: .cycling)
    #expect(atItsStart)
    events += recorder.feed(stream.fixes(seconds: 120, speedMetersPerSecond: 15))
    #expect(Self.outpacings(events).isEmpty)
    events += recorder.finish(at: stream.time(stream.seconds))
    let afterFinishing = recorder.measureSegment(with: .running)
    #expect(!afterFinishing)
    // Under running throughout, the ride is told and its fast fixes may be refused.
    stream = FixStream()
    var run = Recorder(profile: .running)
    var single = run.start(at: stream.time(0))
    single += run.feed(stream.fixes(seconds: 60, speedMetersPerSecond: 3))
    single += run.startNewSegment(at: stream.time(stream.seconds))
    single += run.feed(stream.fixes(seconds: 120, speedMetersPerSecond: 15))
    #expect(Self.outpacings(single).count == 1)
  }
}
