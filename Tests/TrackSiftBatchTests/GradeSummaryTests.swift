import Foundation
import Testing
import TrackSift

@testable import TrackSiftBatch

@Suite struct GradeSummaryTests {
  /// A 1 Hz run east at 3 m/s: 1,200 m up at 8 %, then 900 m down at 5 %.
  private func hillTrack(timed: Bool = true) -> Track {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    let metersPerDegree = 111_320 * cos(47.0 * .pi / 180)
    let fixes = (0...700).map { second in
      let meters = Double(second) * 3
      let altitude = meters <= 1_200 ? 300 + 0.08 * meters : 396 - 0.05 * (meters - 1_200)
      return Fix(
        timestamp: timed ? start.addingTimeInterval(Double(second)) : nil,
        latitudeDegrees: 47, longitudeDegrees: 8 + meters / metersPerDegree,
        altitudeMeters: altitude, horizontalAccuracyMeters: 4, verticalAccuracyMeters: 6)
    }
    return Track(segments: [Segment(fixes: fixes)])
  }

  private func object(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// `analyze --json` lists every window: its meters, grade and times since the first fix,
  /// as the analysis has them, and nothing else.
  @Test func analyzeJSONListsEveryWindow() throws {
    let track = hillTrack()
    let analysis = TrackAnalysis(track: track)
    let figures = try #require(analysis.grade)
    #expect(figures.windows.count >= 15)
    let summary = AnalysisSummary(
      file: "hill.gpx", track: track, analysis: analysis, gradeWindows: true)
    let grade = try #require(try object(summary.json())["grade"] as? [String: Any])
    let windows = try #require(grade["windows"] as? [[String: Any]])
    #expect(windows.count == figures.windows.count)
    let firstTime = try #require(track.segments[0].fixes[0].timeSeconds)
    for (document, window) in zip(windows, figures.windows) {
      #expect(
        Set(document.keys) == [
          "startMeters", "endMeters", "gradePercent", "startElapsedSeconds", "endElapsedSeconds",
        ])
      // Within the last digit JSONSerialization reads back.
      let close = { (key: String, value: Double) in
        abs((document[key] as? Double ?? .nan) - value) <= 1e-12 * max(1, abs(value))
      }
      #expect(close("startMeters", window.startMeters))
      #expect(close("endMeters", window.endMeters))
      #expect(close("gradePercent", window.gradePercent))
      let start = try #require(document["startElapsedSeconds"] as? Double)
      let end = try #require(document["endElapsedSeconds"] as? Double)
      #expect(abs(start - (try #require(window.startSeconds) - firstTime)) < 1e-9)
      #expect(abs(end - (try #require(window.endSeconds) - firstTime)) < 1e-9)
    }
    // Up the hill, then down it.
    let grades = windows.compactMap { $0["gradePercent"] as? Double }
    #expect(grades.contains { $0 > 5 } && grades.contains { $0 < -3 })
  }

  @Test func windowsWithoutTimesHaveNoTimes() throws {
    let track = hillTrack(timed: false)
    let analysis = TrackAnalysis(track: track)
    let summary = AnalysisSummary(
      file: "hill.gpx", track: track, analysis: analysis, gradeWindows: true)
    let grade = try #require(try object(summary.json())["grade"] as? [String: Any])
    let windows = try #require(grade["windows"] as? [[String: Any]])
    #expect(!windows.isEmpty)
    #expect(windows.allSatisfy { Set($0.keys) == ["startMeters", "endMeters", "gradePercent"] })
  }

  /// A batch row carries the grade figures without the windows.
  @Test func batchRowsLeaveTheWindowsOut() throws {
    let track = hillTrack()
    let analysis = TrackAnalysis(track: track)
    var row = BatchRow(
      file: "hill.gpx", path: "/data/hill.gpx", status: .ok, configurationHash: "0")
    row.analysis = AnalysisSummary(file: "hill.gpx", track: track, analysis: analysis)
    let line = try row.jsonLine()
    let grade = try #require(
      (try object(line)["analysis"] as? [String: Any])?["grade"] as? [String: Any])
    #expect(grade["windows"] == nil)
    #expect(grade["steepestUphillPercent"] is Double)
    #expect(!line.contains("windows"))
  }
}
