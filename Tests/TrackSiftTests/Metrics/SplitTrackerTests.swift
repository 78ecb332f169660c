import Testing

@testable import TrackSift

@Suite struct SplitTrackerTests {
  @Test func crossingTimeIsInterpolatedBetweenSamples() {
    var tracker = SplitTracker(unit: .kilometer)
    #expect(tracker.advance(distanceMeters: 990, timerSeconds: 297).isEmpty)
    let completed = tracker.advance(distanceMeters: 1_010, timerSeconds: 307)
    #expect(completed.count == 1)
    #expect(abs(completed[0].endTimerSeconds - 302) < 1e-9)
    #expect(abs(completed[0].durationSeconds - 302) < 1e-9)
    #expect(completed[0].paceSecondsPerKilometer.map { abs($0 - 302) < 1e-9 } == true)
  }

  @Test func oneLongStepCompletesSeveralSplits() {
    var tracker = SplitTracker(unit: .kilometer)
    tracker.advance(distanceMeters: 0, timerSeconds: 0)
    let completed = tracker.advance(distanceMeters: 3_500, timerSeconds: 700)
    #expect(completed.map(\.number) == [1, 2, 3])
    #expect(completed.map(\.durationSeconds) == [200, 200, 200])
    let all = tracker.splitsIncludingPartial
    #expect(all.count == 4)
    #expect(all[3].isPartial && abs(all[3].distanceMeters - 500) < 1e-9)
    #expect(abs(all[3].durationSeconds - 100) < 1e-9)
  }

  @Test func mileSplitsUseTheStatuteMile() {
    var tracker = SplitTracker(unit: .mile)
    tracker.advance(distanceMeters: 1_609.344 * 2, timerSeconds: 960)
    #expect(tracker.splits.count == 2)
    #expect(abs(tracker.splits[0].endTimerSeconds - 480) < 1e-9)
  }

  @Test func nonFiniteAndShrinkingDistancesAreIgnored() {
    var tracker = SplitTracker(unit: .kilometer)
    tracker.advance(distanceMeters: .nan, timerSeconds: 10)
    tracker.advance(distanceMeters: 500, timerSeconds: 100)
    tracker.advance(distanceMeters: 400, timerSeconds: 120)
    tracker.advance(distanceMeters: .infinity, timerSeconds: 130)
    #expect(tracker.splits.isEmpty)
    #expect(tracker.splitsIncludingPartial.count == 1)
  }

  @Test func thePartialSplitFollowsEveryAdvance() {
    var tracker = SplitTracker(unit: .kilometer)
    #expect(tracker.splitsIncludingPartial.isEmpty)
    tracker.advance(distanceMeters: 600, timerSeconds: 200)
    #expect(tracker.splitsIncludingPartial.map(\.distanceMeters) == [600])
    // Standing with the timer running: the partial split's time grows, its distance not.
    tracker.advance(distanceMeters: 600, timerSeconds: 260)
    #expect(tracker.splitsIncludingPartial.map(\.durationSeconds) == [260])
    // The line crossed: the partial split becomes the completed one, and a new one starts.
    tracker.advance(distanceMeters: 1_200, timerSeconds: 400)
    let all = tracker.splitsIncludingPartial
    #expect(all.map(\.isPartial) == [false, true])
    #expect(all[0] == tracker.splits[0])
    #expect(abs(all[1].distanceMeters - 200) < 1e-9)
    // Exactly on a line: no partial split of nothing.
    tracker.advance(distanceMeters: 2_000, timerSeconds: 600)
    #expect(tracker.splitsIncludingPartial == tracker.splits)
  }
}
