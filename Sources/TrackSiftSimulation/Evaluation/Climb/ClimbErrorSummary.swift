/// The refined climb's errors over the simulated suite, without and with a DEM, for all
/// recordings together and per device, environment and altimeter.
///
/// The median and worst |error| are over every recording with a scored climb (a true climb of
/// a meter or more); the most negative error, which shows over-smoothing, is over the
/// recordings with a real climb only (``realClimbMeters`` or more).
public struct ClimbErrorSummary: Sendable, Codable {
  /// A true climb at least this large, in meters, is a real climb.
  public static let realClimbMeters = 50.0

  /// How the recordings of a row are chosen.
  public enum Grouping: String, Sendable, Hashable, Codable {
    /// Every recording.
    case all
    /// The recordings of one ``SimulatedDevice``.
    case device
    /// The recordings of one ``SimulatedEnvironment``.
    case environment
    /// The recordings of one ``SimulatedAltimeter``.
    case altimeter
  }

  /// The errors of one set of recordings, one way of counting the climb.
  public struct Figures: Sendable, Hashable, Codable {
    /// Median |error|, percent.
    public var medianAbsolutePercent: Double?
    /// Largest |error|, percent.
    public var worstAbsolutePercent: Double?
    /// Most negative error over the real climbs, percent (negative: too little climb).
    public var mostNegativePercent: Double?

    /// The figures of `scores`, reading each one's error with `error`.
    public init(_ scores: [ClimbScore], error: (ClimbScore) -> Double?) {
      let errors = scores.compactMap(error)
      let magnitudes = errors.map(abs).sorted()
      medianAbsolutePercent =
        magnitudes.isEmpty ? nil : Scorer.percentile(magnitudes, 0.5)
      worstAbsolutePercent = magnitudes.last
      mostNegativePercent =
        scores
        .filter { $0.trueClimbMeters >= ClimbErrorSummary.realClimbMeters }
        .compactMap(error).min()
    }
  }

  /// One set of recordings.
  public struct Row: Sendable, Hashable, Codable {
    /// How the recordings were chosen.
    public var grouping: Grouping
    /// The device, environment or altimeter chosen (`all` for every recording).
    public var name: String
    /// Recordings with a scored climb.
    public var caseCount: Int
    /// Of those, the real climbs.
    public var realClimbCount: Int
    /// The climb counted without a DEM.
    public var withoutDEM: Figures
    /// The climb counted with the DEM.
    public var withDEM: Figures
  }

  /// The rows: all, then each device, environment and altimeter present, in their declared
  /// order.
  public var rows: [Row]

  /// Reduces the scores of a suite.
  public init(scores: [ClimbScore]) {
    let scored = scores.filter { $0.errorPercent != nil || $0.withDEMErrorPercent != nil }
    var groups: [(Grouping, String, [ClimbScore])] = [(.all, "all", scored)]
    for device in SimulatedDevice.allCases {
      groups.append((.device, device.rawValue, scored.filter { $0.device == device }))
    }
    for environment in SimulatedEnvironment.allCases {
      groups.append(
        (.environment, environment.rawValue, scored.filter { $0.environment == environment }))
    }
    for altimeter in SimulatedAltimeter.allCases {
      groups.append(
        (.altimeter, altimeter.rawValue, scored.filter { $0.altimeter == altimeter }))
    }
    rows = groups.filter { !$0.2.isEmpty }.map { grouping, name, scores in
      Row(
        grouping: grouping, name: name, caseCount: scores.count,
        realClimbCount: scores.filter { $0.trueClimbMeters >= Self.realClimbMeters }.count,
        withoutDEM: Figures(scores, error: \.errorPercent),
        withDEM: Figures(scores, error: \.withDEMErrorPercent))
    }
  }

  /// The row of `grouping` named `name`, if any recording is in it.
  public func row(_ grouping: Grouping, _ name: String) -> Row? {
    rows.first { $0.grouping == grouping && $0.name == name }
  }
}
