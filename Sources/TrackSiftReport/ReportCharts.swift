/// The charts section: speed, elevation, the grade per window (``GradeChart``), heart rate,
/// cadence and stated accuracy, against distance and against time, with a toggle that needs no
/// script (two radio buttons and CSS).
enum ReportCharts {
  /// A chart's quantities: the raw one and, where there is one, what the pipeline made of it.
  private struct Kind {
    var identifier: String
    var title: String
    var unit: String
    var raw: ChartQuantity
    var refined: ChartQuantity?
  }

  private static let kinds = [
    Kind(
      identifier: "speed", title: "Speed, raw and refined", unit: "km/h", raw: .rawSpeed,
      refined: .refinedSpeed),
    Kind(
      identifier: "elevation", title: "Elevation, raw and as the refined climb counts it",
      unit: "m",
      raw: .rawAltitude, refined: .countedAltitude),
    Kind(identifier: "heart-rate", title: "Heart rate", unit: "bpm", raw: .heartRate, refined: nil),
    Kind(identifier: "cadence", title: "Cadence", unit: "/min", raw: .cadence, refined: nil),
    Kind(
      identifier: "accuracy", title: "Stated horizontal accuracy", unit: "m", raw: .accuracy,
      refined: nil),
  ]

  static func section(activities: [ReportedActivity], traces: [ActivityTrace]) -> String {
    var out = "<section class=\"charts-section\"><h2>Charts</h2>"
    out +=
      "<input type=\"radio\" name=\"axis\" id=\"axis-distance\" checked><label for=\"axis-distance\">against distance</label>"
    out +=
      "<input type=\"radio\" name=\"axis\" id=\"axis-time\"><label for=\"axis-time\">against time</label>"
    out += "<div class=\"charts\">"
    for axis in ChartSeriesSet.Axis.allCases {
      out += "<div class=\"by-\(axis == .distance ? "distance" : "time")\">"
      for kind in kinds {
        let plot = plot(kind, axis: axis, activities: activities, traces: traces)
        guard plot.series.contains(where: { !$0.bins.isEmpty }) else { continue }
        out += "<figure><figcaption>\(plot.title) <span class=\"keys\">"
        out += plot.series.filter { !$0.bins.isEmpty }.map {
          "<span class=\"key \($0.style)\">\(HTMLText.escaped($0.label))</span>"
        }.joined(separator: " ")
        out += "</span>"
        let range = plot.valueRange()
        if plot.isClipped(range) {
          out += " <span class=\"clipped\">(beyond the axis: clipped)</span>"
        }
        out += "</figcaption>" + plot.svg(range: range) + "</figure>"
        if kind.raw == .rawAltitude {
          out += gradeFigures(axis: axis, activities: activities, traces: traces)
        }
      }
      out += "</div>"
    }
    return out + "</div></section>"
  }

  private static func plot(
    _ kind: Kind, axis: ChartSeriesSet.Axis, activities: [ReportedActivity],
    traces: [ActivityTrace]
  ) -> ChartPlot {
    let several = activities.count > 1
    var series: [ChartPlot.Series] = []
    var shaded: [ClosedRange<Double>] = []
    for (index, trace) in traces.enumerated() {
      let name = several ? activities[index].title + " " : ""
      let colour = several ? " activity-\(index)" : ""
      series.append(
        .init(
          label: name + "raw", style: "raw-line" + colour,
          bins: trace.series.bins(of: kind.raw, along: axis)))
      if let refined = kind.refined {
        series.append(
          .init(
            label: name + (kind.raw == .rawSpeed ? "refined" : "counted"),
            style: "refined-line" + colour, bins: trace.series.bins(of: refined, along: axis)))
      }
      shaded += stopShades(trace, along: axis)
    }
    let extent = series.map(\.bins.extent).max() ?? 1
    let axisName = axis == .distance ? "distance" : "time"
    return ChartPlot(
      identifier: "chart-\(kind.identifier)-\(axisName)", title: kind.title, unit: kind.unit,
      axis: axis, extent: extent, series: series, shaded: shaded)
  }

  /// The stretches of the trace's stops along `axis`, in the axis's unit.
  private static func stopShades(_ trace: ActivityTrace, along axis: ChartSeriesSet.Axis)
    -> [ClosedRange<Double>]
  {
    trace.stops.compactMap { stop in
      if axis == .distance {
        return stop.startDistanceMeters...max(stop.startDistanceMeters, stop.endDistanceMeters)
      }
      guard let start = stop.startElapsedSeconds, let end = stop.endElapsedSeconds, end >= start
      else { return nil }
      return start...end
    }
  }

  /// A grade chart per activity with grade windows along `axis`, on the horizontal scale of
  /// the other charts; nothing for an activity without altitudes.
  private static func gradeFigures(
    axis: ChartSeriesSet.Axis, activities: [ReportedActivity], traces: [ActivityTrace]
  ) -> String {
    let extent = traces.map { $0.series.bins(of: .rawSpeed, along: axis).extent }.max() ?? 1
    let axisName = axis == .distance ? "distance" : "time"
    var out = ""
    for (index, trace) in traces.enumerated() {
      guard let grade = trace.grade, !grade.steps(along: axis).isEmpty else { continue }
      let suffix = activities.count > 1 ? "-\(index)" : ""
      let title =
        "Grade per \(Int(grade.windowMeters)) m"
        + (activities.count > 1 ? ", " + activities[index].title : "")
      let plot = ChartPlot(
        identifier: "chart-grade-\(axisName)\(suffix)", title: title, unit: "%", axis: axis,
        extent: extent, series: [], shaded: stopShades(trace, along: axis))
      let chart = GradeChart(
        plot: plot, steps: grade.steps(along: axis), windowMeters: grade.windowMeters)
      out += "<figure><figcaption>\(HTMLText.escaped(title)) "
      out += ReportLegend.grade(metersByClass: grade.metersByClass)
      out += "</figcaption>" + chart.svg() + "</figure>"
    }
    return out
  }
}
