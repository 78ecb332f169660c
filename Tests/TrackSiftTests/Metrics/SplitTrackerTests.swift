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

  /// The splits as the totals stand: the stored array itself where nothing moved on, the
  /// partial split run on or shortened where the timer or distance did.
  @Test func thePartialSplitRunsToTheTotalsAsTheyStand() {
    var tracker = SplitTracker(unit: .kilometer)
    tracker.advance(distanceMeters: 0, timerSeconds: 0, movingSeconds: 0)
    // The line at 1,000 m is crossed at 250 s of timer and 237.5 s of moving time.
    tracker.advance(distanceMeters: 1_600, timerSeconds: 400, movingSeconds: 380)
    let stored = tracker.splitsIncludingPartial
    #expect(
      tracker.splitsIncludingPartial(distanceMeters: 1_600, timerSeconds: 400, movingSeconds: 380)
        == stored)
    let later = tracker.splitsIncludingPartial(
      distanceMeters: 1_600, timerSeconds: 460, movingSeconds: 380)
    #expect(later.count == 2 && later[0] == stored[0])
    #expect(later[1].endTimerSeconds == 460 && later[1].durationSeconds == 210)
    #expect(stored[1].movingSeconds == 142.5)
    let shorter = tracker.splitsIncludingPartial(
      distanceMeters: 1_590, timerSeconds: 400, movingSeconds: 375)
    #expect(abs(shorter[1].distanceMeters - 590) < 1e-9)
    #expect(shorter[1].movingSeconds == 137.5)
    // Taken back to the line: no partial split; past a line not yet advanced over: as stored.
    #expect(
      tracker.splitsIncludingPartial(distanceMeters: 1_000.2, timerSeconds: 400, movingSeconds: nil)
        == tracker.splits)
    #expect(
      tracker.splitsIncludingPartial(distanceMeters: 2_100, timerSeconds: 500, movingSeconds: nil)
        == stored)
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
