import Foundation

/// The climb sections: the watch files held to their devices' ascent, and the readers' test
/// files reported beside them.
extension RealDataReport {
  /// The climb of each watch file against its device's own ascent; held to the bound where
  /// the altitudes read as barometric (the device's ascent then comes from the same sensor).
  var climbSection: Section? {
    guard !climbs.isEmpty else { return nil }
    var table = RealDataTable(header: [
      "recording", "source", "against", "largest rise", "raw", "live", "refined",
    ])
    var checks: [RealDataCheck] = []
    for score in climbs where score.reference != .corpusDevice {
      if score.source == .barometer, score.reference == .device {
        checks.append(
          RealDataCheck(
            "\(score.name): refined climb against the device's ascent",
            score.errorPercent(score.refinedGainMeters), .within, Self.climbLimitPercent, " %"))
      }
      table.rows.append(
        Self.climbRow(
          score, against: "\(score.reference.rawValue) " + Self.meters(score.ascentMeters, "%.0f m")
        ))
    }
    return Section(
      title: "Climb against the device's own ascent (barometric recordings held to ±10 %) or a "
        + "survey-grade reference's (its altitudes counted swing by swing past 1 m); the largest "
        + "rise of the altitudes as read, from a low to a later high, which no count of them "
        + "that keeps a whole climb goes below",
      checks: checks, table: table)
  }

  /// The climb of the readers' test files against their devices' own ascents: reported, held
  /// to no target, with how many barometric ones lie within the watch files' bound.
  var corpusClimbSection: Section? {
    let scores = climbs.filter { $0.reference == .corpusDevice }
    guard !scores.isEmpty else { return nil }
    var table = RealDataTable(header: [
      "recording", "source", "device", "largest rise", "raw", "live", "refined",
    ])
    table.rows = scores.map {
      Self.climbRow($0, against: Self.meters($0.ascentMeters, "%.0f m"))
    }
    let barometric = scores.filter { $0.source == .barometer }
      .compactMap { $0.errorPercent($0.refinedGainMeters) }
    let within = barometric.filter { abs($0) <= Self.climbLimitPercent }.count
    return Section(
      title: "Climb of the readers' test files in corpus/ against their devices' own ascent "
        + "(FIT sessions of \(Int(Self.corpusLeastAscentMeters)) m or more, many devices; "
        + "reported, no target)",
      checks: [], table: table,
      notes: [
        "Barometric: refined within ±\(Int(Self.climbLimitPercent)) % of the device for "
          + "\(within) of \(barometric.count)"
      ])
  }

  /// A climb table's row: the recording, its source, what it is held against, its largest
  /// rise, and the raw, live and refined climb's error.
  private static func climbRow(_ score: RealClimbScore, against: String) -> [String] {
    [
      score.name, score.source?.rawValue ?? "–", against,
      meters(score.largestRiseMeters, "%.1f m"),
      percent(score.errorPercent(score.rawGainMeters)),
      percent(score.errorPercent(score.liveGainMeters)),
      percent(score.errorPercent(score.refinedGainMeters)),
    ]
  }

  /// The least device ascent of the corpus files whose climb is reported, in meters: under it
  /// a percentage says little.
  public static let corpusLeastAscentMeters = 10.0
}
