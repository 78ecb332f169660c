import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

@testable import TrackSiftReport

@Suite struct ActivityReportTests {
  @Test func pageIsSelfContainedAndForbidsEveryRequest() throws {
    let html = ActivityReport(activities: [ReportFixtures.simulatedRun()]).html()
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(
      html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
    // No script runs: the only script element is the JSON data block.
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(html.contains("<script type=\"application/json\" id=\"tracksift-data\">"))
    // Nothing refers outside the page: no src, no url() but to the page's own clip paths.
    #expect(!html.contains(" src="))
    #expect(!html.contains("@import"))
    let urls = html.components(separatedBy: "url(").dropFirst().map { $0.prefix(1) }
    #expect(urls.allSatisfy { $0 == "#" })
  }

  @Test func drawsMapChartsAndTablesWithTheirCounts() throws {
    let activity = ReportFixtures.simulatedRun()
    let html = ActivityReport(activities: [activity]).html()
    #expect(html.contains("<svg id=\"map\""))
    for chart in ["speed", "elevation", "accuracy"] {
      #expect(html.contains("id=\"chart-\(chart)-distance\""))
      #expect(html.contains("id=\"chart-\(chart)-time\""))
    }
    // One marked fix per refusal (fewer than the thinning limit here).
    let refused = activity.analysis.verdictCounts.rejectedCount
    #expect(refused > 0)
    #expect(html.components(separatedBy: "class=\"refused reason-").count - 1 == refused)
    let splits = activity.analysis.refinedMetrics.kilometerSplits.count
    let splitTable = try #require(html.range(of: "<table class=\"splits\">"))
    let splitRows =
      html[splitTable.lowerBound...].prefix { _ in true }
      .components(separatedBy: "</table>")[0].components(separatedBy: "<tr>").count - 2
    #expect(splitRows == splits)
    #expect(html.contains("refused: \(activity.analysis.verdictCounts.rejections[0].reason.code)"))
  }

  @Test func embeddedFiguresAreTheAnalysisFigures() throws {
    let activity = ReportFixtures.simulatedRun()
    let html = ActivityReport(activities: [activity]).html()
    let start = try #require(html.range(of: "id=\"tracksift-data\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = try JSONSerialization.jsonObject(
      with: Data(html[start.upperBound..<end.lowerBound].utf8))
    let activities = try #require((json as? [String: Any])?["activities"] as? [[String: Any]])
    let refined = try #require(activities.first?["refined"] as? [String: Any])
    #expect(refined["distanceMeters"] as? Double == activity.analysis.refinedMetrics.distanceMeters)
  }

  @Test func severalActivitiesShareOneMapEachInItsColour() {
    let html = ActivityReport(activities: [
      ReportFixtures.simulatedRun(seed: 3, title: "watch.fit"),
      ReportFixtures.simulatedRun(seed: 4, title: "phone.gpx"),
    ]).html()
    #expect(html.components(separatedBy: "<svg id=\"map\"").count == 2)
    #expect(html.contains("class=\"route route-0\"") && html.contains("class=\"route route-1\""))
    #expect(html.contains("line activity-1"))
    #expect(html.contains("<section class=\"card card-1\"><h3>phone.gpx</h3>"))
  }

  @Test func hostileStringsAreTextOnly() {
    let html = ActivityReport(activities: [ReportFixtures.hostileRun()]).html()
    #expect(!html.contains("<script>document"))
    #expect(!html.contains("<img"))
    #expect(!html.contains("<svg onload"))
    #expect(!html.contains("onerror=\""))
    #expect(!html.contains("onmouseover=\""))
    #expect(!html.contains("href=\"javascript"))
    #expect(!html.contains("\u{202E}") && !html.contains("\u{2028}") && !html.contains("\u{1B}"))
    #expect(
      html.contains("&lt;script&gt;document.body.setAttribute(&#39;data-xss&#39;,&#39;script&#39;)")
    )
  }

  @Test func aMultisportFileTablesEachSession() throws {
    // A run, then a ride, written as a FIT file of two sessions.
    func part(_ sport: String, start: Double, metersPerSecond: Double) -> WrittenActivity {
      let fixes = (0..<300).map { second in
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: start + Double(second)),
          latitudeDegrees: 47.5 + Double(second) * metersPerSecond / 111_195,
          longitudeDegrees: 8.5 + start * 1e-6)
      }
      return WrittenActivity(sport: sport, track: Track(segments: [Segment(fixes: fixes)]))
    }
    let data = FITWriter.data(from: [
      part("running", start: 0, metersPerSecond: 3),
      part("cycling", start: 600, metersPerSecond: 9),
    ])
    let file = try ActivityFile.read(data: data, name: "brick.fit")
    let activity = ReportedActivity(
      title: "brick.fit", file: file, choice: ProfileChoice(option: nil, file: file))
    #expect(activity.profileName == "running + cycling")
    #expect(activity.sessions.map(\.profile) == [.running, .cycling])
    let html = ActivityReport(activities: [activity]).html()
    let table = try #require(html.range(of: "<table class=\"sessions\">"))
    let rows = String(html[table.upperBound...]).components(separatedBy: "</table>")[0]
      .components(separatedBy: "<tr><td>").dropFirst()
    #expect(rows.count == 2)
    #expect(rows.first?.hasPrefix("1</td><td>running</td><td>running</td><td>0.90 km") == true)
    #expect(rows.last?.hasPrefix("2</td><td>cycling</td><td>cycling</td>") == true)
    // A file of one activity has no such table.
    #expect(
      !ActivityReport(activities: [ReportFixtures.simulatedRun()]).html().contains("sessions"))
  }

  @Test func aTrackWithoutFixesStillGivesAPage() {
    let empty = ReportedActivity(
      title: "empty.gpx", track: Track(), analysis: TrackAnalysis(track: Track()),
      profileName: "running")
    let html = ActivityReport(activities: [empty]).html()
    #expect(!html.contains("<svg id=\"map\""))
    #expect(html.contains("No position in the file"))
    #expect(html.hasSuffix("</html>"))
  }
}

/// The report on a real drive with signal losses (the u-blox F9K, RTK truth beside it).
@Suite(.enabled(if: sharedDataPresent, "../shared is absent")) struct ReportRealDataTests {
  @Test func routeAndChartsFollowTheSmoothersPathAcrossSignalLosses() throws {
    let url = try sharedFile(
      "truth/f9k-drive-mountain-view/MTV.Local1.ublox-F9K.20200206-181434.nmea")
    let file = try ActivityFile.read(atPath: url.path)
    let analysis = TrackAnalysis(track: file.track, profile: .driving)
    let activity = ReportedActivity(
      title: url.lastPathComponent, file: file, analysis: analysis, profileName: "driving")
    let trace = ActivityTrace(activity)
    let gapPoints = analysis.segments.reduce(0) { total, segment in
      total + segment.refinedGapPaths.values.reduce(0) { $0 + $1.intermediateCoordinates.count }
    }
    #expect(gapPoints > 0)
    let drawn = trace.routes.reduce(0) { $0 + $1.count }
    let accepted = analysis.segments.reduce(0) { $0 + $1.refinedCoordinates.count }
    #expect(drawn == accepted + gapPoints)
    // The charts' distance axis is the refined distance (to the width of a column).
    let extent = trace.series.bins(of: .refinedSpeed, along: .distance).extent
    let refined = analysis.refinedMetrics.distanceMeters
    #expect(abs(extent - refined) / refined < 0.005, "\(extent) vs \(refined)")
  }
}
