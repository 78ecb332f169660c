import Foundation
import Testing
import TrackSift
import TrackSiftFormats

@testable import TrackSiftReport

/// The report as a real browser renders it (headless Chromium, installed by `.ci/run`).
@Suite(
  .serialized,
  .enabled(
    if: HeadlessChromium.installed != nil || HeadlessChromium.required,
    "chromium is not installed (apt-get install -y chromium)"))
struct BrowserTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("tracksift-report-\(UUID().uuidString)")

  private func browser() throws -> HeadlessChromium {
    guard let browser = HeadlessChromium.installed else {
      throw BrowserError("chromium is not installed (apt-get install -y chromium)")
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return browser
  }

  private func write(_ html: String, _ name: String) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try Data(html.utf8).write(to: url)
    return url
  }

  /// The shipped sample's report renders: the map, every chart, the tables with their rows.
  @Test func sampleReportRenders() throws {
    let browser = try browser()
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Samples/city-run.gpx").standardizedFileURL
    let file = try ActivityFile.read(atPath: sample.path)
    let analysis = TrackAnalysis(track: file.track)
    let activity = ReportedActivity(
      title: "city-run.gpx", file: file, analysis: analysis, profileName: "running")
    let page = try write(ActivityReport(activities: [activity]).html(), "city-run.html")
    let dom = try browser.dumpDOM(of: page)
    #expect(dom.contains("<svg id=\"map\""))
    #expect(dom.components(separatedBy: "<polyline class=\"line speed-").count > 10)
    // Speed, elevation and accuracy (the sample has no heart rate or cadence), on both axes.
    #expect(dom.components(separatedBy: "<svg class=\"chart\"").count - 1 == 6)
    let refused = analysis.verdictCounts.rejectedCount
    #expect(dom.components(separatedBy: "class=\"refused reason-").count - 1 == refused)
    let verdictRows = 1 + analysis.verdictCounts.rejections.count
    let verdicts = try #require(dom.components(separatedBy: "<table class=\"verdicts\">").last)
    #expect(verdicts.components(separatedBy: "</table>")[0].components(separatedBy: "<tr>").count - 2 == verdictRows)
    let png = directory.appendingPathComponent("city-run.png")
    try browser.screenshot(of: page, to: png)
    let bytes = try Data(contentsOf: png)
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 20_000)
  }

  /// The hook works: a page's own script that marks the body shows in the DOM.
  @Test func hookSeesAScriptThatRuns() throws {
    let browser = try browser()
    let page = try write(
      "<!DOCTYPE html><html><body><script>document.body.setAttribute('data-xss','control')</script></body></html>",
      "control.html")
    #expect(try browser.dumpDOM(of: page).contains("data-xss=\"control\""))
  }

  /// Hostile strings stay text, with the page's policy and without it (escaping alone).
  @Test(arguments: [true, false]) func hostileStringsNeverRun(withPolicy: Bool) throws {
    let browser = try browser()
    var report = ActivityReport(activities: [ReportFixtures.hostileRun()])
    report.includesSecurityPolicy = withPolicy
    let dom = try browser.dumpDOM(of: try write(report.html(), "hostile-\(withPolicy).html"))
    #expect(!dom.contains("data-xss=\""))
    #expect(!dom.contains("href=\"javascript"))
    #expect(dom.contains("&lt;script&gt;document.body.setAttribute('data-xss','script')&lt;/script&gt;"))
    #expect(dom.contains("<svg id=\"map\""))
  }
}
