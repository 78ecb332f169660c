import Foundation
import Testing

@testable import TrackSift

/// The lead filter gives the records a copy of the live filter would give the fixes held, and
/// says when it has parted from the live filter.
@Suite struct LeadFilterTests {
  let fixes = FilterScenario(
    legs: [(0, 12)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 3, reportsVelocity: true
  ).fixes

  /// The records a copy of `live` gives `fixes`, in order.
  func copyRecords(from live: LiveFilter, _ fixes: ArraySlice<Fix>)
    -> [KalmanRecord]
  {
    var copy = live
    return fixes.compactMap { copy.update($0).record }
  }

  func records(of lead: LeadFilter, _ limit: Int) -> [KalmanRecord] {
    var records: [KalmanRecord] = []
    lead.forEachRecord(limit) { records.append($0) }
    return records
  }

  /// The step `live` takes at `fix` when it filters the fix itself, and its state after it.
  func ownStep(of live: LiveFilter, at fix: Fix) -> (step: KalmanStep, filter: LiveFilter) {
    var own = live
    let step = own.update(fix)
    return (step, own)
  }

  @Test(arguments: [nil, 0.3])
  func followsTheLiveFilter(smoothingAccelerationNoiseMetersPerSecondSquared noise: Double?) {
    var lead = LeadFilter(LiveFilter(smoothingAccelerationNoiseMetersPerSecondSquared: noise))
    for (sequence, fix) in fixes.enumerated() { lead.append(fix, sequence: sequence) }
    for sequence in 0..<5 {
      let own = ownStep(of: lead.liveFilter, at: fixes[sequence])
      let adopted = lead.adopt(sequence)
      #expect(adopted == own.step)
      #expect(lead.liveFilter == own.filter)
      #expect(
        records(of: lead, 3)
          == copyRecords(from: lead.liveFilter, fixes[(sequence + 1)...(sequence + 3)]))
    }
  }

  @Test func partsWhereTheLiveFilterSkippedAFixAndFollowsAgainAfterARestart() {
    var lead = LeadFilter(LiveFilter())
    for (sequence, fix) in fixes.enumerated() { lead.append(fix, sequence: sequence) }
    let first = lead.adopt(0)
    #expect(first != nil)
    // The gate refused fix 1: the live filter never saw it, the lead did.
    lead.part(at: 1)
    #expect(!lead.isValid)
    let afterTheRefusal = lead.adopt(2)
    #expect(afterTheRefusal == nil)
    let own2 = ownStep(of: lead.liveFilter, at: fixes[2])
    #expect(lead.updateLive(fixes[2]) == own2.step)
    lead.restart()
    for sequence in 3..<fixes.count { lead.append(fixes[sequence], sequence: sequence) }
    #expect(records(of: lead, 3) == copyRecords(from: lead.liveFilter, fixes[3...5]))
    let own = ownStep(of: lead.liveFilter, at: fixes[3])
    let adoptedAgain = lead.adopt(3)
    #expect(adoptedAgain == own.step)
    #expect(lead.liveFilter == own.filter)
  }

  @Test func anInvalidatedLeadMatchesNothingUntilRestarted() {
    var lead = LeadFilter(LiveFilter())
    for (sequence, fix) in fixes.enumerated() { lead.append(fix, sequence: sequence) }
    lead.invalidate()
    let adopted = lead.adopt(0)
    #expect(adopted == nil)
    #expect(lead.liveFilter == LiveFilter())
    _ = lead.updateLive(fixes[0])
    lead.restart()
    #expect(lead.isValid)
    #expect(records(of: lead, 3).isEmpty)
  }

  @Test func aFixThatStartsANewRunEndsTheWindow() {
    var late = fixes[3]
    late.timestamp = fixes[2].timestamp.map { $0 + 600 }
    var lead = LeadFilter(LiveFilter())
    for (sequence, fix) in [fixes[0], fixes[1], fixes[2], late].enumerated() {
      lead.append(fix, sequence: sequence)
    }
    let adopted = lead.adopt(0)
    #expect(adopted != nil)
    #expect(records(of: lead, 3).count == 2)
  }

  /// The adopted state is read from the lead's entry until the entry's slot is reused; it
  /// outlives the lead moving its entries down (every 64 fixes) and being drained and given
  /// more, and stays what a filter of its own would be.
  @Test func theAdoptedStateOutlivesItsSlot() {
    let many = FilterScenario(
      legs: [(0, 100), (90, 100)], speedMetersPerSecond: 3, noiseMeters: 4, seed: 5,
      reportsVelocity: true
    ).fixes
    var lead = LeadFilter(LiveFilter())
    var own = LiveFilter()
    func adopt(_ sequence: Int) {
      let step = own.update(many[sequence])
      #expect(lead.adopt(sequence) == step)
      #expect(lead.liveFilter == own)
    }
    // Three fixes held ahead, as a look-ahead would.
    for (sequence, fix) in many.enumerated() {
      lead.append(fix, sequence: sequence)
      if sequence >= 3 { adopt(sequence - 3) }
    }
    for sequence in (many.count - 3)..<many.count { adopt(sequence) }
    // Drained: the next fix reuses the first slot.
    var next = many[many.count - 1]
    next.timestamp = next.timestamp.map { $0 + 1 }
    lead.append(next, sequence: many.count)
    #expect(lead.liveFilter == own)
    own = lead.liveFilter
    #expect(lead.adopt(many.count) == own.update(next))
    #expect(lead.liveFilter == own)
  }
}
