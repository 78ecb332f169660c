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
    var live = LiveFilter(smoothingAccelerationNoiseMetersPerSecondSquared: noise)
    var lead = LeadFilter(live)
    for (sequence, fix) in fixes.enumerated() { lead.append(fix, sequence: sequence) }
    for sequence in 0..<5 {
      let own = ownStep(of: live, at: fixes[sequence])
      let adopted = lead.adopt(sequence, into: &live)
      #expect(adopted == own.step)
      #expect(live == own.filter)
      #expect(
        records(of: lead, 3) == copyRecords(from: live, fixes[(sequence + 1)...(sequence + 3)]))
    }
  }

  @Test func partsWhereTheLiveFilterSkippedAFixAndFollowsAgainAfterARestart() {
    var lead = LeadFilter(LiveFilter())
    var live = LiveFilter()
    for (sequence, fix) in fixes.enumerated() { lead.append(fix, sequence: sequence) }
    let first = lead.adopt(0, into: &live)
    #expect(first != nil)
    // The gate refused fix 1: the live filter never saw it, the lead did.
    lead.part(at: 1)
    #expect(!lead.isValid)
    let afterTheRefusal = lead.adopt(2, into: &live)
    #expect(afterTheRefusal == nil)
    _ = live.update(fixes[2])
    lead.restart(from: live)
    for sequence in 3..<fixes.count { lead.append(fixes[sequence], sequence: sequence) }
    #expect(records(of: lead, 3) == copyRecords(from: live, fixes[3...5]))
    let own = ownStep(of: live, at: fixes[3])
    let adoptedAgain = lead.adopt(3, into: &live)
    #expect(adoptedAgain == own.step)
    #expect(live == own.filter)
  }

  @Test func anInvalidatedLeadMatchesNothingUntilRestarted() {
    var lead = LeadFilter(LiveFilter())
    var live = LiveFilter()
    for (sequence, fix) in fixes.enumerated() { lead.append(fix, sequence: sequence) }
    lead.invalidate()
    let adopted = lead.adopt(0, into: &live)
    #expect(adopted == nil)
    #expect(live == LiveFilter())
    _ = live.update(fixes[0])
    lead.restart(from: live)
    #expect(lead.isValid)
    #expect(records(of: lead, 3).isEmpty)
  }

  @Test func aFixThatStartsANewRunEndsTheWindow() {
    var late = fixes[3]
    late.timestamp = fixes[2].timestamp.map { $0 + 600 }
    var lead = LeadFilter(LiveFilter())
    var live = LiveFilter()
    for (sequence, fix) in [fixes[0], fixes[1], fixes[2], late].enumerated() {
      lead.append(fix, sequence: sequence)
    }
    let adopted = lead.adopt(0, into: &live)
    #expect(adopted != nil)
    #expect(records(of: lead, 3).count == 2)
  }
}
