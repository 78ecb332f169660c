import Foundation
import TrackSift

/// One self-contained HTML page that shows what TrackSift did with one or more recordings:
/// a map of the raw fixes and the cleaned route with every refused fix and stop, charts
/// against distance or time, the figures side by side, splits, verdicts, and what the reader
/// passed over.
///
/// The page opens offline from disk and makes no request: everything is inline SVG and CSS,
/// it has no script (a Content-Security-Policy forbids any, and any network fetch), and a
/// basemap, where one is given, is embedded from a local MBTiles file. Several activities (the
/// same route recorded by two devices) share one map and one set of charts, each in its own
/// colour. Every string from a file is escaped (see ``HTMLText``).
///
/// - Complexity: O(n) in the fixes; the page's size is bounded by its drawing (about a pixel
///   of route per vertex, two points per chart column), not by the recording's length.
public struct ActivityReport: Sendable {
  /// The activities on the page, in order.
  public var activities: [ReportedActivity]
  /// Raster tiles drawn under the route, when given.
  public var basemap: MBTilesBasemap?
  /// Whether the page carries its Content-Security-Policy (tests turn it off to check that
  /// escaping alone keeps hostile strings inert).
  var includesSecurityPolicy = true

  /// The policy: nothing is fetched, nothing runs; inline styles and embedded images only.
  public static let contentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

  /// A report of `activities`, optionally over a basemap.
  public init(activities: [ReportedActivity], basemap: MBTilesBasemap? = nil) {
    self.activities = activities
    self.basemap = basemap
  }

  /// The page.
  public func html() -> String {
    let traces = activities.map(ActivityTrace.init)
    let reasons = Self.reasons(of: activities)
    let speedClasses = SpeedClasses(
      speedsMetersPerSecond: traces.flatMap {
        $0.routes.joined().compactMap(\.speedMetersPerSecond)
      })
    // The map frames the cleaned route (the raw fixes where there is none): a refused fix
    // kilometers away would otherwise shrink the route to a few pixels; it is marked at the
    // edge instead.
    let routes = traces.flatMap { $0.routes.joined().map(\.coordinate) }
    let canvas = MapCanvas(fitting: routes.isEmpty ? traces.flatMap(\.rawCoordinates) : routes)
    var map = MapDrawing(
      canvas: canvas, traces: traces, speedClasses: speedClasses, reasons: reasons)
    map.basemap = basemap?.tiles(covering: canvas) ?? []
    let title = activities.map(\.title).joined(separator: " · ")
    var out = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
    if includesSecurityPolicy {
      out +=
        "<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.contentSecurityPolicy)\">"
    }
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    out += "<meta name=\"generator\" content=\"TrackSift \(TrackSiftVersion.string)\">"
    out += "<title>\(HTMLText.escaped(title)) – TrackSift report</title>"
    out += "<style>\(ReportStyle.css)</style></head><body>"
    out += "<header><h1>\(HTMLText.escaped(title))</h1>"
    out +=
      "<p class=\"meta\">TrackSift \(TrackSiftVersion.string) report · times in UTC</p></header>"
    out += "<section class=\"cards\">"
    for (index, activity) in activities.enumerated() {
      out += ReportTables.summary(activity, index: index)
    }
    out += "</section><section class=\"map-section\"><h2>Map</h2>"
    if traces.allSatisfy({ $0.rawCoordinates.isEmpty }) {
      // An indoor or treadmill file: its device totals above are all there is.
      out += "<p class=\"no-map\">No position in the file: nothing to draw.</p>"
    } else {
      out += map.svg()
      out += ReportLegend.map(
        activities: activities, traces: traces, speedClasses: speedClasses, reasons: reasons,
        basemap: map.basemap.isEmpty ? nil : basemap?.attribution)
    }
    out += "</section>" + ReportCharts.section(activities: activities, traces: traces)
    out += "<section class=\"tables\"><h2>Splits and verdicts</h2><div class=\"row\">"
    for activity in activities {
      out += ReportTables.splits(activity) + ReportTables.verdicts(activity, reasons: reasons)
    }
    out += "</div></section>"
    let files = activities.map(ReportTables.file).joined()
    if !files.isEmpty { out += "<section class=\"files\"><h2>From the file</h2>\(files)</section>" }
    out += "<script type=\"application/json\" id=\"tracksift-data\">"
    out += HTMLText.scriptSafeJSON(ReportData.json(activities)) + "</script>"
    return out + "</body></html>"
  }

  /// Every refusal reason of the activities, in a fixed order, for stable colours.
  static func reasons(of activities: [ReportedActivity]) -> [RejectionReason] {
    let present = Set(activities.flatMap { $0.analysis.verdictCounts.rejections.map(\.reason) })
    return RejectionReason.allCases.filter(present.contains)
  }
}
