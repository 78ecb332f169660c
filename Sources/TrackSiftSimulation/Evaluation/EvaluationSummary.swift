import Foundation

/// The figures of every pipeline over a set of cases, reduced to one row each: medians where
/// the typical case matters, worst cases where a promise must hold everywhere.
public struct EvaluationSummary: Sendable, Codable {
  /// One pipeline's row.
  public struct Row: Sendable, Hashable, Codable {
    /// The pipeline's name.
    public var pipeline: String
    /// Median of |distance error| over the cases, percent.
    public var distanceErrorMedianPercent: Double?
    /// Largest |distance error|, percent.
    public var distanceErrorWorstPercent: Double?
    /// Median of the signed distance errors, percent (negative: short).
    public var distanceErrorSignedMedianPercent: Double?
    /// Median share of the true distance travelled before the receiver's first fix, percent:
    /// not seen by any pipeline, and left out of the distance errors.
    public var unseenDistanceMedianPercent: Double?
    /// Median of the cases' 95th-percentile horizontal error, meters.
    public var horizontalErrorP95MedianMeters: Double?
    /// Largest ratio of a case's p95 error to the raw fixes' p95 error.
    public var horizontalErrorP95WorstRatioToRaw: Double?
    /// Median of |climb error|, percent.
    public var elevationGainErrorMedianPercent: Double?
    /// Largest |climb error|, percent.
    public var elevationGainErrorWorstPercent: Double?
    /// Median of |moving-time error|, percent.
    public var movingTimeErrorMedianPercent: Double?
    /// Median distance counted while truly stopped, meters per minute of stop.
    public var stoppedDistanceMedianMetersPerMinute: Double?
    /// Largest distance counted while truly stopped, meters per minute.
    public var stoppedDistanceWorstMetersPerMinute: Double?
    /// Distance counted while truly stopped over all the cases' stops together, meters per
    /// minute of stop.
    public var stoppedDistancePooledMetersPerMinute: Double?
    /// Median stop F1.
    public var stopF1Median: Double?
    /// Median stop latency, seconds.
    public var stopLatencyMedianSeconds: Double?
    /// Largest share of steady moving fixes shown stopped, percent.
    public var falseStopWorstPercent: Double?
    /// Shown stops holding no truly stopped fix, over all the cases.
    public var falseStopTotalCount: Double?
    /// Median displayed-speed error on steady stretches, percent.
    public var paceErrorMedianPercent: Double?
    /// Median lag of the displayed speed after a change of pace, seconds.
    public var paceLagMedianSeconds: Double?
    /// Largest launch overshoot of the displayed speed, m/s.
    public var launchOvershootWorstMetersPerSecond: Double?
    /// Spikes over 30 m refused or corrected, pooled over the cases, percent.
    public var spikeRecallPercent: Double?
    /// Mean share of good fixes refused, percent.
    public var goodFixesRejectedPercent: Double?
    /// Largest ratio of the corner cross-track error to the raw fixes'.
    public var cornerCrossTrackWorstRatioToRaw: Double?
    /// Largest ratio of the hairpin cross-track error to the raw fixes'.
    public var hairpinCrossTrackWorstRatioToRaw: Double?
    /// Median point reduction of the simplified route, percent.
    public var simplificationReductionMedianPercent: Double?
    /// Largest deviation of a dropped point from the simplified line, meters.
    public var simplificationMaximumDeviationMeters: Double?
  }

  /// The number of cases.
  public var caseCount: Int
  /// One row per pipeline, in the order scored.
  public var rows: [Row]

