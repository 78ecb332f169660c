import Foundation

/// A grade chart as inline SVG: one bar per grade window (``GradeSteps``), from the zero line
/// up or down to its grade and coloured by its class (``GradeClasses``), the steepest climb and
/// descent outlined and labelled, on the axes of the charts above it with the same stops
/// shaded.
///
/// Bars, not a line: a window's grade holds over its whole length, and a step profile shows
/// where a climb starts and ends, which a line through the windows' middles would blur. The
/// elevation chart above keeps its two lines (raw, and as the climb counts it); colouring the
/// counted line by grade instead would have hidden the raw line under the colours and shown
/// the grade only through colour, where bars show it by height.
struct GradeChart {
  /// The axes, the stops and the identifier (its series stay empty).
  var plot: ChartPlot
  /// The bars, in order.
  var steps: [GradeSteps.Step]
  /// The windows' length, in meters, for the marks' tooltips.
  var windowMeters: Double

  /// The least grade shown above and below the zero line, in percent: a flat route's 1 %
  /// windows stay small bars rather than filling the chart.
  static let leastRangePercent = 5.0

  /// The chart.
  func svg() -> String {
    let (range, tickStep) = valueRange()
    var out = plot.frame(range: range, tickStep: tickStep)
    let zero = plot.yPixel(0, range)
    var paths = [String](repeating: "", count: GradeClasses.count)
    for step in steps {
      if step.highestPercent >= 0 {
        paths[GradeClasses.index(ofPercent: step.highestPercent)] += bar(
          step, to: step.highestPercent, range)
      }
      if step.lowestPercent < 0 {
        paths[GradeClasses.index(ofPercent: step.lowestPercent)] += bar(
          step, to: step.lowestPercent, range)
      }
    }
    out += "<g class=\"grade-bars\" clip-path=\"url(#\(plot.identifier)-plot)\">"
    for (index, path) in paths.enumerated() where !path.isEmpty {
      out += "<path class=\"grade-\(index)\" d=\"\(path)\">"
      out += "<title>\(HTMLText.escaped(GradeClasses.labels[index]))</title></path>"
    }
    out += "</g><path class=\"grade-zero\" d=\"M\(ChartPlot.left),\(SVGNumber.text(zero))"
    out += "H\(ChartPlot.left + ChartPlot.plotWidth)\"/>"
    if let up = steps.max(by: { $0.highestPercent < $1.highestPercent }), up.highestPercent > 0 {
      out += mark(up, at: up.highestPercent, range, words: "climb")
    }
    if let down = steps.min(by: { $0.lowestPercent < $1.lowestPercent }), down.lowestPercent < 0 {
      out += mark(down, at: down.lowestPercent, range, words: "descent")
    }
    return out + "</svg>"
  }

  /// The grades shown, from the lowest to the highest with room for the marks' labels, at
  /// least ``leastRangePercent`` either side of 0, in whole ticks of 1, 2, 5, 10 or more
  /// percent (about six of them).
  func valueRange() -> (range: ClosedRange<Double>, tickStep: Double) {
    let highest = max(steps.map(\.highestPercent).max() ?? 0, Self.leastRangePercent)
    let lowest = min(steps.map(\.lowestPercent).min() ?? 0, -Self.leastRangePercent)
    let room = (highest - lowest) * 0.15
    let wanted = (highest - lowest + 2 * room) / 6
    let step = [1.0, 2, 5, 10, 20, 50].first { $0 >= wanted } ?? ReportNumber.roundStep(wanted)
    return (floor((lowest - room) / step) * step...ceil((highest + room) / step) * step, step)
  }

  /// A bar of `step` from the zero line to `grade`, at least a pixel tall (a flat window
  /// stays visible) and half a pixel wide.
  private func bar(_ step: GradeSteps.Step, to grade: Double, _ range: ClosedRange<Double>)
    -> String
  {
    let (x0, x1, zero) = (
      plot.xPixel(step.start), plot.xPixel(step.end), plot.yPixel(0, range)
    )
    let y =
      grade >= 0
      ? min(plot.yPixel(grade, range), zero - 1) : max(plot.yPixel(grade, range), zero + 1)
    return "M" + SVGNumber.pair(x0, zero) + "V" + SVGNumber.text(y) + "H"
      + SVGNumber.text(max(x1, x0 + 0.5)) + "V" + SVGNumber.text(zero) + "Z"
  }

  /// The steepest climb's or descent's bar outlined, with its grade written beyond its end.
  private func mark(
    _ step: GradeSteps.Step, at grade: Double, _ range: ClosedRange<Double>, words: String
  ) -> String {
    let x0 = plot.xPixel(step.start)
    let x1 = max(plot.xPixel(step.end), x0 + 0.5)
    let (zero, y) = (plot.yPixel(0, range), plot.yPixel(grade, range))
    let labelY =
      grade > 0
      ? max(ChartPlot.top + 10, y - 4) : min(ChartPlot.top + ChartPlot.plotHeight - 3, y + 12)
    let labelX = min(
      max((x0 + x1) / 2, ChartPlot.left + 20), ChartPlot.left + ChartPlot.plotWidth - 20)
    let text = (grade > 0 ? "+" : "") + ReportNumber.format(grade, digits: 1) + " %"
    var out = "<g class=\"grade-mark\"><title>steepest \(Int(windowMeters)) m \(words): \(text)"
    out += "</title><path d=\"M" + SVGNumber.pair(x0, zero) + "V" + SVGNumber.text(y) + "H"
    out += SVGNumber.text(x1) + "V" + SVGNumber.text(zero) + "Z\"/>"
    out += "<text x=\"\(SVGNumber.text(labelX))\" y=\"\(SVGNumber.text(labelY))\""
    return out + " text-anchor=\"middle\">\(text)</text></g>"
  }
}
