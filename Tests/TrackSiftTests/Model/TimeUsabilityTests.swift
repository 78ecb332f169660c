import Testing

@testable import TrackSift

@Suite struct TimeUsabilityTests {
  @Test func verdicts() {
    let ramp = (0..<100).map { Double($0) }
    #expect(TimeUsability(times: ramp) == .usable)
    #expect(TimeUsability(times: [5.0]) == .usable)
    #expect(TimeUsability(times: [Double?](repeating: nil, count: 10)) == .noTimes)
    #expect(TimeUsability(times: [1, 2, nil, nil, nil]) == .fewTimes)
    #expect(TimeUsability(times: [Double](repeating: 7, count: 10)) == .allAlike)
    #expect(TimeUsability(times: ramp.reversed()) == .notAdvancing)
    // Whole minutes for fixes a second apart.
    #expect(TimeUsability(times: ramp.map { ($0 / 60).rounded(.down) }) == .tooCoarse)
    // Isolated glitches: one jump ahead, one back, a repeat.
    var glitched = ramp
    glitched[20] += 3_600
    glitched[50] -= 3_600
    glitched[70] = glitched[69]
    #expect(TimeUsability(times: glitched) == .usable)
  }
}
