import Foundation
import Testing

@testable import TrackSift

private typealias F = GateFixtures

/// A time far from its neighbours is refused alone as `time-jump`, in batch and live, without
/// dragging the good fixes after it; gaps stay accepted.
@Suite struct TimeJumpTests {
  /// A 10-minute run at 3 m/s, one fix a second.
  static let run = (0..<600).map { F.fix(Double($0), north: 3 * Double($0)) }

  static func analysed(_ fixes: [Fix]) throws -> (TrackAnalysis, Recorder) {
    let track = Track(segments: [Segment(fixes: fixes)])
    let analysis = TrackAnalysis(track: track, profile: .running)
    let (_, recorder) = try RecordingReplay.run(
      track, configuration: RecorderConfiguration(profile: .running))
    #expect(recorder.verdictCounts == analysis.verdictCounts)
    #expect(recorder.liveMetrics.metrics == analysis.liveMetrics)
    return (analysis, recorder)
  }

  static func stamped(_ index: Int, by seconds: Double) -> [Fix] {
    var fixes = run
    fixes[index].timestamp = fixes[index].timestamp?.addingTimeInterval(seconds)
    return fixes
  }

  static func rejected(_ analysis: TrackAnalysis) -> [Int: RejectionReason] {
    var rejected: [Int: RejectionReason] = [:]
    for (index, verdict) in analysis.verdicts[0].enumerated() {
      if let reason = verdict.rejectionReason { rejected[index] = reason }
    }
    return rejected
  }

  @Test func theCleanRunIsAllAccepted() throws {
    let (analysis, _) = try Self.analysed(Self.run)
    #expect(Self.rejected(analysis).isEmpty)
    #expect(analysis.liveMetrics.elapsedTimeSeconds == 599)
  }

  @Test(arguments: [3_600.0, -3_600.0, 30, -30])
  func anIsolatedJumpIsRefusedAlone(seconds: Double) throws {
    let (clean, _) = try Self.analysed(Self.run)
    let (analysis, _) = try Self.analysed(Self.stamped(300, by: seconds))
    #expect(Self.rejected(analysis) == [300: .timeJump])
    #expect(analysis.verdictCounts[.timeJump] == 1)
    #expect(analysis.liveMetrics.elapsedTimeSeconds == 599)
    #expect(analysis.liveMetrics.timerTimeSeconds == 599)
    #expect(analysis.refinedMetrics.elapsedTimeSeconds == 599)
    // One fix fewer on a straight line: the distance is the clean run's.
    let distance = analysis.liveMetrics.distanceMeters
    #expect(abs(distance - clean.liveMetrics.distanceMeters) < 1)
    #expect(analysis.liveMetrics.kilometerSplits.count == clean.liveMetrics.kilometerSplits.count)
  }

  @Test(arguments: [-20 * 365 * 86_400.0, 365 * 86_400.0])
  func aFirstFixYearsOffIsRefused(seconds: Double) throws {
    let (analysis, _) = try Self.analysed(Self.stamped(0, by: seconds))
    #expect(Self.rejected(analysis)[0] == .timeJump)
    #expect(analysis.verdictCounts[.timeJump] == 1)
    #expect(analysis.liveMetrics.elapsedTimeSeconds == 598)
    #expect(analysis.rawMetrics.elapsedTimeSeconds.map { $0 > 86_400 } == true)
  }

  @Test(arguments: [-20 * 365 * 86_400.0, 365 * 86_400.0])
  func aLastFixYearsOffIsRefused(seconds: Double) throws {
    let (analysis, _) = try Self.analysed(Self.stamped(599, by: seconds))
    #expect(Self.rejected(analysis) == [599: .timeJump])
    #expect(analysis.liveMetrics.elapsedTimeSeconds == 598)
  }

  /// A pause of an hour (auto-pause, a tunnel): the times run on after it, so nothing jumped.
  @Test func aGapIsAccepted() throws {
    var fixes = Self.run
    for index in 300..<600 {
      fixes[index].timestamp = fixes[index].timestamp?.addingTimeInterval(3_600)
    }
    let (analysis, _) = try Self.analysed(fixes)
    #expect(analysis.verdictCounts[.timeJump] == 0)
    #expect(analysis.liveMetrics.elapsedTimeSeconds == 4_199)
  }

