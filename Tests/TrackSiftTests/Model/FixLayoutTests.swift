import Testing

@testable import TrackSift

/// A fix stays compact: the batch analysis holds every fix of a file in memory and its stages
/// copy them, so a field added in the wrong place costs 8 bytes a fix for one byte of data.
@Suite struct FixLayoutTests {
  @Test func aFixTakesNoMoreThanBeforeItCarriedAMotion() {
    // 160 bytes before `cleanedMotion`, which fills padding after `source`; declared after
    // `sensors`, it made a fix 168.
    #expect(MemoryLayout<Fix>.stride <= 160)
  }
}