  /// Reduces per-case score cards (each case's cards in the same pipeline order, the raw
  /// fixes among them if ratios to raw are wanted).
  ///
  /// - Parameters:
  ///   - cards: One array of score cards per case, each in the same pipeline order.
  ///   - signed: keep the sign of the distance and moving-time errors (for a single
  ///     recording, where too long and too short should show); by default their magnitudes.
  public init(cards: [[ScoreCard]], signed: Bool = false) {
    let magnitude: (Double) -> Double = signed ? { $0 } : { abs($0) }
    caseCount = cards.count
    let pipelineCount = cards.first?.count ?? 0
    let rawIndex = cards.first?.firstIndex { $0.pipeline == EvaluatedPipeline.raw.name }
    rows = (0..<pipelineCount).map { column in
      let column = cards.map { $0[column] }
      let raw = rawIndex.map { index in cards.map { $0[index] } }
      func values(_ value: (ScoreCard) -> Double?) -> [Double] { column.compactMap(value) }
      func ratios(_ value: (ScoreCard) -> Double?) -> [Double] {
        guard let raw else { return [] }
        return zip(column, raw).compactMap { card, rawCard in
          guard let mine = value(card), let theirs = value(rawCard), theirs > 0 else { return nil }
          return mine / theirs
        }
      }
      let spikes = column.compactMap { card in
        card.spikeCount.map { ($0, Double($0) * (card.spikeRecallPercent ?? 100) / 100) }
      }
      let spikeTotal = spikes.reduce(0) { $0 + $1.0 }
      let stops = column.compactMap { card in
        card.stoppedMinutes.flatMap { minutes in
          card.stoppedDistanceMetersPerMinute.map { (meters: $0 * minutes, minutes: minutes) }
        }
      }
      let stoppedMinutes = stops.reduce(0) { $0 + $1.minutes }
      return Row(
        pipeline: column.first?.pipeline ?? "",
        distanceErrorMedianPercent: median(values { $0.distanceErrorPercent.map(magnitude) }),
        distanceErrorWorstPercent: values { $0.distanceErrorPercent.map(magnitude) }.max(),
        distanceErrorSignedMedianPercent: median(values(\.distanceErrorPercent)),
        unseenDistanceMedianPercent: median(values(\.unseenDistancePercent)),
        horizontalErrorP95MedianMeters: median(values(\.horizontalErrorP95Meters)),
        horizontalErrorP95WorstRatioToRaw: ratios(\.horizontalErrorP95Meters).max(),
        elevationGainErrorMedianPercent: median(
          values { $0.elevationGainErrorPercent.map(magnitude) }),
        elevationGainErrorWorstPercent: values { $0.elevationGainErrorPercent.map(magnitude) }
          .max(),
        movingTimeErrorMedianPercent: median(values { $0.movingTimeErrorPercent.map(magnitude) }),
        stoppedDistanceMedianMetersPerMinute: median(values(\.stoppedDistanceMetersPerMinute)),
        stoppedDistanceWorstMetersPerMinute: values(\.stoppedDistanceMetersPerMinute).max(),
        stoppedDistancePooledMetersPerMinute: stoppedMinutes > 0
          ? stops.reduce(0) { $0 + $1.meters } / stoppedMinutes : nil,
        stopF1Median: median(values(\.stopF1)),
        stopLatencyMedianSeconds: median(values(\.stopLatencySeconds)),
        falseStopWorstPercent: values(\.falseStopPercent).max(),
        falseStopTotalCount: column.contains { $0.falseStopCount != nil }
          ? Double(column.reduce(0) { $0 + ($1.falseStopCount ?? 0) }) : nil,
        paceErrorMedianPercent: median(values(\.paceErrorPercent)),
        paceLagMedianSeconds: median(values(\.paceLagSeconds)),
        launchOvershootWorstMetersPerSecond: values(\.launchOvershootMetersPerSecond).max(),
        spikeRecallPercent: spikeTotal > 0
          ? spikes.reduce(0) { $0 + $1.1 } / Double(spikeTotal) * 100 : nil,
        goodFixesRejectedPercent: mean(values(\.goodFixesRejectedPercent)),
        cornerCrossTrackWorstRatioToRaw: ratios(\.cornerCrossTrackMeters).max(),
        hairpinCrossTrackWorstRatioToRaw: ratios(\.hairpinCrossTrackMeters).max(),
        simplificationReductionMedianPercent: median(values(\.simplificationReductionPercent)),
        simplificationMaximumDeviationMeters: values(\.simplificationMaximumDeviationMeters).max())
    }
  }

