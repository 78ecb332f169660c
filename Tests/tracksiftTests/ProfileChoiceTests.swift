import Foundation
import Testing
import TrackSift
import TrackSiftEvaluation
import TrackSiftFormats

/// The profile a file is measured with: asked for, named by the file, else what its motion
/// allows (``HeldSpeed``).
@Suite struct ProfileChoiceTests {
  /// A track one fix a second along a line, at each given speed for its number of seconds.
  private static func track(_ legs: [(metersPerSecond: Double, seconds: Int)]) -> Track {
    let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 52, longitudeDegrees: 21))
    var east = 0.0
    var fixes: [Fix] = []
    for (speed, seconds) in legs {
      for _ in 0..<seconds {
        east += speed
        let position = plane.unproject(eastMeters: east, northMeters: 0)
        fixes.append(
          Fix(
            timestamp: Date(timeIntervalSinceReferenceDate: Double(fixes.count)),
            latitudeDegrees: position.latitudeDegrees,
            longitudeDegrees: position.longitudeDegrees))
      }
    }
    return Track(segments: [Segment(fixes: fixes)])
  }

  @Test func aRunThatNamesNoSportIsMeasuredAsARun() {
    let choice = ProfileChoice(
      option: nil, deviceTotals: nil, track: Self.track([(3, 300), (9, 25), (3, 300)]))
    #expect(choice.activity == .running)
    #expect(choice.reason == "the default; the file names no sport")
  }

  @Test func aRecordingNoRunnerCouldMakeTakesTheSlowestProfileThatFits() {
    // 20 m/s for two minutes: cycling's gate takes it (30 m/s), running's refuses it (12 m/s).
    let ride = ProfileChoice(
      option: nil, deviceTotals: nil, track: Self.track([(5, 60), (20, 120), (0, 60)]))
    #expect(ride.activity == .cycling)
    #expect(
      ride.reason
        == "the file names no sport; it holds 20.0 m/s for half a minute, faster than anyone"
        + " runs that long (10.0 m/s)")
    // 11 m/s for a minute: running's gate would take each fix, but no one runs so fast for
    // so long (the 300 m world best averages 9.74 m/s); 9.5 m/s is a sprint still.
    let fast = ProfileChoice(option: nil, deviceTotals: nil, track: Self.track([(11, 60)]))
    #expect(fast.activity == .cycling)
    let sprint = ProfileChoice(option: nil, deviceTotals: nil, track: Self.track([(9.5, 60)]))
    #expect(sprint.activity == .running)
    let motorway = ProfileChoice(
      option: nil, deviceTotals: DeviceTotals(sport: "generic"), track: Self.track([(35, 120)]))
    #expect(motorway.activity == .driving)
    #expect(
      motorway.reason
        == "the file's sport, generic, has no profile; it holds 35.0 m/s for half a minute,"
        + " faster than cycling accepts (30.0 m/s)")
  }

  @Test func aProfileAskedForOrNamedIsKeptAndQuestionedWhereTheMotionDeniesIt() {
    let drive = Self.track([(25, 120)])
    let asked = ProfileChoice(option: .walking, deviceTotals: nil, track: drive)
    #expect(asked.activity == .walking)
    #expect(
      asked.reason
        == "--profile; but the recording holds 25.0 m/s for half a minute, faster than walking"
        + " accepts (6.0 m/s); fixes that fast may be refused")
    let named = ProfileChoice(
      option: nil, deviceTotals: DeviceTotals(sport: "running"), track: drive)
    #expect(named.activity == .running)
    #expect(named.reason.hasPrefix("the file's sport; but the recording holds 25.0 m/s"))
    let fitting = ProfileChoice(option: .driving, deviceTotals: nil, track: drive)
    #expect(fitting.reason == "--profile")
  }

  @Test func withoutATrackOrATimedStretchTheDefaultStands() {
    #expect(ProfileChoice(option: nil, deviceTotals: nil).activity == .running)
    let short = ProfileChoice(option: nil, deviceTotals: nil, track: Self.track([(25, 20)]))
    #expect(short.activity == .running)
    #expect(short.reason == "the default; the file names no sport")
  }

  @Test func aMultisportFileIsMeasuredSessionBySession() {
    // A run, a ride in a session of no profile, and a run again, each its own segment.
    let whole = Self.track([(3, 600), (40, 600), (3, 300)]).segments[0].fixes
    let track = Track(
      segments: [0..<600, 600..<1200, 1200..<1500].map { Segment(fixes: Array(whole[$0])) })
    let sessions = [
      ActivitySession(totals: DeviceTotals(sport: "running"), segments: [0]),
      ActivitySession(totals: DeviceTotals(sport: "generic"), segments: [1]),
      ActivitySession(totals: DeviceTotals(sport: "swimming"), segments: []),
      ActivitySession(totals: DeviceTotals(sport: "running"), segments: [2]),
    ]
    let choice = ProfileChoice(
      option: nil, deviceTotals: DeviceTotals(sport: "multisport"), track: track,
      sessions: sessions)
    #expect(choice.activity == .running)
    #expect(choice.segmentActivities == [1: .driving])
    #expect(choice.name == "running + driving")
    #expect(choice.sessions.map(\.profile) == [.running, .driving, .running])
    #expect(
      choice.reason
        == "per session: running: running, generic: driving (it holds 40.0 m/s for half a"
        + " minute, faster than cycling accepts (30.0 m/s)), running: running")
    // The drive counts with driving's rules; running's refuse its fixes.
    let measured = choice.analysis(of: track).refinedMetrics.distanceMeters
    let asARun = TrackAnalysis(track: track, profile: .running).refinedMetrics.distanceMeters
    #expect(abs(measured - 26_657) < 0.01 * 26_657)
    #expect(asARun < 0.5 * 26_657)
    // A profile asked for serves every session.
    let asked = ProfileChoice(
      option: .running, deviceTotals: DeviceTotals(sport: "multisport"), track: track,
      sessions: sessions)
    #expect(asked.sessions.isEmpty)
    #expect(asked.segmentActivities.isEmpty)
    #expect(asked.name == "running")
    #expect(asked.reason.hasPrefix("--profile; but the recording holds 40.0 m/s"))
    // The only session with positions names the file's sport.
    let one = ProfileChoice(
      option: nil, deviceTotals: DeviceTotals(sport: "multisport"), track: track,
      sessions: [
        sessions[2], ActivitySession(totals: DeviceTotals(sport: "cycling"), segments: [0, 1, 2]),
      ])
    #expect(one.activity == .cycling)
    #expect(one.reason.hasPrefix("the file's sport; but the recording holds 40.0 m/s"))
    #expect(one.sessions.isEmpty)
  }
}
