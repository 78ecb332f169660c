import TrackSift

/// The map as inline SVG: raw fixes as faint dots, each activity's cleaned route as a wide
/// line (coloured by speed class for one activity, by activity for several), refused fixes
/// marked by reason, stops with their duration, start and finish, a scale bar and north.
///
/// Drawing thins, figures never do: the route is simplified by Douglas-Peucker at a pixel
/// (vertices on whole pixels), and raw and refused fixes that fall on the same pixel are drawn once (the legend
/// counts them all).
struct MapDrawing {
  let canvas: MapCanvas
  let traces: [ActivityTrace]
  let speedClasses: SpeedClasses
  /// Refusal reasons in legend order, for their colours.
  let reasons: [RejectionReason]
  var basemap: [MBTilesBasemap.PlacedTile] = []

  /// The most refused fixes drawn one by one; beyond, one mark per pixel and reason.
  static let individuallyMarkedRefusals = 2_000

  func svg() -> String {
    var out =
      "<svg id=\"map\" class=\"map\" viewBox=\"0 0 \(Int(canvas.width)) \(Int(canvas.height))\""
    out += " width=\"\(Int(canvas.width))\" height=\"\(Int(canvas.height))\""
    out += " role=\"img\" aria-label=\"Map of the raw fixes and the cleaned route\">"
    out += "<rect class=\"map-ground\" width=\"100%\" height=\"100%\"/>"
    for tile in basemap {
      out +=
        "<image class=\"basemap\" x=\"\(SVGNumber.text(tile.x))\" y=\"\(SVGNumber.text(tile.y))\""
      out += " width=\"\(SVGNumber.text(tile.width))\" height=\"\(SVGNumber.text(tile.height))\""
      out += " preserveAspectRatio=\"none\" href=\"\(tile.dataURI)\"/>"
    }
    for (index, trace) in traces.enumerated() {
      out += rawDots(trace, activity: index)
    }
    for (index, trace) in traces.enumerated() {
      out += routes(trace, activity: index)
    }
    for trace in traces { out += refusals(trace) }
    for trace in traces { out += stops(trace) }
    for (index, trace) in traces.enumerated() { out += ends(trace, activity: index) }
    out += scaleBar() + northArrow()
    return out + "</svg>"
  }

  /// Faint dots, one per pixel: a single path of zero-length round-capped strokes.
  private func rawDots(_ trace: ActivityTrace, activity: Int) -> String {
    let columns = Int(canvas.width) + 1
    var seen = [Bool](repeating: false, count: columns * (Int(canvas.height) + 1))
    var path = ""
    for coordinate in trace.rawCoordinates {
      let (x, y) = canvas.point(coordinate)
      let pixel =
        min(max(Int(y), 0), Int(canvas.height)) * columns + min(max(Int(x), 0), columns - 1)
      guard !seen[pixel] else { continue }
      seen[pixel] = true
      path += "M" + SVGNumber.wholePair((x, y)) + "h0"
    }
    guard !path.isEmpty else { return "" }
    return "<path class=\"raw raw-\(activity)\" d=\"\(path)\"><title>raw fixes</title></path>"
  }

  /// The cleaned route of each segment, split where its colour changes.
  private func routes(_ trace: ActivityTrace, activity: Int) -> String {
    var out = "<g class=\"route route-\(activity)\">"
    for route in trace.routes {
      let kept = DouglasPeucker.simplifiedIndices(
        of: route.map(\.coordinate), toleranceMeters: canvas.metersPerPixel)
      guard !kept.isEmpty else { continue }
      // Each kept vertex projected and written once, for the casing and the coloured runs.
      let vertices = kept.map { SVGNumber.wholePair(canvas.point(route[$0].coordinate)) }
      out += "<polyline class=\"casing\" points=\"\(vertices.joined(separator: " "))\"/>"
      let single = traces.count == 1
      var runClass = -1
      var points = ""
      func flush() {
        guard !points.isEmpty else { return }
        let style = single ? "speed-\(runClass)" : "activity-\(activity)"
        out += "<polyline class=\"line \(style)\" points=\"\(points)\"/>"
      }
      for vertex in kept.indices.dropFirst() {
        let speeds = route[(kept[vertex - 1] + 1)...kept[vertex]].compactMap(\.speedMetersPerSecond)
        let speed = speeds.isEmpty ? 0 : speeds.reduce(0, +) / Double(speeds.count)
        let speedClass = single ? speedClasses.index(ofMetersPerSecond: speed) : 0
        if speedClass != runClass {
          flush()
          runClass = speedClass
          points = vertices[vertex - 1]
        }
        points += " " + vertices[vertex]
      }
      flush()
    }
    return out + "</g>"
  }

