import Foundation

/// One line chart as inline SVG: a few series against distance or time, the stops shaded,
/// with axes and ticks. Each series arrives already binned to about a pixel per column
/// (``ColumnBins``), so a chart of a million fixes draws at most two points per column.
struct ChartPlot {
  /// A line of the chart.
  struct Series {
    var label: String
    /// CSS classes of the line (colour and weight).
    var style: String
    var bins: ColumnBins
  }

  var identifier: String
  var title: String
  var unit: String
  var axis: ChartSeriesSet.Axis
  /// The horizontal axis runs from 0 to this (meters or seconds).
  var extent: Double
  var series: [Series]
  /// Stretches to shade (stops), in the axis's unit.
  var shaded: [ClosedRange<Double>] = []

  static let plotWidth = 900.0
  static let plotHeight = 140.0
  static let left = 52.0
  static let top = 8.0
  static let bottom = 26.0

  /// The chart, its values shown over `range` (``valueRange()``, computed once by the caller).
  func svg(range: ClosedRange<Double>) -> String {
    var out = frame(range: range)
    for line in series where !line.bins.isEmpty {
      out += "<path class=\"series \(line.style)\" clip-path=\"url(#\(identifier)-plot)\""
      out += " d=\"\(path(line.bins, range))\">"
      out += "<title>\(HTMLText.escaped(line.label))</title></path>"
    }
    return out + "</svg>"
  }

  /// The chart up to what it plots: the open `svg` element, the shaded stops, the axes with
  /// ticks every `tickStep` of value (a round quarter of `range` when `nil`) and the clip
  /// path of the plot area, `#identifier-plot`. The caller draws in it and closes the `svg`.
  func frame(range: ClosedRange<Double>, tickStep: Double? = nil) -> String {
    let width = Self.left + Self.plotWidth + 12
    let height = Self.top + Self.plotHeight + Self.bottom
    var out =
      "<svg class=\"chart\" id=\"\(identifier)\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""
    out += " role=\"img\" aria-label=\"\(HTMLText.escaped(title))\">"
    for span in shaded {
      let x0 = xPixel(span.lowerBound)
      let x1 = max(xPixel(span.upperBound), x0 + 2)
      out += "<rect class=\"stop-shade\" x=\"\(SVGNumber.text(x0))\" y=\"\(Self.top)\""
      out += " width=\"\(SVGNumber.text(x1 - x0))\" height=\"\(Self.plotHeight)\"/>"
    }
    out += axes(range, tickStep: tickStep)
    out += "<clipPath id=\"\(identifier)-plot\"><rect x=\"\(Self.left)\" y=\"\(Self.top)\""
    out += " width=\"\(Self.plotWidth)\" height=\"\(Self.plotHeight)\"/></clipPath>"
    return out
  }

  /// The horizontal pixel of `x`, in the axis's unit.
  func xPixel(_ x: Double) -> Double { Self.left + x / extent * Self.plotWidth }

  /// The vertical pixel of `value` shown over `range`.
  func yPixel(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    Self.top + Self.plotHeight
      - (value - range.lowerBound) / (range.upperBound - range.lowerBound) * Self.plotHeight
  }

  /// The values shown: from the 1st percentile of the columns' lows to the 99th of their
  /// highs over every series, widened to round ticks. A spike narrower than a hundredth of the
  /// chart (a 3,000 km/h jump, a 1,500 m accuracy) runs off the top, clipped, instead of
  /// flattening every other value onto the axis.
  func valueRange() -> ClosedRange<Double> {
    let lows = series.flatMap { $0.bins.low.filter(\.isFinite) }.sorted()
    let highs = series.flatMap { $0.bins.high.filter(\.isFinite) }.sorted()
    let low = lows.isEmpty ? 0 : lows[Int(Double(lows.count - 1) * 0.01)]
    let high = highs.isEmpty ? 1 : highs[Int(Double(highs.count - 1) * 0.99)]
    let step = ReportNumber.roundStep(max(high - low, 1e-6) / 4)
    let bottom = floor(low / step) * step
    return bottom...max(ceil(high / step) * step, bottom + step)
  }

  /// Whether some value lies outside ``valueRange()`` and is clipped.
  func isClipped(_ range: ClosedRange<Double>) -> Bool {
    series.contains { line in
      line.bins.valueRange.map { !range.contains($0.lowerBound) || !range.contains($0.upperBound) }
        ?? false
    }
  }

  /// The line through each column's lowest and highest value. The pen lifts across a run of
  /// empty columns four times longer than the usual one between samples (and over three
  /// columns): a gap in the data, not a sparse recording.
  private func path(_ bins: ColumnBins, _ range: ClosedRange<Double>) -> String {
    let filled = bins.low.indices.filter { bins.low[$0].isFinite }
    let steps = zip(filled.dropFirst(), filled).map { $0 - $1 }.sorted()
    let lift = max(3, 4 * (steps.isEmpty ? 1 : steps[steps.count / 2]))
    var out = ""
    var lastColumn = Int.min / 2
    for column in filled {
      let x = xPixel(bins.x(ofColumn: column))
      out +=
        (column - lastColumn > lift ? "M" : "L")
        + SVGNumber.pair(x, yPixel(bins.low[column], range))
      if bins.high[column] != bins.low[column] {
        out += "L" + SVGNumber.pair(x, yPixel(bins.high[column], range))
      }
      lastColumn = column
    }
    return out
  }

  private func axes(_ range: ClosedRange<Double>, tickStep: Double?) -> String {
    let bottom = Self.top + Self.plotHeight
    var out =
      "<g class=\"axis\"><path d=\"M\(Self.left),\(Self.top)V\(bottom)H\(Self.left + Self.plotWidth)\"/>"
    let step = tickStep ?? ReportNumber.roundStep((range.upperBound - range.lowerBound) / 4.0001)
    for value in stride(from: range.lowerBound, through: range.upperBound + step / 1e6, by: step) {
      let y = yPixel(value, range)
      out += "<text x=\"\(Self.left - 4)\" y=\"\(SVGNumber.text(y + 4))\" text-anchor=\"end\">"
      out += ReportNumber.format(value, digits: step < 1 ? 1 : 0) + "</text>"
    }
    let xStep =
      axis == .distance
      ? ReportNumber.roundStep(extent / 8) : Self.timeStep(extent / 8)
    var x = 0.0
    while x <= extent + xStep / 1e6 {
      let label =
        axis == .distance
        ? ReportNumber.format(x / 1000, digits: xStep < 1000 ? 1 : 0) : ReportNumber.duration(x)
      out +=
        "<text x=\"\(SVGNumber.text(xPixel(x)))\" y=\"\(SVGNumber.text(bottom + 16))\" text-anchor=\"middle\">\(label)</text>"
      x += xStep
    }
    out +=
      "<text class=\"unit\" x=\"\(Self.left + Self.plotWidth)\" y=\"\(SVGNumber.text(bottom + 16))\" text-anchor=\"end\">"
    out += (axis == .distance ? "km" : "h:mm:ss") + "</text>"
    out += "<text class=\"unit\" x=\"4\" y=\"\(Self.top + 10)\">\(HTMLText.escaped(unit))</text>"
    return out + "</g>"
  }

  /// A round time step: seconds, minutes or hours in steps people read.
  private static func timeStep(_ seconds: Double) -> Double {
    let steps = [10.0, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200]
    return steps.first { $0 >= seconds } ?? ReportNumber.roundStep(seconds / 3600) * 3600
  }
}
