import TrackSiftSimulation

extension TargetReport {
  /// Largest median |climb error| with a DEM in any device or environment, percent.
  static let withDEMMedianPercent = 5.0
  /// Largest |climb error| with a DEM in any device or environment, percent.
  static let withDEMWorstPercent = 15.0
  /// Largest median |climb error| of barometric recordings without a DEM, percent.
  static let barometricMedianPercent = 10.0
  /// Largest median |climb error| of GNSS-only phones without a DEM, percent.
  static let gnssPhoneMedianPercent = 25.0
  /// Largest |climb error| of GNSS-only phones without a DEM, percent.
  static let gnssPhoneWorstPercent = 60.0
  /// Most negative climb error allowed on a real climb, percent.
  static let realClimbShortfallPercent = -5.0

  /// The climb targets of issue 32 ("honest climb") over the simulated suite's refined climbs.
  mutating func addClimbTargets(_ climbs: [ClimbScore]) {
    let summary = ClimbErrorSummary(scores: climbs)
    for row in summary.rows where row.grouping == .device || row.grouping == .environment {
      let name = "\(row.grouping.rawValue) \(row.name)"
      check(
        "climb with a DEM, median |%|, \(name)", row.withDEM.medianAbsolutePercent,
        Self.withDEMMedianPercent, " %", format: "%.1f")
      check(
        "climb with a DEM, worst |%|, \(name)", row.withDEM.worstAbsolutePercent,
        Self.withDEMWorstPercent, " %", format: "%.1f")
    }
    check(
      "climb without a DEM, median |%|, barometric altitude",
      summary.row(.altimeter, SimulatedAltimeter.barometric.rawValue)?.withoutDEM
        .medianAbsolutePercent, Self.barometricMedianPercent, " %", format: "%.1f")
    for device in [SimulatedDevice.phone, .dualFrequencyPhone] {
      let scores = climbs.filter { $0.device == device && $0.altimeter == .gnss }
      guard !scores.isEmpty else { continue }
      let figures = ClimbErrorSummary.Figures(scores, error: \.errorPercent)
      check(
        "climb without a DEM, median |%|, \(device.rawValue) (GNSS altitude)",
        figures.medianAbsolutePercent, Self.gnssPhoneMedianPercent, " %", format: "%.1f")
      check(
        "climb without a DEM, worst |%|, \(device.rawValue) (GNSS altitude)",
        figures.worstAbsolutePercent, Self.gnssPhoneWorstPercent, " %", format: "%.1f")
    }
    let real = "on a real climb (true climb ≥ \(Int(ClimbErrorSummary.realClimbMeters)) m)"
    let all = summary.row(.all, "all")
    check(
      "climb without a DEM, most negative error \(real)", all?.withoutDEM.mostNegativePercent,
      Self.realClimbShortfallPercent, atMost: false, " %", format: "%+.1f")
    check(
      "climb with a DEM, most negative error \(real)", all?.withDEM.mostNegativePercent,
      Self.realClimbShortfallPercent, atMost: false, " %", format: "%+.1f")
  }
}
