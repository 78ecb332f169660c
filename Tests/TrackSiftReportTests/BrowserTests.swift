import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

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
    // Speed, elevation, grade and accuracy (the sample has no heart rate or cadence), on
    // both axes; the grade chart with one bar per window.
    #expect(dom.components(separatedBy: "<svg class=\"chart\"").count - 1 == 8)
    let windows = try #require(analysis.grade).windows.count
    let grade = try #require(dom.components(separatedBy: "id=\"chart-grade-distance\"").last)
    let bars = try #require(
      grade.components(separatedBy: "<g class=\"grade-bars\"").dropFirst().first)
    #expect(bars.components(separatedBy: "</g>")[0].filter { $0 == "M" }.count == windows)
    let refused = analysis.verdictCounts.rejectedCount
    #expect(dom.components(separatedBy: "class=\"refused reason-").count - 1 == refused)
    let verdictRows = 1 + analysis.verdictCounts.rejections.count
    let verdicts = try #require(dom.components(separatedBy: "<table class=\"verdicts\">").last)
    #expect(
      verdicts.components(separatedBy: "</table>")[0].components(separatedBy: "<tr>").count - 2
        == verdictRows)
    let png = directory.appendingPathComponent("city-run.png")
    try browser.screenshot(of: page, to: png)
    let bytes = try Data(contentsOf: png)
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 20_000)
  }

  /// Replaces `alert` (which the hostile files call) with a mark on the page, before anything
  /// else on it runs: the page hook that records any execution.
  private func withHook(_ html: String) -> String {
    let hook =
      "<script>window.alert=function(m){document.documentElement.setAttribute('data-xss',String(m))}</script>"
    return html.replacingOccurrences(of: "<head>", with: "<head>" + hook)
  }

  /// The hook works: a page's own script that calls `alert` or marks the body shows in the DOM.
  @Test func hookSeesAScriptThatRuns() throws {
    let browser = try browser()
    let page = try write(
      withHook(
        "<!DOCTYPE html><html><head></head><body><script>alert('control');document.body.setAttribute('data-xss','body')</script></body></html>"
      ), "control.html")
    let dom = try browser.dumpDOM(of: page)
    #expect(dom.contains("data-xss=\"control\""))
    #expect(dom.contains("data-xss=\"body\""))
  }

  /// Hostile strings stay text, with the page's policy and without it (escaping alone).
  @Test(arguments: [true, false]) func hostileStringsNeverRun(withPolicy: Bool) throws {
    let browser = try browser()
    var report = ActivityReport(activities: [ReportFixtures.hostileRun()])
    report.includesSecurityPolicy = withPolicy
    let dom = try browser.dumpDOM(
      of: try write(withHook(report.html()), "hostile-\(withPolicy).html"))
    #expect(!dom.contains("data-xss=\""))
    #expect(!dom.contains("href=\"javascript"))
    #expect(
      dom.contains("&lt;script&gt;document.body.setAttribute('data-xss','script')&lt;/script&gt;"))
    #expect(dom.contains("<svg id=\"map\""))
  }

  /// GPX, TCX and FIT files whose names, descriptions, links, creators, devices and waypoints
  /// (and file names) carry script, event handlers, `javascript:` and `</script>`: read as any
  /// user's files are, reported together, and nothing of theirs runs.
  @Test(arguments: [true, false]) func hostileFilesNeverRun(withPolicy: Bool) throws {
    let browser = try browser()
    let name = "<img src=x onerror=alert('name')>"
    var files: [(String, Data)] = [
      ("\(name).gpx", Data(HostileFiles.gpx().utf8)),
      ("\(name).tcx", Data(HostileFiles.tcx().utf8)),
    ]
    if let fit = HostileFiles.fit() { files.append(("\(name).fit", Data(fit))) }
    let activities = try files.map { fileName, bytes in
      let url = directory.appendingPathComponent(fileName)
      try bytes.write(to: url)
      let file = try ActivityFile.read(atPath: url.path)
      return ReportedActivity(
        title: fileName, file: file, analysis: TrackAnalysis(track: file.track),
        profileName: "running")
    }
    #expect(activities.allSatisfy { !$0.metadata.isEmpty })
    var report = ActivityReport(activities: activities)
    report.includesSecurityPolicy = withPolicy
    let dom = try browser.dumpDOM(
      of: try write(withHook(report.html()), "files-\(withPolicy).html"))
    #expect(!dom.contains("data-xss=\""))
    #expect(!dom.contains("href=\"javascript"))
    #expect(!dom.contains("<img"))
    #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(dom.contains("&lt;img src=x onerror=alert('name')&gt;.gpx"))
    // Text that only looks escaped is shown as written, not decoded again.
    #expect(dom.contains("&amp;lt;b&amp;gt;"))
    #expect(!dom.contains("\u{202E}") && !dom.contains("\u{1B}"))
  }
}
