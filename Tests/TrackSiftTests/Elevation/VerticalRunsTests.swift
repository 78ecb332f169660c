import Testing

@testable import TrackSift

/// The forward pass on the plainest filter there is: the state is the last altitude measured,
/// predicted unchanged, with a spread of 1 m.
struct VerticalRunsTests {
  private struct Sample {
    var timeSeconds: Double
    var altitudeMeters: Double
  }

  private static func filtered(_ samples: [(Double, Double)]) -> (
    records: [VerticalRuns.Record<Double>], runStarts: Set<Int>
  ) {
    VerticalRuns.filtered(
      samples.map { Sample(timeSeconds: $0.0, altitudeMeters: $0.1) },
      spikes: VerticalSmoother.Configuration(),
      judged: {
        VerticalRuns.Judged(
          timeSeconds: $0.timeSeconds, altitudeMeters: $0.altitudeMeters, sigmaMeters: 0.2)
      },
      start: { $0.altitudeMeters }, predict: { _, _, _ in },
      innovation: { (abs($1.altitudeMeters - $0), 1) },
      update: { $0 = $1.altitudeMeters })
  }

  /// A sample 100 m off in one second (beyond 5 spreads and 55 m/s) is left out, the state
  /// stays where it was, and the next sample is measured again.
  @Test func aSpikeIsNotMeasured() {
    let result = Self.filtered([(0, 10), (1, 11), (2, 111), (3, 12)])
    #expect(result.records.map(\.isMeasured) == [true, true, false, true])
    #expect(result.records.map(\.state) == [10, 11, 11, 12])
    #expect(result.runStarts == [0])
  }

  /// Three spikes in a row mean the altitude moved for good: the fourth sample starts a run.
  @Test func threeSpikesInARowStartARun() {
    let result = Self.filtered([(0, 10), (1, 200), (2, 201), (3, 202), (4, 203), (5, 204)])
    #expect(result.records.map(\.isMeasured) == [true, false, false, false, true, true])
    #expect(result.runStarts == [0, 4])
    #expect(result.records.map(\.startsRun) == [true, false, false, false, true, false])
    #expect(result.records.last?.state == 204)
  }

  /// A glitch that arrives slowly enough to pass the spike rule and returns as a jump (a fenix
  /// 2's start) is left out whole: the run goes on from the altitude before it, and no run
  /// restarts at its return.
  @Test func anOutAndBackIsLeftOutWithoutARestart() {
    let result = Self.filtered([
      (0, 55.0), (2, 142.4), (3, 142.4), (4, 142.4), (5, 56.0), (6, 56.2), (7, 56.2),
    ])
    #expect(result.records.map(\.isMeasured) == [true, false, false, false, true, true, true])
    #expect(result.runStarts == [0])
    #expect(result.records.map(\.state) == [55.0, 55.0, 55.0, 55.0, 56.0, 56.2, 56.2])
  }

  /// A sample not later than the one before starts a run, whatever its altitude.
  @Test func aRepeatedTimeStartsARun() {
    let result = Self.filtered([(0, 10), (1, 11), (1, 500), (2, 501)])
    #expect(result.runStarts == [0, 2])
    #expect(result.records.map(\.state) == [10, 11, 500, 501])
  }

  @Test func nothingGivesNothing() {
    let result = Self.filtered([])
    #expect(result.records.isEmpty)
    #expect(result.runStarts.isEmpty)
  }
}
