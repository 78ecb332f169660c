import Foundation
import Testing

@testable import TrackSift

@Suite struct TrackTimeOrderTests {
  /// Fixes one second apart from `start`, walking north 3 m a second from `meters` north.
  private func fixes(_ count: Int, from start: Double, meters: Double = 0) -> [Fix] {
    (0..<count).map { index in
      let north = meters + 3 * Double(index)
      return Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: start + Double(index)),
        latitudeDegrees: 50 + north / 111_195, longitudeDegrees: 8)
    }
  }

  private func times(_ track: Track) -> [[Double]] {
    track.segments.map { $0.fixes.compactMap(\.timeSeconds) }
  }

  @Test func aTrackInTimeOrderIsReturnedAsItIs() {
    let track = Track(
      segments: [Segment(fixes: fixes(10, from: 0)), Segment(fixes: fixes(10, from: 100))])
    let (ordered, change) = track.inTimeOrder()
    #expect(ordered == track)
    #expect(change.isEmpty)
    #expect(change.newSegmentIndices == [[0], [1]])
  }

  @Test func segmentsOutOfOrderArePutInOrder() {
    let early = Segment(fixes: fixes(5, from: 0))
    let late = Segment(fixes: fixes(5, from: 100))
    let (ordered, change) = Track(segments: [late, early]).inTimeOrder()
    #expect(ordered.segments == [early, late])
    #expect(change.movedSegmentCount == 2)
    #expect(change.overlappingFixCount == 0)
    #expect(change.newSegmentIndices == [[1], [0]])
  }

  @Test func aCopiedSegmentIsLeftOutWhole() {
    let segment = Segment(fixes: fixes(20, from: 0))
    let (ordered, change) = Track(segments: [segment, segment]).inTimeOrder()
    #expect(ordered.segments == [segment])
    #expect(change.overlappingFixCount == 20)
    #expect(change.movedSegmentCount == 0)
    #expect(change.newSegmentIndices == [[0], []])
  }

  @Test func anOverlapIsTrimmedFromTheLaterSegment() {
    let first = Segment(fixes: fixes(20, from: 0))
    // 10...29: the fixes up to 19 lie in the first segment's time.
    let second = Segment(fixes: fixes(20, from: 10))
    let (ordered, change) = Track(segments: [first, second]).inTimeOrder()
    let expected: [[Double]] = [Array(0..<20), Array(20..<30)].map { $0.map(Double.init) }
    #expect(times(ordered) == expected)
    #expect(change.overlappingFixCount == 10)
  }

  @Test func aPauseWhoseEndRepeatsItsStartIsNoOverlap() {
    // The second segment's first fix repeats the first's last time: the gate's to refuse.
    let track = Track(
      segments: [Segment(fixes: fixes(10, from: 0)), Segment(fixes: fixes(10, from: 9))])
    let (ordered, change) = track.inTimeOrder()
    #expect(ordered == track)
    #expect(change.isEmpty)
  }

  @Test func aClockSetBackForGoodSplitsTheSegment() {
    // Ten minutes, then the clock set back an hour (a time zone or network time correction).
    let before = fixes(600, from: 3_600)
    let after = fixes(600, from: 600, meters: 1_800)
    let (ordered, change) = Track(segments: [Segment(fixes: before + after)]).inTimeOrder()
    #expect(change.clockSetBackCount == 1)
    #expect(change.movedSegmentCount == 2)
    #expect(change.overlappingFixCount == 0)
    #expect(ordered.segments == [Segment(fixes: after), Segment(fixes: before)])
    #expect(change.newSegmentIndices == [[0, 1]])
  }

  @Test func fixesRepeatedWithinASegmentAreLeftOut() {
    let run = fixes(300, from: 0)
    let (ordered, change) = Track(segments: [Segment(fixes: run + run)]).inTimeOrder()
    #expect(ordered.segments == [Segment(fixes: run)])
    #expect(change.clockSetBackCount == 1)
    #expect(change.overlappingFixCount == 300)
  }

  @Test func aStepBackTheClockComesBackFromIsTheGates() {
    // An hour back for five fixes, then on as before; and a step back of 30 s.
    var glitch = fixes(300, from: 3_600)
    for index in 100..<105 { glitch[index].timestamp! -= 3_600 }
    var short = fixes(300, from: 0)
    for index in 200..<300 { short[index].timestamp! -= 30 }
    for fixes in [glitch, short] {
      let track = Track(segments: [Segment(fixes: fixes)])
      #expect(track.inTimeOrder().track == track)
      #expect(track.inTimeOrder().change.isEmpty)
    }
  }

  @Test func timesInReverseAreNoClockSetBack() {
    let track = Track(segments: [Segment(fixes: fixes(600, from: 0).reversed())])
    #expect(track.inTimeOrder().change.isEmpty)
  }

  @Test func aSegmentWithoutTimesLeavesTheTrackAsItIs() {
    var route = fixes(5, from: 0)
    for index in route.indices { route[index].timestamp = nil }
    let track = Track(segments: [Segment(fixes: fixes(5, from: 100)), Segment(fixes: route)])
    #expect(track.inTimeOrder().track == track)
    #expect(track.inTimeOrder().change.isEmpty)
  }

  @Test func untimedFixesBeforeTheFirstKeptFixGoWithTheOverlap() {
    var second = fixes(10, from: 5)
    second.insert(Fix(latitudeDegrees: 50, longitudeDegrees: 8), at: 0)
    let track = Track(segments: [Segment(fixes: fixes(10, from: 0)), Segment(fixes: second)])
    let (ordered, change) = track.inTimeOrder()
    // The untimed fix and 5...9 left out; 10...14 kept.
    #expect(change.overlappingFixCount == 6)
    #expect(times(ordered)[1] == [10, 11, 12, 13, 14])
  }
}
