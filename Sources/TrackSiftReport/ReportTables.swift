import TrackSift
import TrackSiftFormats

/// The report's tables as HTML: the summary card, sessions, splits, verdicts, reader notes and
/// the strings the file carries. Every string that came from a file is escaped here.
enum ReportTables {
  /// Raw, live, refined and the device's own figures side by side, as `analyze` prints them.
  static func summary(_ activity: ReportedActivity, index: Int) -> String {
    let analysis = activity.analysis
    let columns: [(String, ActivityMetrics?)] = [
      ("raw", analysis.rawMetrics), ("live", analysis.liveMetrics),
      ("refined", analysis.refinedMetrics),
    ]
    let device = activity.deviceTotals
    var out = "<section class=\"card card-\(index)\"><h3>\(HTMLText.escaped(activity.title))</h3>"
    out += "<p class=\"meta\">profile \(HTMLText.escaped(activity.profileName)) · "
    out +=
      "\(analysis.verdictCounts.totalCount) fixes, \(analysis.verdictCounts.rejectedCount) refused</p>"
    out += "<table class=\"summary\"><thead><tr><th></th>"
    out += columns.map { "<th>\($0.0)</th>" }.joined() + (device == nil ? "" : "<th>device</th>")
    out += "</tr></thead><tbody>"
    let rows: [(String, (ActivityMetrics) -> String, String?)] = [
      (
        "distance", { ReportNumber.kilometers($0.distanceMeters) },
        device.map { ReportNumber.kilometers($0.distanceMeters) }
      ),
      (
        "elapsed", { ReportNumber.duration($0.elapsedTimeSeconds) },
        device.map { ReportNumber.duration($0.elapsedTimeSeconds) }
      ),
      (
        "moving", { ReportNumber.duration($0.movingTimeSeconds) },
        device.map { ReportNumber.duration($0.timerTimeSeconds) }
      ),
      (
        "average pace", { ReportNumber.pace(metersPerSecond: $0.averageSpeedMetersPerSecond) },
        device.map { ReportNumber.pace(metersPerSecond: $0.averageSpeedMetersPerSecond) }
      ),
      (
        "average speed", { ReportNumber.kilometersPerHour($0.averageSpeedMetersPerSecond) },
        device.map { ReportNumber.kilometersPerHour($0.averageSpeedMetersPerSecond) }
      ),
      (
        "maximum speed", { ReportNumber.kilometersPerHour($0.maximumSpeedMetersPerSecond) },
        device.map { ReportNumber.kilometersPerHour($0.maximumSpeedMetersPerSecond) }
      ),
      (
        "climb", { ReportNumber.format($0.elevationGainMeters, digits: 0) + " m" },
        device.map { ReportNumber.format($0.ascentMeters, digits: 0) + " m" }
      ),
    ]
    for (name, value, deviceValue) in rows {
      out += "<tr><th>\(name)</th>" + columns.map { "<td>\($0.1.map(value) ?? "–")</td>" }.joined()
      if let deviceValue { out += "<td>\(deviceValue)</td>" }
      out += "</tr>"
    }
    out += "</tbody></table>"
    if let standing = device?.distanceAtZeroSpeedMeters, standing > 0 {
      // A watch's odometer follows its positions' wander while its wearer stands.
      out +=
        "<p class=\"meta\">device: \(ReportNumber.kilometers(standing)) of its distance "
        + "counted while its own speed read 0</p>"
    }
    return out + climb(analysis) + sessions(activity) + "</section>"
  }

  /// Where the refined climb came from, each source's own climb, and the grade figures.
  private static func climb(_ analysis: TrackAnalysis) -> String {
    guard let source = analysis.climb.source else { return "" }
    var parts = [
      "climb from \(source.name)"
        + (analysis.climb.isAnchoredToTerrainModel ? ", held to the terrain model's level" : "")
    ]
    if analysis.climb.sources.count > 1 {
      parts += analysis.climb.sources.map {
        "\($0.source.name) alone: \(ReportNumber.format($0.gainMeters, digits: 0)) m up"
      }
    }
    if let grade = analysis.grade {
      if let up = grade.steepestUphill {
        parts.append(
          "steepest \(Int(grade.windowMeters)) m up \(ReportNumber.format(up.gradePercent, digits: 0)) %"
        )
      }
      if let down = grade.steepestDownhill {
        parts.append("down \(ReportNumber.format(down.gradePercent, digits: 0)) %")
      }
      switch analysis.profile.activity {
      case .running:
        if let speed = grade.gradeAdjustedSpeedMetersPerSecond {
          parts.append("grade-adjusted pace \(ReportNumber.pace(metersPerSecond: speed))")
        }
      case .cycling:
        if let vam = grade.vamMetersPerHour {
          parts.append("VAM \(ReportNumber.format(vam, digits: 0)) m/h")
        }
      default: break
      }
    }
    return "<p class=\"meta\">" + HTMLText.escaped(parts.joined(separator: " · ")) + "</p>"
  }

