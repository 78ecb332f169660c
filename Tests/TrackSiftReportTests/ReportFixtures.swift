import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation

@testable import TrackSiftReport

/// Activities the report tests draw.
enum ReportFixtures {
  /// A simulated run of `seconds` at 1 Hz, analysed.
  static func simulatedRun(seconds: Int = 1_200, seed: UInt64 = 3, title: String = "run.gpx")
    -> ReportedActivity
  {
    let track = ScenarioSimulator(
      configuration: ScenarioConfiguration(durationSeconds: seconds, seed: seed)
    ).run().track
    return ReportedActivity(
      title: title, track: track, analysis: TrackAnalysis(track: track), profileName: "running")
  }

  /// A simulated run over the hill route (2 km over a hill, a barometric watch), analysed.
  static func hillRun(seconds: Int = 1_200) -> ReportedActivity {
    let track = ScenarioSimulator(
      configuration: ScenarioConfiguration(
        device: .watch, route: .hill, durationSeconds: seconds, seed: 7)
    ).run().track
    return ReportedActivity(
      title: "hill.gpx", track: track, analysis: TrackAnalysis(track: track),
      profileName: "running")
  }

  /// `activity` analysed again with every altitude of its fixes removed.
  static func withoutAltitudes(_ activity: ReportedActivity) -> ReportedActivity {
    var track = activity.track
    for segment in track.segments.indices {
      for fix in track.segments[segment].fixes.indices {
        track.segments[segment].fixes[fix].altitudeMeters = nil
      }
    }
    var flat = activity
    flat.track = track
    flat.analysis = TrackAnalysis(track: track)
    return flat
  }

  /// Strings that would run script or disguise text if a page let them through.
  static let payloads = [
    "<script>document.body.setAttribute('data-xss','script')</script>",
    "<img src=x onerror=\"document.body.setAttribute('data-xss','img')\">",
    "\" onmouseover=\"document.body.setAttribute('data-xss','attr')\" x=\"",
    "</script><script>document.body.setAttribute('data-xss','close')</script>",
    "<svg onload=\"document.body.setAttribute('data-xss','svg')\">",
    "javascript:document.body.setAttribute('data-xss','link')",
    "evil\u{202E}gpj.exe\u{2028}\u{0}\u{1B}[31m",
  ]

  /// A run whose every file string carries a payload.
  static func hostileRun() -> ReportedActivity {
    var activity = simulatedRun(seconds: 300, title: payloads[0] + ".gpx")
    activity.readerNotes = payloads
    activity.metadata = ActivityMetadata(
      name: payloads[1], description: payloads[2], creator: payloads[3],
      deviceNames: [payloads[4]],
      links: [
        ActivityLink(href: payloads[5], text: payloads[0]),
        ActivityLink(href: "https://example.org/\"onmouseover=\"x", text: payloads[1]),
      ],
      trackNames: payloads,
      waypoints: [
        ActivityWaypoint(
          name: payloads[4], description: payloads[6],
          coordinate: Coordinate(latitudeDegrees: 47.6, longitudeDegrees: -122.3))
      ])
    return activity
  }
}
