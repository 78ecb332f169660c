import Foundation

/// The real-data suite's results, section by section, each with its targets checked (issue
/// 28's targets on `shared/data`) and its table.
public struct RealDataReport: Sendable, Codable {
  /// A drive with a survey-grade reference, and the targets it is held to.
  public struct Drive: Sendable, Codable {
    /// The scores.
    public var score: RealRecordingScore
    /// The cleaned file's p95 must be no worse than the raw fixes'.
    public var cleanedP95NoWorseThanRaw: Bool
    /// The refined distance must be no further from the truth than the raw fixes'.
    public var refinedDistanceNoWorseThanRaw: Bool
    /// A bound on the refined p95 in meters, if any.
    public var refinedP95LimitMeters: Double?
    /// A bound on the refined distance error in percent, if any.
    public var refinedDistanceLimitPercent: Double?

    /// Creates a drive.
    public init(
      score: RealRecordingScore, cleanedP95NoWorseThanRaw: Bool = false,
      refinedDistanceNoWorseThanRaw: Bool = false, refinedP95LimitMeters: Double? = nil,
      refinedDistanceLimitPercent: Double? = nil
    ) {
      self.score = score
      self.cleanedP95NoWorseThanRaw = cleanedP95NoWorseThanRaw
      self.refinedDistanceNoWorseThanRaw = refinedDistanceNoWorseThanRaw
      self.refinedP95LimitMeters = refinedP95LimitMeters
      self.refinedDistanceLimitPercent = refinedDistanceLimitPercent
    }
  }

  /// One section: a title, its checks and its table.
  public struct Section: Sendable {
    /// The title.
    public var title: String
    /// The targets, checked.
    public var checks: [RealDataCheck]
    /// The measurements.
    public var table: RealDataTable
    /// Lines printed after the table (a summary).
    public var notes: [String] = []
  }

  /// The bound on a loop run's distance error, in percent of 1710 m.
  public static let loopLimitPercent = 0.75
  /// The bound on the cleaned file's length against the refined distance, in percent.
  public static let cleanedLengthLimitPercent = 0.3
  /// Issue 32's bound on a barometric recording's climb against its device's ascent, in
  /// percent.
  public static let climbLimitPercent = 10.0

  /// The bound on the paired walks (each other, and each device's own total), in
  /// percent.
  public static let pairedLimitPercent = 3.0

  /// Drives with a reference trajectory.
  public var drives: [Drive] = []
  /// Runs round a course of known length.
  public var loops: [RealRecordingScore] = []
  /// Walks recorded by two devices.
  public var pairs: [PairedWalkScore] = []
  /// Recordings scored against the device's own total (the 10 km race).
  public var races: [RealRecordingScore] = []
  /// Every labelled spike log in every form.
  public var spikes: [SpikeLogScore] = []
  /// Recordings whose climb is scored against their device's own ascent.
  public var climbs: [RealClimbScore] = []
  /// How long the suite took, in seconds.
  public var seconds: Double = 0

  /// Creates an empty report.
  public init() {}

  /// Every check of every section.
  public var checks: [RealDataCheck] { sections.flatMap(\.checks) }

  /// The sections in print order: drives, loops, paired walks, the race, the spike logs.
  public var sections: [Section] {
    [
      driveSection, loopSection, pairSection, raceSection, spikeSection, climbSection,
      corpusClimbSection,
    ]
    .compactMap { $0 }
  }

  /// The report as text or Markdown, each section's targets before its table.
  public func text(markdown: Bool) -> String {
    var lines: [String] = []
    for section in sections {
      lines.append(markdown ? "### \(section.title)\n" : section.title)
      lines += section.checks.map { markdown ? $0.line : String($0.line.dropFirst(2)) }
      // A Markdown heading ends its own line; without checks, one blank line is enough.
      if !markdown || !section.checks.isEmpty { lines.append("") }
      lines.append(markdown ? section.table.markdown : section.table.text)
      if !section.notes.isEmpty {
        lines.append("")
        lines += section.notes
      }
      lines.append("")
    }
    let met = checks.filter(\.isMet).count
    lines.append("Real-data targets met: \(met) of \(checks.count).")
    return lines.joined(separator: "\n")
  }

  static func percent(_ value: Double?) -> String {
    value.map { String(format: "%+.2f %%", $0) } ?? "–"
  }

  static func meters(_ value: Double?, _ format: String = "%.2f") -> String {
    value.map { String(format: format, $0) } ?? "–"
  }

  /// The cleaned file's checks: its own length, and its refined figures when analysed again,
  /// against the recording's refined figures.
  private static func cleanedFileChecks(_ score: RealRecordingScore) -> [RealDataCheck] {
    [
      RealDataCheck(
        "\(score.name): cleaned file length against the refined distance",
        score.cleanedAgainstRefinedPercent, .within, cleanedLengthLimitPercent, " %"),
      RealDataCheck(
        "\(score.name): cleaned file analysed again, refined distance and moving time",
        score.reanalysedAgainstRefinedPercent, .within, cleanedLengthLimitPercent, " %"),
    ]
  }