  /// The refined kilometer splits.
  static func splits(_ activity: ReportedActivity) -> String {
    let splits = activity.analysis.refinedMetrics.kilometerSplits
    var out =
      "<table class=\"splits\"><caption>\(HTMLText.escaped(activity.title)): splits (refined)</caption>"
    out +=
      "<thead><tr><th>km</th><th>distance</th><th>time</th><th>pace</th><th>moving pace</th></tr></thead><tbody>"
    for split in splits {
      out += "<tr><td>\(split.number)\(split.isPartial ? " (part)" : "")</td>"
      out += "<td>\(ReportNumber.kilometers(split.distanceMeters))</td>"
      out += "<td>\(ReportNumber.duration(split.durationSeconds))</td>"
      out +=
        "<td>\(ReportNumber.pace(metersPerSecond: split.paceSecondsPerKilometer.map { 1000 / $0 }))</td>"
      out +=
        "<td>\(ReportNumber.pace(metersPerSecond: split.movingPaceSecondsPerKilometer.map { 1000 / $0 }))</td></tr>"
    }
    return out + "</tbody></table>"
  }

  /// Each session of a file measured session by session: its sport and profile, its refined
  /// distance and moving time measured alone, the device's distance and timer time beside
  /// them, as `analyze` tables them; nothing for a file of one activity.
  static func sessions(_ activity: ReportedActivity) -> String {
    guard !activity.sessions.isEmpty else { return "" }
    var out =
      "<table class=\"sessions\"><caption>\(HTMLText.escaped(activity.title)): sessions (refined, each alone)</caption>"
    out +=
      "<thead><tr><th></th><th>sport</th><th>profile</th><th>distance</th><th>device</th><th>moving</th><th>device</th></tr></thead><tbody>"
    for (number, session) in activity.sessions.enumerated() {
      let cells = [
        "\(number + 1)", HTMLText.escaped(session.sport ?? "–"), session.profile.rawValue,
        ReportNumber.kilometers(session.refined.distanceMeters),
        session.device?.distanceMeters.map(ReportNumber.kilometers) ?? "–",
        ReportNumber.duration(session.refined.movingTimeSeconds),
        ReportNumber.duration(session.device?.timerTimeSeconds),
      ]
      out += "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
    }
    return out + "</tbody></table>"
  }

  /// Each reason's count, with its colour on the map.
  static func verdicts(_ activity: ReportedActivity, reasons: [RejectionReason]) -> String {
    let counts = activity.analysis.verdictCounts
    var out =
      "<table class=\"verdicts\"><caption>\(HTMLText.escaped(activity.title)): verdicts</caption>"
    out += "<thead><tr><th>verdict</th><th>fixes</th></tr></thead><tbody>"
    out += "<tr><td>accepted</td><td>\(counts.acceptedCount)</td></tr>"
    for (reason, count) in counts.rejections {
      let colour = reasons.firstIndex(of: reason) ?? 0
      out +=
        "<tr><td><span class=\"swatch refused-swatch reason-\(colour)\"></span>\(reason.code)</td><td>\(count)</td></tr>"
    }
    return out + "</tbody></table>"
  }

  /// What the reader passed over, and the strings the file carries.
  static func file(_ activity: ReportedActivity) -> String {
    let metadata = activity.metadata
    var items: [String] = []
    func add(_ name: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      items.append("<dt>\(name)</dt><dd>\(HTMLText.escaped(value))</dd>")
    }
    add("name", metadata.name)
    add("description", metadata.description)
    add("written by", metadata.creator)
    for device in metadata.deviceNames { add("device", device) }
    for track in metadata.trackNames { add("track", track) }
    for link in metadata.links {
      let text = HTMLText.escaped(link.text ?? link.href)
      if let href = HTMLText.safeLink(link.href) {
        items.append(
          "<dt>link</dt><dd><a href=\"\(href)\" rel=\"noopener noreferrer nofollow\">\(text)</a></dd>"
        )
      } else {
        items.append("<dt>link (not followed)</dt><dd>\(HTMLText.escaped(link.href))</dd>")
      }
    }
    for waypoint in metadata.waypoints {
      add(
        "waypoint", [waypoint.name, waypoint.description].compactMap { $0 }.joined(separator: ": "))
    }
    for note in activity.readerNotes { add("reader", note) }
    guard !items.isEmpty else { return "" }
    return "<dl class=\"file\"><dt class=\"file-title\">\(HTMLText.escaped(activity.title))</dt>"
      + items.joined() + "</dl>"
  }
}
