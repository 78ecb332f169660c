import Foundation
import Testing

@testable import TrackSift

@Suite struct HeldSpeedTests {
  private static let plane = LocalTangentPlane(
    origin: Coordinate(latitudeDegrees: 37.4, longitudeDegrees: -122.1))

  /// One fix a second from `start` on, each `speeds[k]` meters east of the one before; a
  /// position moved by `offsets[k]` meters north at fix k where given.
  private static func fixes(
    speeds: [Double], start: Double = 0, northOffsets: [Int: Double] = [:]
  ) -> [Fix] {
    var east = 0.0
    return speeds.enumerated().map { second, speed in
      east += speed
      let position = plane.unproject(eastMeters: east, northMeters: northOffsets[second] ?? 0)
      return Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: start + Double(second)),
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees)
    }
  }

  private static func track(_ fixes: [Fix]) -> Track { Track(segments: [Segment(fixes: fixes)]) }

  @Test func aDriveHoldsItsSpeed() throws {
    let speeds = Array(repeating: 3.0, count: 60) + Array(repeating: 25, count: 120)
    let held = try #require(HeldSpeed.metersPerSecond(of: Self.track(Self.fixes(speeds: speeds))))
    #expect(abs(held - 25) < 0.1)
  }

  @Test func aSpikeAJumpBackAndAnExcursionHoldNothing() throws {
    // A run at 4 m/s with a fix 1 km off, and twenty fixes 300 m off the track.
    var offsets: [Int: Double] = [200: 1_000]
    for second in 400..<420 { offsets[second] = 300 }
    let fixes = Self.fixes(speeds: Array(repeating: 4, count: 600), northOffsets: offsets)
    let held = try #require(HeldSpeed.metersPerSecond(of: Self.track(fixes)))
    #expect(abs(held - 4) < 0.1)
  }

  @Test func aBurstShorterThanTheHoldIsNotHeld() throws {
    // A receiver dead-reckoning 40 m/s for 20 s, as in a speed-sailing log of shared/data.
    let speeds =
      Array(repeating: 4.0, count: 100) + Array(repeating: 40, count: 20)
      + Array(repeating: 4, count: 100)
    let held = try #require(HeldSpeed.metersPerSecond(of: Self.track(Self.fixes(speeds: speeds))))
    #expect(held < 12)
  }

  @Test func aHoldNeedsTimedFixesWithoutAGap() {
    // 25 m/s in runs of 20 s, a minute apart: none lasts the hold.
    let pieces = (0..<5).flatMap { piece in
      Self.fixes(speeds: Array(repeating: 25, count: 20), start: Double(piece) * 80)
    }
    #expect(HeldSpeed.metersPerSecond(of: Self.track(pieces)) == nil)
    let untimed = Self.fixes(speeds: Array(repeating: 25, count: 100)).map {
      var fix = $0
      fix.timestamp = nil
      return fix
    }
    #expect(HeldSpeed.metersPerSecond(of: Self.track(untimed)) == nil)
    #expect(HeldSpeed.metersPerSecond(of: Track()) == nil)
  }

  @Test func fixesGivenOneByOneHoldWhatTheFileHolds() throws {
    let speeds = Array(repeating: 2.0, count: 90) + Array(repeating: 15, count: 45)
    let fixes = Self.fixes(speeds: speeds)
    var live = HeldSpeed()
    var heldSoFar: [Double?] = []
    for fix in fixes {
      live.add(timeSeconds: fix.timeSeconds, coordinate: fix.coordinate)
      heldSoFar.append(live.highestMetersPerSecond)
    }
    #expect(live.highestMetersPerSecond == HeldSpeed.metersPerSecond(of: Self.track(fixes)))
    // Known once the stretch and its last chord are in: 30 s after the first fast chord
    // started, and 10 s more for that chord to end.
    let first = try #require(heldSoFar.firstIndex { ($0 ?? 0) > 12 })
    #expect(first == 127)
    // A fix whose time does not advance changes nothing.
    let before = live
    live.add(timeSeconds: fixes[50].timeSeconds, coordinate: fixes[100].coordinate)
    #expect(live == before)
  }

  @Test func theFastestSegmentCounts() throws {
    let walk = Segment(fixes: Self.fixes(speeds: Array(repeating: 1.5, count: 120)))
    let ride = Segment(fixes: Self.fixes(speeds: Array(repeating: 9, count: 120), start: 500))
    let held = try #require(HeldSpeed.metersPerSecond(of: Track(segments: [walk, ride])))
    #expect(abs(held - 9) < 0.1)
  }
}
