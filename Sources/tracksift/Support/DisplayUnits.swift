import TrackSift

/// The units every distance, speed, pace and climb is shown in.
enum DisplayUnits: String, CaseIterable, Sendable {
  /// Kilometers, meters, km/h, pace per kilometer.
  case metric
  /// Miles, feet, mph, pace per mile.
  case imperial

  /// The international mile, in meters.
  static let metersPerMile = 1_609.344
  /// The international foot, in meters.
  static let metersPerFoot = 0.3048

  /// The unit of paces and, by default, of splits.
  var splitUnit: SplitUnit { self == .metric ? .kilometer : .mile }

  /// `/km` or `/mi`.
  var paceSuffix: String { self == .metric ? "/km" : "/mi" }
}

extension ActivityKind {
  /// Whether figures are shown as a speed (cycling, driving) rather than a pace (walking,
  /// running), as the sports' own devices show them.
  var showsSpeed: Bool { self == .cycling || self == .driving }
}
