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
        == "the file names no sport; it holds 20.0 m/s for half a minute, faster than running"
        + " accepts (12.0 m/s)")
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
        + " accepts (6.0 m/s); fixes that fast are refused")
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
}
