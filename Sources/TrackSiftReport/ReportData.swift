import Foundation
import TrackSift
import TrackSiftFormats

/// The figures behind the page as JSON, embedded for anyone who wants the numbers rather than
/// the picture (read it with `document.getElementById("tracksift-data")` or any HTML parser).
enum ReportData {
  /// One activity's figures.
  private struct Activity: Encodable {
    var title: String
    var profile: String
    var raw: ActivityMetrics
    var live: ActivityMetrics
    var refined: ActivityMetrics
    var device: DeviceTotals?
    var verdicts: [String: Int]
    var readerNotes: [String]
  }

  private struct Document: Encodable {
    var schema = 1
    var engine = TrackSiftVersion.string
    var activities: [Activity]
  }

  /// The JSON text (not yet made safe for a script element: see ``HTMLText/scriptSafeJSON(_:)``).
  static func json(_ activities: [ReportedActivity]) -> String {
    let document = Document(
      activities: activities.map { activity in
        var verdicts = ["accepted": activity.analysis.verdictCounts.acceptedCount]
        for (reason, count) in activity.analysis.verdictCounts.rejections {
          verdicts[reason.code] = count
        }
        // Splits once, the refined kilometers, as the page's table shows them: a long
        // recording's six lists of splits would outweigh the page.
        var raw = activity.analysis.rawMetrics
        var live = activity.analysis.liveMetrics
        var refined = activity.analysis.refinedMetrics
        (raw.kilometerSplits, raw.mileSplits, live.kilometerSplits, live.mileSplits) = (
          [], [], [], []
        )
        refined.mileSplits = []
        return Activity(
          title: HTMLText.sanitized(activity.title), profile: activity.profileName,
          raw: raw, live: live, refined: refined, device: activity.deviceTotals,
          verdicts: verdicts, readerNotes: activity.readerNotes.map(HTMLText.sanitized))
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let data = try? encoder.encode(document) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
