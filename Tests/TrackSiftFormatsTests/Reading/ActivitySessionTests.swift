import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// A file of several sessions: its track split where each begins, each session's segments.
@Suite struct ActivitySessionTests {
  /// A fix at `seconds` after the reference date, `seconds` meters east of the origin.
  private static func fix(_ seconds: Double?) -> Fix {
    Fix(
      timestamp: seconds.map { Date(timeIntervalSinceReferenceDate: $0) },
      latitudeDegrees: 52, longitudeDegrees: 21 + (seconds ?? 0) * 1e-5)
  }

  private static func totals(_ sport: String, start seconds: Double?) -> DeviceTotals {
    DeviceTotals(startTime: seconds.map { Date(timeIntervalSinceReferenceDate: $0) }, sport: sport)
  }

  private static func times(_ track: Track) -> [[Double?]] {
    track.segments.map { $0.fixes.map(\.timeSeconds) }
  }

  @Test func aSegmentIsSplitWhereTheNextSessionStarts() {
    let track = Track(
      name: "triathlon",
      segments: [
        Segment(fixes: [0, 1, 2, 3, 4].map(Self.fix)),
        Segment(fixes: [nil, nil].map(Self.fix)),
        Segment(fixes: [6, 7].map(Self.fix)),
      ])
    let sessions = [
      Self.totals("swimming", start: 1), Self.totals("cycling", start: 3),
      Self.totals("running", start: 7),
    ]
    let (split, held) = ActivitySession.split(track, atStartsOf: sessions)
    #expect(split.name == "triathlon")
    // Fix 0 comes before any start: the first session takes it. The untimed segment goes with
    // the one before it; fix 6 is still the bike's.
    #expect(Self.times(split) == [[0, 1, 2], [3, 4], [nil, nil], [6], [7]])
    #expect(held.map(\.segments) == [[0], [1, 2, 3], [4]])
    #expect(held.map(\.totals.sport) == ["swimming", "cycling", "running"])
    #expect(split.allFixes == track.allFixes)
  }

  @Test func aSessionWithoutPositionsHoldsNoSegment() {
    let track = Track(segments: [Segment(fixes: [10, 11, 12].map(Self.fix))])
    let (split, held) = ActivitySession.split(
      track, atStartsOf: [Self.totals("swimming", start: 0), Self.totals("running", start: 9)])
    #expect(Self.times(split) == [[10, 11, 12]])
    #expect(held.map(\.segments) == [[], [0]])
  }

  @Test func oneSessionOrStartsMissingOrOutOfOrderLeaveTheTrackWhole() {
    let track = Track(segments: [Segment(fixes: [0, 1, 2, 3].map(Self.fix))])
    for sessions in [
      [Self.totals("running", start: 0)],
      [Self.totals("running", start: 0), Self.totals("cycling", start: nil)],
      [Self.totals("running", start: 2), Self.totals("cycling", start: 1)],
    ] {
      let (split, held) = ActivitySession.split(track, atStartsOf: sessions)
      #expect(split == track)
      #expect(held.isEmpty)
    }
  }

  @Test func aMultisportFITFileIsReadSessionBySession() throws {
    guard sharedDataPresent else { return }
    let file = try ActivityFile.read(
      contentsOf: try sharedFile("corpus/fit/activities/activity-large-fenxi2-multisport.fit"))
    #expect(
      file.sessions.map(\.totals.sport)
        == ["generic", "transition", "running", "transition", "running", "transition", "cycling"])
    #expect(file.sessions.map(\.segments) == (0..<7).map { [$0] })
    #expect(file.track.fixCount == 24_235)
    #expect(file.deviceTotals?.sport == "multisport")
    // Each session's fixes end within its own time, as the device counted it.
    for session in file.sessions {
      let start = try #require(session.totals.startTime?.timeIntervalSinceReferenceDate)
      let elapsed = try #require(session.totals.elapsedTimeSeconds)
      let times = session.segments.flatMap {
        file.track.segments[$0].fixes.compactMap(\.timeSeconds)
      }
      #expect(times.allSatisfy { $0 <= start + elapsed + 1 })
      // The first session also takes the fixes timed before its start, as this file has.
      if session.segments != [0] { #expect(times.allSatisfy { $0 >= start }) }
    }
  }

  @Test func aTCXFileOfSeveralActivitiesHasOneSessionEach() throws {
    let document = """
      <?xml version="1.0"?>
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
       <Activities>
        <Activity Sport="Running"><Id>2024-05-01T07:00:00Z</Id>
         <Lap StartTime="2024-05-01T07:00:00Z"><Track>
          <Trackpoint><Time>2024-05-01T07:00:00Z</Time><Position><LatitudeDegrees>47.5</LatitudeDegrees><LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
          <Trackpoint><Time>2024-05-01T07:00:01Z</Time><Position><LatitudeDegrees>47.50001</LatitudeDegrees><LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
         </Track></Lap></Activity>
        <Activity Sport="Biking"><Id>2024-05-01T08:00:00Z</Id>
         <Lap StartTime="2024-05-01T08:00:00Z"><Track>
          <Trackpoint><Time>2024-05-01T08:00:00Z</Time><Position><LatitudeDegrees>47.6</LatitudeDegrees><LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
          <Trackpoint><Time>2024-05-01T08:00:01Z</Time><Position><LatitudeDegrees>47.60005</LatitudeDegrees><LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
         </Track></Lap></Activity>
       </Activities>
      </TrainingCenterDatabase>
      """
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("sessions-\(UUID().uuidString).tcx")
    try Data(document.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try ActivityFile.read(contentsOf: url)
    #expect(file.sessions.map(\.totals.sport) == ["Running", "Biking"])
    #expect(file.sessions.map(\.segments) == [[0], [1]])
    #expect(file.deviceTotals == nil)
  }
}
