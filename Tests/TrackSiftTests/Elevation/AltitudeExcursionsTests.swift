import Testing

@testable import TrackSift

/// Out-and-back glitches found with the whole record known, on the plainest rule: a step is
/// a jump beyond 55 m/s, and times must increase.
struct AltitudeExcursionsTests {
  private static func flags(_ samples: [(time: Double, altitude: Double)]) -> [Bool] {
    AltitudeExcursions<Int>.flags(
      count: samples.count, altitude: { samples[$0].altitude },
      isJump: { start, end in
        let seconds = samples[end].time - samples[start].time
        guard seconds > 0 else { return nil }
        return abs(samples[end].altitude - samples[start].altitude) > 55 * seconds
      })
  }

  /// A fenix 2's start: 55.0 m, 142.4 m three times from two seconds later (44 m/s, which a
  /// body may do by the jump rule), then 56 m a second after (86 m/s, which none does). The
  /// three samples are the glitch, not the record around them.
  @Test func aGlitchThatArrivesSlowlyAndReturnsFastIsDropped() {
    let samples: [(Double, Double)] = [
      (0, 55.0), (2, 142.4), (3, 142.4), (4, 142.4), (5, 56.0), (6, 56.2), (7, 56.2), (8, 56.0),
    ]
    #expect(Self.flags(samples) == [false, true, true, true, false, false, false, false])
  }

  /// The same out-and-back leaving fast and coming back slowly is dropped too.
  @Test func aGlitchThatLeavesFastIsDropped() {
    let samples: [(Double, Double)] = [(0, 10), (1, 200), (2, 201), (30, 11), (31, 11)]
    #expect(Self.flags(samples) == [false, true, true, false, false])
  }

  /// A lasting step is no out-and-back, however fast: the record after it stays away.
  @Test func aLastingStepIsKept() {
    let samples: [(Double, Double)] = (0..<10).map { (Double($0), $0 < 4 ? 10 : 200) }
    #expect(!Self.flags(samples).contains(true))
  }

  /// An out-and-back no faster than a body climbs (a hill crossed) is kept.
  @Test func aSlowOutAndBackIsKept() {
    let samples: [(Double, Double)] = [(0, 10), (10, 100), (20, 105), (30, 10), (40, 10)]
    #expect(!Self.flags(samples).contains(true))
  }

  /// Four samples away are more than a glitch: the rule stops at three.
  @Test func fourSamplesAwayAreKept() {
    let samples: [(Double, Double)] = [
      (0, 10), (1, 200), (2, 200), (3, 200), (4, 200), (5, 10), (6, 10),
    ]
    #expect(!Self.flags(samples).contains(true))
  }

  /// A single spike is the shortest out-and-back, and the first and last samples are never
  /// flagged (nothing on one side of them says what they were).
  @Test func aSingleSpikeAndTheEnds() {
    #expect(Self.flags([(0, 10), (1, 300), (2, 10), (3, 10)]) == [false, true, false, false])
    #expect(!Self.flags([(0, 300), (1, 10), (2, 10)]).contains(true))
    #expect(!Self.flags([(0, 10), (1, 10), (2, 300)]).contains(true))
  }

  /// Times that do not increase say nothing of speed: no out-and-back spans them.
  @Test func repeatedTimesAreNeverJudged() {
    #expect(!Self.flags([(0, 10), (0, 300), (0, 10), (1, 10)]).contains(true))
  }

  /// Held as they arrive: a sample that does not leave the one before passes straight
  /// through; once one leaves, samples wait until an out-and-back is found or three more have
  /// come, and then the calm ones after it go at once; a flush lets the rest through in order.
  @Test func samplesAreHeldOnlyOnceOneLeaves() {
    let altitudes = [10.0, 10.5, 300, 11, 11.5, 400, 401, 402, 403, 403.5]
    var excursions = AltitudeExcursions<Int>()
    var passed: [Int] = []
    var dropped: [Int] = []
    for index in altitudes.indices {
      let straight = excursions.add(
        index, altitude: { altitudes[$0] },
        isJump: { abs(altitudes[$1] - altitudes[$0]) > 55 * Double($1 - $0) },
        mayLeave: { abs(altitudes[$1] - altitudes[$0]) >= 2 })
      passed += straight ? [index] : excursions.released
      dropped += excursions.dropped
    }
    #expect(passed == [0, 1, 3, 4, 5, 6, 7, 8, 9])
    #expect(dropped == [2])
    #expect(
      excursions.add(
        10, altitude: { _ in 500 }, isJump: { _, _ in false }, mayLeave: { _, _ in true }) == false)
    excursions.flush()
    #expect(excursions.released == [10])
  }
}