  /// A fix that repeats the time before it is the gate's duplicate, not a jump.
  @Test func aRepeatedTimeIsADuplicate() throws {
    var fixes = Self.run
    fixes.insert(F.fix(300, north: 900), at: 301)
    let (analysis, _) = try Self.analysed(fixes)
    #expect(Self.rejected(analysis) == [301: .duplicateTimestamp])
    #expect(analysis.liveMetrics.elapsedTimeSeconds == 599)
  }

  /// Fixes at 2 Hz stamped to the whole second: usable, every repeat refused as a duplicate.
  @Test func pairsOfTimesAreUsable() {
    let fixes = (0..<600).map { F.fix(Double($0 / 2), north: 1.5 * Double($0)) }
    let segment = Segment(fixes: fixes)
    #expect(segment.timeUsability == .usable)
    let analysis = TrackAnalysis(track: Track(segments: [segment]), profile: .running)
    #expect(analysis.verdictCounts[.duplicateTimestamp] == 300)
    #expect(analysis.liveMetrics.elapsedTimeSeconds == 299)
  }

  /// A clock that jumped back once and ran on: the times are usable, the gate judges them.
  @Test func aClockThatJumpedBackOnceIsTimed() {
    var fixes = Self.run
    for index in 300..<600 {
      fixes[index].timestamp = fixes[index].timestamp?.addingTimeInterval(-200)
    }
    let segment = Segment(fixes: fixes)
    #expect(segment.timeUsability == .usable)
    let analysis = TrackAnalysis(track: Track(segments: [segment]), profile: .running)
    #expect(analysis.segments[0].timeUsability == .usable)
    #expect(analysis.liveMetrics.elapsedTimeSeconds != nil)
  }

  /// Times in reverse order cannot drive the motion model; the analysis says why.
  @Test func reversedTimesAreSetAside() {
    let segment = Segment(fixes: Array(Self.run.reversed()))
    #expect(segment.timeUsability == .notAdvancing)
    let analysis = TrackAnalysis(track: Track(segments: [segment]), profile: .running)
    #expect(analysis.segments[0].timeUsability == .notAdvancing)
    #expect(analysis.liveMetrics.elapsedTimeSeconds == nil)
    #expect(abs(analysis.liveMetrics.distanceMeters - 1_797) < 1)
  }

  /// Live, with arrival times as gpsd gives them and the staleness check on: a fix stamped an
  /// hour ahead, or a year ahead at the end, is refused as a time jump; one stamped 20 years
  /// back arrives stale.
  @Test func liveFixesWithArrivalTimes() {
    var fixes = Self.run.map { fix in
      var fix = fix
      fix.arrivalTime = fix.timestamp?.addingTimeInterval(0.5)
      return fix
    }
    fixes[300].timestamp = fixes[300].timestamp?.addingTimeInterval(3_600)
    fixes[599].timestamp = fixes[599].timestamp?.addingTimeInterval(365 * 86_400)
    fixes[0].timestamp = fixes[0].timestamp?.addingTimeInterval(-20 * 365 * 86_400)
    var configuration = RecorderConfiguration(profile: .running)
    configuration.profile.gate.maximumFixAgeSeconds = 30
    var recorder = Recorder(configuration: configuration)
    var verdicts: [Int: Verdict] = [:]
    var events = recorder.start(at: GateFixtures.startDate)
    for fix in fixes {
      events += recorder.receive(fix, at: fix.arrivalTime ?? GateFixtures.startDate)
    }
    events += recorder.finish(at: GateFixtures.startDate.addingTimeInterval(600))
    for event in events {
      if case .fixJudged(let sequence, let verdict) = event.kind, !verdict.isAccepted {
        verdicts[sequence] = verdict
      }
    }
    #expect(
      verdicts == [0: .rejected(.stale), 300: .rejected(.timeJump), 599: .rejected(.timeJump)])
    #expect(recorder.liveMetrics.metrics.elapsedTimeSeconds == 597)
  }
}
