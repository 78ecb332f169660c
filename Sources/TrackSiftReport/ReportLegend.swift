import TrackSift

/// The legends: the map's (what each colour and mark means, with counts) and a grade chart's.
enum ReportLegend {
  static func map(
    activities: [ReportedActivity], traces: [ActivityTrace], speedClasses: SpeedClasses,
    reasons: [RejectionReason], basemap attribution: String?
  ) -> String {
    var out = "<div class=\"legend\"><ul>"
    if activities.count == 1 {
      for (index, label) in speedClasses.labels.enumerated() {
        out += "<li><span class=\"swatch line-swatch speed-\(index)\"></span>\(label)</li>"
      }
    } else {
      for (index, activity) in activities.enumerated() {
        out += "<li><span class=\"swatch line-swatch activity-\(index)\"></span>"
        out += "\(HTMLText.escaped(activity.title))</li>"
      }
    }
    let rawCount = traces.reduce(0) { $0 + $1.rawCoordinates.count }
    out += "<li><span class=\"swatch raw-swatch\"></span>raw fixes (\(rawCount))</li>"
    for (index, reason) in reasons.enumerated() {
      let count = activities.reduce(0) { total, activity in
        total
          + (activity.analysis.verdictCounts.rejections.first { $0.reason == reason }?.count ?? 0)
      }
      out += "<li><span class=\"swatch refused-swatch reason-\(index)\"></span>refused: "
      out += "\(reason.code) (\(count))</li>"
    }
    let stops = traces.reduce(0) { total, trace in
      total
        + trace.stops.filter { ($0.durationSeconds ?? 0) >= ActivityTrace.mappedStopSeconds }.count
    }
    out += "<li><span class=\"swatch stop-swatch\"></span>stops of 10 s or more (\(stops))</li>"
    out += "<li><span class=\"swatch start-swatch\"></span>start</li>"
    out += "<li><span class=\"swatch finish-swatch\"></span>finish</li>"
    if let attribution {
      out += "<li class=\"attribution\">basemap: \(HTMLText.escaped(attribution))</li>"
    }
    return out + "</ul></div>"
  }

  /// A grade chart's keys: each class of ``GradeClasses`` that some window falls in, with the
  /// windows' total length in it (in tenths of a kilometer, the windows being 100 m).
  static func grade(metersByClass: [Double]) -> String {
    var keys: [String] = []
    for (index, meters) in metersByClass.enumerated() where meters > 0 {
      let kilometers = ReportNumber.format(meters / 1000, digits: 1)
      keys.append(
        "<span class=\"key-swatch\"><span class=\"swatch grade-swatch grade-\(index)\"></span>"
          + "\(HTMLText.escaped(GradeClasses.labels[index])) (\(kilometers) km)</span>")
    }
    return "<span class=\"keys\">" + keys.joined(separator: " ") + "</span>"
  }
}
