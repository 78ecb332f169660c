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

  /// The drive as a file read, with these totals.
  private static func file(_ totals: DeviceTotals? = nil) -> ActivityFile {
    ActivityFile(track: drive, format: .gpx, deviceTotals: totals)
  }

  @Test func everyFileTakesTheBatchsProfileAndADriveIsQuestioned() {
    let choice = BatchConfiguration().profileChoice(for: Self.file())
    #expect(choice.activity == .running)
    #expect(
      choice.reason
        == "the default; but the recording holds 25.0 m/s for half a minute, faster than"
        + " running accepts (12.0 m/s); fixes that fast may be refused")
    let asked = BatchConfiguration(profile: .driving)
      .profileChoice(for: Self.file())
    #expect(asked.activity == .driving)
    #expect(asked.reason == "--profile")
  }

  @Test func fromSportTakesTheSportThenTheProfileThenTheMotion() {
    let fromSport = BatchConfiguration(profileFromSport: true)
    let named = fromSport.profileChoice(for: Self.file(DeviceTotals(sport: "cycling")))
    #expect(named.activity == .cycling)
    #expect(named.reason == "the file's sport")
    let asked = BatchConfiguration(profile: .walking, profileFromSport: true)
      .profileChoice(for: Self.file())
    #expect(asked.activity == .walking)
    #expect(asked.reason.hasPrefix("--profile; but the recording holds 25.0 m/s"))
    let moved = fromSport.profileChoice(for: Self.file())
    #expect(moved.activity == .cycling)
    #expect(moved.reason.hasPrefix("the file names no sport; it holds 25.0 m/s"))
    // A multisport file: session by session, the --profile aside, as `analyze` measures it.
    var multisport = ActivityFile(
      track: Track(segments: [Self.drive.segments[0], Self.drive.segments[0]]), format: .fit,
      deviceTotals: DeviceTotals(sport: "multisport"))
    multisport.sessions = [
      ActivitySession(totals: DeviceTotals(sport: "running"), segments: [0]),
      ActivitySession(totals: DeviceTotals(sport: "generic"), segments: [1]),
    ]
    let sessions = BatchConfiguration(profile: .walking, profileFromSport: true)
      .profileChoice(for: multisport)
    #expect(sessions.activity == .running)
    #expect(sessions.sessions.map(\.profile) == [.running, .cycling])
    #expect(BatchConfiguration().profileChoice(for: multisport).sessions.isEmpty)
  }
}