  private func refusals(_ trace: ActivityTrace) -> String {
    var out = "<g class=\"refusals\">"
    var seen = Set<Int>()
    let thinned = trace.refusals.count > Self.individuallyMarkedRefusals
    for refusal in trace.refusals {
      var (x, y) = canvas.point(refusal.coordinate)
      let inside = (0...canvas.width).contains(x) && (0...canvas.height).contains(y)
      (x, y) = (min(max(x, 5), canvas.width - 5), min(max(y, 5), canvas.height - 5))
      let reason = reasons.firstIndex(of: refusal.reason) ?? 0
      if thinned, !seen.insert(Int(x) << 24 | Int(y) << 8 | reason).inserted { continue }
      var title = refusal.reason.code
      if let time = refusal.timeSeconds { title += " at " + ReportTime.clock(time) }
      if let accuracy = refusal.accuracyMeters {
        title += ", accuracy " + ReportNumber.format(accuracy, digits: 1) + " m"
      }
      if !inside { title += " (beyond the map's edge, marked on it)" }
      out +=
        "<path class=\"refused reason-\(reason)\" d=\"M\(SVGNumber.pair(x - 3, y - 3))l6,6m0,-6l-6,6\">"
      out += "<title>\(HTMLText.escaped(title))</title></path>"
    }
    return out + "</g>"
  }

  private func stops(_ trace: ActivityTrace) -> String {
    var out = "<g class=\"stops\">"
    for stop in trace.stops {
      guard let duration = stop.durationSeconds, duration >= ActivityTrace.mappedStopSeconds
      else { continue }
      let (x, y) = canvas.point(stop.coordinate)
      let label = ReportNumber.duration(duration)
      out +=
        "<g class=\"stop\"><circle cx=\"\(SVGNumber.text(x))\" cy=\"\(SVGNumber.text(y))\" r=\"6\"/>"
      out += "<text x=\"\(SVGNumber.text(x + 8))\" y=\"\(SVGNumber.text(y - 8))\">\(label)</text>"
      out += "<title>stop, \(label)</title></g>"
    }
    return out + "</g>"
  }

  /// Start as a triangle, finish as a square: told apart by shape, not only colour.
  private func ends(_ trace: ActivityTrace, activity: Int) -> String {
    var out = ""
    if let start = trace.start {
      let (x, y) = canvas.point(start)
      out +=
        "<path class=\"start\" d=\"M\(SVGNumber.pair(x, y - 8))l7,12h-14z\"><title>start</title></path>"
    }
    if let finish = trace.finish {
      let (x, y) = canvas.point(finish)
      out +=
        "<rect class=\"finish\" x=\"\(SVGNumber.text(x - 5))\" y=\"\(SVGNumber.text(y - 5))\" width=\"10\" height=\"10\"><title>finish</title></rect>"
    }
    return out
  }

  private func scaleBar() -> String {
    // About a fifth of the map's width, a round number of meters.
    let meters = ReportNumber.roundStep(canvas.metersPerPixel * canvas.width / 5)
    let length = meters / canvas.metersPerPixel
    let label =
      meters >= 1000
      ? ReportNumber.format(meters / 1000, digits: meters >= 10_000 ? 0 : 1) + " km"
      : "\(Int(meters)) m"
    let y = canvas.height - 12
    return
      "<g class=\"scale\"><path d=\"M12,\(SVGNumber.text(y - 5))v5h\(SVGNumber.text(length))v-5\"/>"
      + "<text x=\"\(SVGNumber.text(12 + length + 6))\" y=\"\(SVGNumber.text(y))\">\(label)</text></g>"
  }

  private func northArrow() -> String {
    let x = canvas.width - 20
    return "<g class=\"north\"><path d=\"M\(SVGNumber.pair(x, 10))l6,16l-6,-5l-6,5z\"/>"
      + "<text x=\"\(SVGNumber.text(x))\" y=\"40\" text-anchor=\"middle\">N</text></g>"
  }
}