  private var driveSection: Section? {
    guard !drives.isEmpty else { return nil }
    var checks: [RealDataCheck] = []
    var table = RealDataTable(header: [
      "drive (tolerance 0)", "raw p95", "refined p95", "cleaned p95", "raw dist.", "live dist.",
      "refined dist.", "cleaned file",
    ])
    for drive in drives {
      let score = drive.score
      if let limit = drive.refinedP95LimitMeters {
        checks.append(
          RealDataCheck("\(score.name): refined p95", score.refinedP95Meters, .atMost, limit, " m"))
      }
      if let limit = drive.refinedDistanceLimitPercent {
        checks.append(
          RealDataCheck(
            "\(score.name): refined distance error", score.errorPercent(score.refinedMeters),
            .within, limit, " %"))
      }
      if drive.cleanedP95NoWorseThanRaw {
        let ratio = score.cleanedFileP95Meters.flatMap { cleaned in
          score.rawP95Meters.map { cleaned / $0 }
        }
        checks.append(
          RealDataCheck("\(score.name): cleaned file's p95 against raw", ratio, .atMost, 1, "x"))
      }
      if drive.refinedDistanceNoWorseThanRaw {
        let excess = score.errorPercent(score.refinedMeters).flatMap { refined in
          score.errorPercent(score.rawMeters).map { abs(refined) - abs($0) }
        }
        checks.append(
          RealDataCheck(
            "\(score.name): refined |distance error| less raw's", excess, .atMost, 0, " pp"))
      }
      checks += Self.cleanedFileChecks(score)
      table.rows.append([
        score.name, Self.meters(score.rawP95Meters), Self.meters(score.refinedP95Meters),
        Self.meters(score.cleanedFileP95Meters), Self.percent(score.errorPercent(score.rawMeters)),
        Self.percent(score.errorPercent(score.liveMeters)),
        Self.percent(score.errorPercent(score.refinedMeters)),
        Self.percent(score.errorPercent(score.cleanedFileMeters)),
      ])
    }
    return Section(
      title: "Drives against survey-grade truth (p95 in meters at every fix; distance against "
        + "the reference's length)", checks: checks, table: table)
  }

  private var loopSection: Section? {
    guard !loops.isEmpty else { return nil }
    var checks: [RealDataCheck] = []
    var table = RealDataTable(header: [
      "loop run (1710 m)", "raw", "live", "refined", "cleaned file",
    ])
    for score in loops {
      checks.append(
        RealDataCheck(
          "\(score.name): refined distance error", score.errorPercent(score.refinedMeters),
          .within, Self.loopLimitPercent, " %"))
      checks.append(
        RealDataCheck(
          "\(score.name): cleaned file's length error", score.errorPercent(score.cleanedFileMeters),
          .within, Self.loopLimitPercent, " %"))
      checks += Self.cleanedFileChecks(score)
      table.rows.append([
        score.name, Self.percent(score.errorPercent(score.rawMeters)),
        Self.percent(score.errorPercent(score.liveMeters)),
        Self.percent(score.errorPercent(score.refinedMeters)),
        Self.percent(score.errorPercent(score.cleanedFileMeters)),
      ])
    }
    return Section(
      title: "Loop runs round a course measured at 1710 ± 10 m (distance error)", checks: checks,
      table: table)
  }

  private var pairSection: Section? {
    guard !pairs.isEmpty else { return nil }
    var checks: [RealDataCheck] = []
    var table = RealDataTable(header: [
      "walk, device", "device total", "of it at speed 0", "raw", "live", "refined",
      "cleaned file",
    ])
    let limit = Self.pairedLimitPercent
    for pair in pairs {
      checks.append(
        RealDataCheck(
          "\(pair.name): live distances against each other", pair.liveAgreementPercent, .within,
          limit, " %"))
      checks.append(
        RealDataCheck(
          "\(pair.name): refined distances against each other", pair.refinedAgreementPercent,
          .within, limit, " %"))
      for score in [pair.first, pair.second] {
        checks.append(
          RealDataCheck(
            "\(score.name): live against its own total", score.errorPercent(score.liveMeters),
            .within, limit, " %"))
        checks.append(
          RealDataCheck(
            "\(score.name): refined against its own total",
            score.errorPercent(score.refinedMeters), .within, limit, " %"))
        checks += Self.cleanedFileChecks(score)
        table.rows.append([
          score.name, Self.meters(score.referenceMeters, "%.0f m"),
          Self.meters(score.referenceAtZeroSpeedMeters, "%.0f m"),
          Self.percent(score.errorPercent(score.rawMeters)),
          Self.percent(score.errorPercent(score.liveMeters)),
          Self.percent(score.errorPercent(score.refinedMeters)),
          Self.percent(score.errorPercent(score.cleanedFileMeters)),
        ])
      }
      table.rows.append([
        "\(pair.name): first against second", Self.percent(pair.deviceAgreementPercent), "",
        Self.percent(Self.agreement(pair.first.rawMeters, pair.second.rawMeters)),
        Self.percent(pair.liveAgreementPercent), Self.percent(pair.refinedAgreementPercent),
        Self.percent(Self.agreement(pair.first.cleanedFileMeters, pair.second.cleanedFileMeters)),
      ])
    }
    return Section(
      title: "Paired walks (two devices on one walk; distance against each device's own "
        + "session total, and the first device against the second; of each total, what its "
        + "odometer added where its own speed read 0)", checks: checks,
      table: table)
  }

