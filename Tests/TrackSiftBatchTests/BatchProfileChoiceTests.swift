import Foundation
import Testing
import TrackSift
import TrackSiftFormats

@testable import TrackSiftBatch

/// A batch measures every file with one profile unless told to take each file's own, and never
/// silently: a file that holds a speed its profile refuses says so in its row.
@Suite struct BatchProfileChoiceTests {
  /// Two minutes at 25 m/s, one fix a second: no runner's, no walker's.
  private static let drive: Track = {
    let plane = LocalTangentPlane(origin: Coordinate(latitudeDegrees: 45, longitudeDegrees: 7))
    let fixes = (0..<120).map { second in
      let position = plane.unproject(eastMeters: 25 * Double(second), northMeters: 0)
      return Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: Double(second)),
        latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees)
    }
    return Track(segments: [Segment(fixes: fixes)])
  }()

  @Test func everyFileTakesTheBatchsProfileAndADriveIsQuestioned() {
    let choice = BatchConfiguration().profileChoice(deviceTotals: nil, track: Self.drive)
    #expect(choice.activity == .running)
    #expect(
      choice.reason
        == "the default; but the recording holds 25.0 m/s for half a minute, faster than"
        + " running accepts (12.0 m/s); fixes that fast are refused")
    let asked = BatchConfiguration(profile: .driving)
      .profileChoice(deviceTotals: nil, track: Self.drive)
    #expect(asked.activity == .driving)
    #expect(asked.reason == "--profile")
  }

  @Test func fromSportTakesTheSportThenTheProfileThenTheMotion() {
    let fromSport = BatchConfiguration(profileFromSport: true)
    let named = fromSport.profileChoice(
      deviceTotals: DeviceTotals(sport: "cycling"), track: Self.drive)
    #expect(named.activity == .cycling)
    #expect(named.reason == "the file's sport")
    let asked = BatchConfiguration(profile: .walking, profileFromSport: true)
      .profileChoice(deviceTotals: nil, track: Self.drive)
    #expect(asked.activity == .walking)
    #expect(asked.reason.hasPrefix("--profile; but the recording holds 25.0 m/s"))
    let moved = fromSport.profileChoice(deviceTotals: nil, track: Self.drive)
    #expect(moved.activity == .cycling)
    #expect(moved.reason.hasPrefix("the file names no sport; it holds 25.0 m/s"))
  }
}
