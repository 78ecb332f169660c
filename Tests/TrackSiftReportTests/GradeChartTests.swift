import Foundation
import Testing
import TrackSift

@testable import TrackSiftReport

@Suite struct GradeChartTests {
  /// The `d` of every path inside the chart's bars, `identifier`'s `<g class="grade-bars">`.
  private func barPaths(_ html: String, chart identifier: String) throws -> [String] {
    let chart = try #require(html.range(of: "id=\"\(identifier)\""))
    let bars = try #require(
      html.range(of: "<g class=\"grade-bars\"", range: chart.upperBound..<html.endIndex))
    let group = html[bars.upperBound...].prefix { _ in true }.components(separatedBy: "</g>")[0]
    return group.components(separatedBy: " d=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }

  /// One bar (one `M` in the paths) per window of the hill run, up and down in their classes,
  /// the steepest of each labelled with its grade, right after the elevation chart.
  @Test func aHillRunGetsOneBarPerWindowRightAfterTheElevationChart() throws {
    let activity = ReportFixtures.hillRun()
    let grade = try #require(activity.analysis.grade)
    #expect(grade.windows.count > 20)
    let html = ActivityReport(activities: [activity]).html()
    for axis in ["distance", "time"] {
      let elevation = try #require(html.range(of: "id=\"chart-elevation-\(axis)\""))
      let chart = try #require(html.range(of: "id=\"chart-grade-\(axis)\""))
      let next = try #require(html.range(of: "<svg", range: elevation.upperBound..<html.endIndex))
      #expect(next.upperBound <= chart.lowerBound)
      #expect(html[next.lowerBound..<chart.lowerBound].count < 40)
      let bars = try barPaths(html, chart: "chart-grade-\(axis)")
      #expect(bars.joined().filter { $0 == "M" }.count == grade.windows.count)
    }
    // Both sides of the hill, in their colours, with the key.
    #expect(html.contains("<path class=\"grade-0\"") || html.contains("<path class=\"grade-1\""))
    #expect(html.contains("<path class=\"grade-3\"") || html.contains("<path class=\"grade-4\""))
    #expect(html.contains("Grade per 100 m <span class=\"keys\">"))
    #expect(html.contains("class=\"swatch grade-swatch grade-"))
    let up = try #require(grade.steepestUphill?.gradePercent)
    let down = try #require(grade.steepestDownhill?.gradePercent)
    #expect(html.contains(">+\(ReportNumber.format(up, digits: 1)) %</text>"))
    #expect(html.contains(">\(ReportNumber.format(down, digits: 1)) %</text>"))
    #expect(html.contains("<title>steepest 100 m climb: +"))
  }

  /// Several activities: a grade chart each, named by its (escaped) title; none for the one
  /// without altitudes.
  @Test func severalActivitiesGetAGradeChartEach() throws {
    var hill = ReportFixtures.hillRun(seconds: 600)
    hill.title = "<b>hill</b>.gpx"
    let flat = ReportFixtures.withoutAltitudes(ReportFixtures.hillRun(seconds: 600))
    let html = ActivityReport(activities: [hill, ReportFixtures.hillRun(seconds: 600), flat])
      .html()
    #expect(html.contains("id=\"chart-grade-distance-0\""))
    #expect(html.contains("id=\"chart-grade-time-1\""))
    #expect(!html.contains("chart-grade-distance-2"))
    #expect(html.contains("Grade per 100 m, &lt;b&gt;hill&lt;/b&gt;.gpx <span class=\"keys\">"))
    #expect(!html.contains("<b>hill"))
  }

  @Test func noAltitudeNoGradeChart() throws {
    let flat = ReportFixtures.withoutAltitudes(ReportFixtures.hillRun(seconds: 600))
    #expect(flat.analysis.grade == nil)
    let html = ActivityReport(activities: [flat]).html()
    #expect(!html.contains("chart-grade"))
    #expect(!html.contains("Grade per"))
    #expect(!html.contains("grade-bars"))
    #expect(html.contains("id=\"chart-speed-distance\""))
  }

  /// The windows sit on the charts' distance axis, which runs along every refined step: in
  /// order, never before their refined distance (stops add to the axis, not to the windows),
  /// and within the chart.
  @Test func windowsArePlacedOnTheChartsDistanceAxis() throws {
    let activity = ReportFixtures.hillRun()
    let trace = ActivityTrace(activity)
    let windows = try #require(activity.analysis.grade).windows
    let steps = try #require(trace.grade).steps(along: .distance)
    #expect(steps.count == windows.count)
    let extent = trace.series.bins(of: .rawSpeed, along: .distance).extent
    for (step, window) in zip(steps, windows) {
      #expect(step.start < step.end)
      #expect(step.start >= window.startMeters - 0.01)
      #expect(step.end <= extent + 0.01)
      #expect(step.highestPercent == window.gradePercent)
    }
    #expect(zip(steps.dropFirst(), steps).allSatisfy { $0.start >= $1.end - 1e-9 })
    let timed = try #require(trace.grade).steps(along: .time)
    #expect(timed.count == windows.count)
  }

  /// Thousands of windows are merged to about 600 bars, each keeping its highest and lowest
  /// grade, never across a hole between windows.
  @Test func manyWindowsAreMergedKeepingTheExtremes() throws {
    var steps = (0..<2_500).map { index in
      let grade = index == 1_234 ? 31.0 : (index == 2_000 ? -27 : sin(Double(index) / 40) * 8)
      return GradeSteps.Step(
        start: Double(index) * 100, end: Double(index + 1) * 100, highestPercent: grade,
        lowestPercent: grade)
    }
    // A hole from 125.2 km to 135.2 km (a stretch without altitudes).
    steps = steps.map { step in
      var moved = step
      if step.start >= 125_200 {
        moved.start += 10_000
        moved.end += 10_000
      }
      return moved
    }
    let merged = GradeSteps.merged(steps, limit: GradeSteps.maximumSteps)
    #expect(merged.count <= GradeSteps.maximumSteps + 1)
    #expect(merged.count >= GradeSteps.maximumSteps - 100)
    #expect(merged.map(\.highestPercent).max() == 31)
    #expect(merged.map(\.lowestPercent).min() == -27)
    #expect(!merged.contains { $0.start <= 125_200 && $0.end > 125_200 })
    #expect(merged.first?.start == 0 && merged.last?.end == 260_000)
    // Drawn: the steepest are still labelled, and the chart stays small.
    let chart = GradeChart(
      plot: ChartPlot(
        identifier: "chart-grade-distance", title: "Grade per 100 m", unit: "%",
        axis: .distance, extent: 260_000, series: []),
      steps: merged, windowMeters: 100)
    let svg = chart.svg()
    #expect(svg.contains(">+31.0 %</text>") && svg.contains(">-27.0 %</text>"))
    #expect(svg.utf8.count < 60_000)
  }

  @Test func gradeRangeHoldsTheBarsAndTheirLabelsInWholeTicks() {
    let plot = ChartPlot(
      identifier: "g", title: "", unit: "%", axis: .distance, extent: 1_000, series: [])
    let gentle = GradeChart(
      plot: plot, steps: [.init(start: 0, end: 100, highestPercent: 1, lowestPercent: 1)],
      windowMeters: 100
    ).valueRange()
    #expect(gentle.range == -10...10 && gentle.tickStep == 5)
    let steep = GradeChart(
      plot: plot,
      steps: [
        .init(start: 0, end: 100, highestPercent: 10.7, lowestPercent: 10.7),
        .init(start: 100, end: 200, highestPercent: -11, lowestPercent: -11),
      ], windowMeters: 100
    ).valueRange()
    #expect(steep.range == -15...15 && steep.tickStep == 5)
  }

  @Test(arguments: [
    (-12.0, 0), (-6, 1), (-2.5, 1), (-2, 2), (0, 2), (2, 2), (2.1, 3), (5.9, 3), (6, 4), (40, 4),
  ])
  func gradeClasses(grade: Double, index: Int) {
    #expect(GradeClasses.index(ofPercent: grade) == index)
  }
}