  private static func agreement(_ a: Double, _ b: Double) -> Double? {
    b > 0 ? (a / b - 1) * 100 : nil
  }

  private var raceSection: Section? {
    guard !races.isEmpty else { return nil }
    var checks: [RealDataCheck] = []
    var table = RealDataTable(header: [
      "race", "device total", "raw", "live", "refined", "cleaned file",
    ])
    for score in races {
      // The issue sets no bound on the race; the paired walks' bound on a device's own total
      // is the nearest.
      checks.append(
        RealDataCheck(
          "\(score.name): refined against the device (paired-walk bound)",
          score.errorPercent(score.refinedMeters), .within, Self.pairedLimitPercent, " %"))
      checks += Self.cleanedFileChecks(score)
      table.rows.append([
        score.name, Self.meters(score.referenceMeters, "%.1f m"),
        Self.percent(score.errorPercent(score.rawMeters)),
        Self.percent(score.errorPercent(score.liveMeters)),
        Self.percent(score.errorPercent(score.refinedMeters)),
        Self.percent(score.errorPercent(score.cleanedFileMeters)),
      ])
    }
    return Section(
      title: "The 10 km race against its device's distance", checks: checks, table: table)
  }

  private var spikeSection: Section? {
    guard !spikes.isEmpty else { return nil }
    var table = RealDataTable(header: [
      "spike log", "form", "spike", "genuine top", "raw max", "refined max", "best 2 s",
      "cleaned max", "spike out of max/2 s/file", "genuine kept",
    ])
    func speed(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
    func mark(_ value: Bool) -> String { value ? "yes" : "NO" }
    for score in spikes {
      table.rows.append([
        score.label.file, score.form.rawValue, speed(score.label.spikeMetersPerSecond),
        speed(score.label.genuineTopMetersPerSecond), speed(score.rawMaximumMetersPerSecond),
        speed(score.refinedMaximumMetersPerSecond),
        speed(score.refinedBestTwoSecondMetersPerSecond),
        speed(score.cleanedFileMaximumMetersPerSecond),
        [score.isCaughtInMaximum, score.isCaughtInBestTwoSeconds, score.isCaughtInCleanedFile]
          .map(mark).joined(separator: "/"),
        mark(score.isGenuineKept),
      ])
    }
    let count = Double(spikes.count)
    let caught = Double(spikes.filter(\.isCaught).count)
    let kept = Double(spikes.filter(\.isGenuineKept).count)
    let checks = [
      RealDataCheck(
        "labelled spikes out of the maximum, best 2 s and cleaned file", caught, .atLeast, count, ""
      ),
      RealDataCheck("genuine tops kept within 5 %", kept, .atLeast, count, ""),
    ]
    var notes: [String] = []
    for form in SpikeLogForm.allCases {
      let scores = spikes.filter { $0.form == form }
      guard !scores.isEmpty else { continue }
      notes.append(
        "\(form.rawValue): spikes caught \(scores.filter(\.isCaught).count)/\(scores.count) "
          + "(maximum \(scores.filter(\.isCaughtInMaximum).count), best 2 s "
          + "\(scores.filter(\.isCaughtInBestTwoSeconds).count), cleaned file "
          + "\(scores.filter(\.isCaughtInCleanedFile).count)), genuine kept "
          + "\(scores.filter(\.isGenuineKept).count)/\(scores.count)")
    }
    notes.append(
      "All forms: spikes caught \(Int(caught))/\(spikes.count), genuine kept "
        + "\(Int(kept))/\(spikes.count)")
    return Section(
      title: "Labelled speed spikes (m/s; cycling profile; a spike is caught in a figure at most "
        + "5 % above the log's genuine top, a genuine top kept when the refined maximum and the "
        + "cleaned file's highest speed are within 5 % below it)", checks: checks, table: table,
      notes: notes)
  }
}
