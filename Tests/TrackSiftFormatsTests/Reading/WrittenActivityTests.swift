import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// A written file names the sport each part was measured as, and reading it back measures each
/// part with the same profile: a GPX track's `type`, a TCX activity's `Sport`, a FIT session's
/// `sport`, one per session of a multisport recording.
@Suite struct WrittenActivityTests {
  /// A segment of `count` fixes a second apart from `start`, going north at `metersPerSecond`.
  private static func segment(
    start: Double, count: Int, metersPerSecond: Double = 3, latitude: Double = 47.5
  ) -> Segment {
    Segment(
      fixes: (0..<count).map { second in
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: start + Double(second)),
          latitudeDegrees: latitude + Double(second) * metersPerSecond / 111_195,
          longitudeDegrees: 8.5)
      })
  }

  /// A run, then a ride, in three segments (the run paused once).
  private static let triathlon = Track(
    name: "brick",
    segments: [
      segment(start: 0, count: 60), segment(start: 100, count: 60),
      segment(start: 400, count: 60, metersPerSecond: 9, latitude: 47.6),
    ])

  private static let runThenRide = [
    ActivitySession(totals: DeviceTotals(sport: "running"), segments: [0, 1]),
    ActivitySession(totals: DeviceTotals(sport: "cycling"), segments: [2]),
  ]

  private static func read(_ text: String, name: String) throws -> ActivityFile {
    try ActivityFile.read(data: Data(text.utf8), name: name)
  }

  @Test func aGPXTracksTypeIsReadAndWrittenBack() throws {
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1">
       <trk><name>Morning Walk</name><desc>by the sea</desc>
        <link href="https://example.org/a"><text>A</text></link><type>walking</type>
        <trkseg><trkpt lat="47.5" lon="8.5"><time>2024-05-01T07:00:00Z</time></trkpt>
        <trkpt lat="47.50001" lon="8.5"><time>2024-05-01T07:00:01Z</time></trkpt></trkseg>
       </trk>
      </gpx>
      """
    let document = try GPXReader.read(data: Data(text.utf8))
    let details = GPXDocument.TrackDetails(
      description: "by the sea", links: [ActivityLink(href: "https://example.org/a", text: "A")],
      type: "walking")
    #expect(document.trackDetails == [0: details])
    #expect(try GPXReader.read(data: GPXWriter.data(from: document)).trackDetails == [0: details])
    let file = try Self.read(text, name: "walk.gpx")
    #expect(file.sport == "walking")
    #expect(file.sessions.isEmpty)
    #expect(ProfileChoice(option: nil, file: file).activity == .walking)
    // A `type` under a route or a point is not the track's.
    let elsewhere = text.replacingOccurrences(of: "<type>walking</type>", with: "")
      .replacingOccurrences(of: "<time>2024-05-01T07:00:00Z</time>", with: "<type>x</type>")
    #expect(try Self.read(elsewhere, name: "walk.gpx").sport == nil)
  }

  @Test func gpxTracksOfDifferentTypesAreSessions() throws {
    let document = GPXDocument(
      creator: "TrackSift", name: "brick",
      activities: [
        WrittenActivity(
          sport: "running", track: Track(segments: Array(Self.triathlon.segments[0...1]))),
        WrittenActivity(sport: "cycling", track: Track(segments: [Self.triathlon.segments[2]])),
      ])
    let file = try Self.read(GPXWriter.string(from: document), name: "brick.gpx")
    #expect(file.sessions == Self.runThenRide)
    #expect(file.sport == nil)
    let choice = ProfileChoice(option: nil, file: file)
    #expect(choice.sessions.map(\.profile) == [.running, .cycling])
    // Several tracks of one type are one activity of that sport.
    let same = GPXDocument(
      creator: "TrackSift", name: nil,
      activities: Self.triathlon.segments.map {
        WrittenActivity(sport: "cycling", track: Track(segments: [$0]))
      })
    let sameFile = try Self.read(GPXWriter.string(from: same), name: "rides.gpx")
    #expect(sameFile.sessions.isEmpty)
    #expect(sameFile.sport == "cycling")
    // Types of one profile, or of none, are one activity: `Ride` and `cycling`, or junk.
    for types in [["Ride", "cycling", "bike"], ["jkljkl", "...", nil]] {
      var mixed = same
      mixed.trackDetails = [:]
      for (index, type) in types.enumerated() where type != nil {
        mixed.trackDetails[index] = GPXDocument.TrackDetails(type: type)
      }
      let file = try Self.read(GPXWriter.string(from: mixed), name: "mixed.gpx")
      #expect(file.sessions.isEmpty, "\(types)")
      #expect(file.sport == (types[0] == "Ride" ? "Ride" : nil))
    }
  }

  @Test func sportsAreNamedAsFITTCXAndGPXWritersNameThem() {
    let names: [String: ActivityKind?] = [
      "running": .running, "Run": .running, "trail_running": .running, "Biking": .cycling,
      "Ride": .cycling, "bike": .cycling, "e_biking": .cycling, "hiking": .walking,
      "Walk": .walking, "hike": .walking, "driving": .driving, "Other": nil, "swimming": nil,
      "9": nil,
    ]
    for (name, kind) in names { #expect(ActivityKind(sport: name) == kind, "\(name)") }
  }

  @Test func aSportNameIsMadeSafeToShow() throws {
    let hostile = "\u{1B}[31mRED\u{202E}\n " + String(repeating: "x", count: 5_000)
    let name = try #require(UntrustedText.sportName(hostile))
    #expect(name.hasPrefix("[31mRED  x"))
    #expect(name.unicodeScalars.count == UntrustedText.maximumSportNameLength)
    #expect(UntrustedText.sportName(" \u{7}\t ") == nil)
    #expect(UntrustedText.sportName("  Trail Run ") == "Trail Run")
    // As a GPX track's type and a TCX activity's Sport.
    let gpx = """
      <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>\u{1B}[2Jwalk</type>
      <trkseg><trkpt lat="47.5" lon="8.5"/></trkseg></trk></gpx>
      """
    #expect(try Self.read(gpx, name: "t.gpx").sport == "[2Jwalk")
    let tcx = TCXWriter.string(from: Self.triathlon).replacingOccurrences(
      of: "Sport=\"Other\"", with: "Sport=\"\u{1B}[31mRed\"")
    #expect(try Self.read(tcx, name: "t.tcx").sport == "[31mRed")
  }

  @Test func theWrittenSportIsTheOneMeasured() {
    let walk = Track(segments: [Self.segment(start: 0, count: 120, metersPerSecond: 1.3)])
    let drive = Track(segments: [Self.segment(start: 0, count: 120, metersPerSecond: 45)])
    // Asked for, named by the file (as it names it), or chosen by the motion.
    #expect(
      ProfileChoice(option: .walking, deviceTotals: nil, track: walk).writtenSport == "walking")
    #expect(
      ProfileChoice(option: nil, deviceTotals: DeviceTotals(sport: "hiking"), track: walk)
        .writtenSport == "hiking")
    #expect(ProfileChoice(option: nil, deviceTotals: nil, track: drive).writtenSport == "driving")
    // A sport without a profile stays the file's; the default alone names nothing.
    #expect(
      ProfileChoice(option: nil, deviceTotals: DeviceTotals(sport: "swimming"), track: walk)
        .writtenSport == "swimming")
    #expect(ProfileChoice(option: nil, deviceTotals: nil, track: walk).writtenSport == nil)
  }

  @Test func eachSessionIsWrittenWithItsSport() {
    let choice = ProfileChoice(
      option: nil, deviceTotals: DeviceTotals(sport: "multisport"), track: Self.triathlon,
      sessions: Self.runThenRide)
    #expect(choice.writtenSport == nil)
    let written = choice.writtenActivities(of: Self.triathlon)
    #expect(written.map(\.sport) == ["running", "cycling"])
    #expect(
      written.map(\.track.segments) == [
        Array(Self.triathlon.segments[0...1]), [Self.triathlon.segments[2]],
      ])
    // A cleaned track: its segments come from the file's; one source may give two, and a
    // segment of unknown source stays with the one before it.
    let cleaned = Track(segments: [0, 2, 0, 1, 2].map { Self.triathlon.segments[$0] })
    let parts = choice.writtenActivities(of: cleaned, sourceSegments: [0, 2, 2, 9])
    #expect(parts.map(\.sport) == ["running", "cycling"])
    #expect(parts.map(\.track.segments.count) == [1, 4])
    #expect(parts.flatMap(\.track.segments) == cleaned.segments)
    // A file of one activity is written whole.
    let single = ProfileChoice(option: .cycling, deviceTotals: nil, track: Self.triathlon)
    #expect(
      single.writtenActivities(of: Self.triathlon) == [
        WrittenActivity(sport: "cycling", track: Self.triathlon)
      ])
  }

  @Test func tcxAndFITWriteOneActivityOrSessionEach() throws {
    let activities = [
      WrittenActivity(
        sport: "running", track: Track(segments: Array(Self.triathlon.segments[0...1]))),
      WrittenActivity(sport: "cycling", track: Track(segments: [Self.triathlon.segments[2]])),
      WrittenActivity(sport: "walking", track: Track(segments: [Segment(fixes: [])])),
    ]
    let tcx = try Self.read(TCXWriter.string(from: activities), name: "brick.tcx")
    // `Sport` says Running and Biking; the extension keeps a sport's own name beside it.
    #expect(tcx.sessions.map(\.totals.sport) == ["Running", "cycling"])
    #expect(TCXWriter.string(from: activities).contains("<Activity Sport=\"Biking\">"))
    #expect(tcx.sessions.map(\.segments) == [[0, 1], [2]])
    // A walk is `Other` to the schema; TrackSift's extension keeps it a walk.
    let walk = [
      WrittenActivity(sport: "walking", track: Track(segments: [Self.triathlon.segments[0]]))
    ]
    let walkText = TCXWriter.string(from: walk)
    #expect(walkText.contains("<Activity Sport=\"Other\">"))
    #expect(try Self.read(walkText, name: "walk.tcx").sport == "walking")
    let fit = try ActivityFile.read(data: FITWriter.data(from: activities), name: "brick.fit")
    #expect(fit.sessions.map(\.totals.sport) == ["running", "cycling"])
    #expect(fit.sessions.map(\.segments) == [[0, 1], [2]])
    #expect(fit.track.allFixes.map(\.timeSeconds) == Self.triathlon.allFixes.map(\.timeSeconds))
    let distances = try fit.sessions.map { try #require($0.totals.distanceMeters) }
    #expect(abs(distances[0] - 2 * 59 * 3) < 0.5)
    #expect(abs(distances[1] - 59 * 9) < 0.5)
    // TCX has three sports: a walk is Other.
    #expect(TCXWriter.sport(for: "walking") == "Other")
    #expect(TCXWriter.sport(for: "e_biking") == "Biking")
    #expect(TCXWriter.sport(for: nil) == "Other")
  }
}