  /// The columns of the tables: title and value.
  private static let columns: [(title: String, value: @Sendable (Row) -> Double?, digits: Int)] = [
    ("dist err med %", \.distanceErrorMedianPercent, 2),
    ("dist err worst %", \.distanceErrorWorstPercent, 2),
    ("p95 med m", \.horizontalErrorP95MedianMeters, 1),
    ("p95 worst /raw", \.horizontalErrorP95WorstRatioToRaw, 2),
    ("climb err med %", \.elevationGainErrorMedianPercent, 1),
    ("climb err worst %", \.elevationGainErrorWorstPercent, 1),
    ("moving time err med %", \.movingTimeErrorMedianPercent, 1),
    ("stopped m/min med", \.stoppedDistanceMedianMetersPerMinute, 2),
    ("stopped m/min worst", \.stoppedDistanceWorstMetersPerMinute, 2),
    ("stop F1 med", \.stopF1Median, 2),
    ("stop latency med s", \.stopLatencyMedianSeconds, 1),
    ("false stop worst %", \.falseStopWorstPercent, 2),
    ("false stops", \.falseStopTotalCount, 0),
    ("pace err med %", \.paceErrorMedianPercent, 1),
    ("pace lag med s", \.paceLagMedianSeconds, 1),
    ("launch worst m/s", \.launchOvershootWorstMetersPerSecond, 2),
    ("spikes caught %", \.spikeRecallPercent, 1),
    ("good refused %", \.goodFixesRejectedPercent, 2),
    ("corner /raw worst", \.cornerCrossTrackWorstRatioToRaw, 2),
    ("hairpin /raw worst", \.hairpinCrossTrackWorstRatioToRaw, 2),
    ("simplified −% med", \.simplificationReductionMedianPercent, 1),
    ("simplified dev max m", \.simplificationMaximumDeviationMeters, 2),
  ]

  /// The worst-case twins of median columns: over a single recording they say the same.
  private static let worstTwins: Set<String> = [
    "dist err worst %", "climb err worst %", "stopped m/min worst",
  ]

  /// The columns with at least one value (a real recording knows no stops, for example); over
  /// a single recording, one column a figure, without "med" and "worst" in the titles.
  private var shownColumns: [(title: String, value: @Sendable (Row) -> Double?, digits: Int)] {
    let present = Self.columns.filter { column in rows.contains { column.value($0) != nil } }
    guard caseCount == 1 else { return present }
    return present.filter { !Self.worstTwins.contains($0.title) }.map { column in
      let title = column.title.split(separator: " ")
        .filter { $0 != "med" && $0 != "worst" }.joined(separator: " ")
      return (title, column.value, column.digits)
    }
  }

  /// A Markdown table, pipelines as rows.
  public var markdown: String {
    let columns = shownColumns
    let header = "| pipeline | " + columns.map(\.title).joined(separator: " | ") + " |"
    let rule = "|---|" + String(repeating: "---:|", count: columns.count)
    let lines = rows.map { row in
      "| \(row.pipeline) | "
        + columns.map { Self.format($0.value(row), $0.digits) }.joined(separator: " | ") + " |"
    }
    return ([header, rule] + lines).joined(separator: "\n")
  }

  /// A plain-text table for terminals, in blocks of six columns.
  public var text: String {
    let columns = shownColumns
    let names = ["pipeline"] + rows.map(\.pipeline)
    var blocks: [String] = []
    for start in stride(from: 0, to: columns.count, by: 6) {
      var table = [names]
      for column in columns[start..<min(start + 6, columns.count)] {
        table.append([column.title] + rows.map { Self.format(column.value($0), column.digits) })
      }
      let widths = table.map { $0.map(\.count).max() ?? 0 }
      let lines = names.indices.map { line in
        table.enumerated().map { index, column in
          index == 0
            ? column[line].padding(toLength: widths[index], withPad: " ", startingAt: 0)
            : String(repeating: " ", count: widths[index] - column[line].count) + column[line]
        }.joined(separator: "  ")
      }
      blocks.append(lines.joined(separator: "\n"))
    }
    return blocks.joined(separator: "\n\n")
  }

  private static func format(_ value: Double?, _ digits: Int) -> String {
    guard let value, value.isFinite else { return "–" }
    return String(format: "%.\(digits)f", value)
  }
}

private func median(_ values: [Double]) -> Double? {
  values.isEmpty ? nil : Scorer.percentile(values.sorted(), 0.5)
}

private func mean(_ values: [Double]) -> Double? {
  values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
}
