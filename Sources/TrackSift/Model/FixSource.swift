/// Where a position came from.
///
/// Only satellite fixes are trusted for maximum speed; network (cell or Wi-Fi) positions are
/// typically tens to thousands of meters off and are refused by most gate presets.
public enum FixSource: String, Sendable, Hashable, Codable, CaseIterable {
  /// A GNSS receiver's own solution (GPS, GLONASS, Galileo, BeiDou).
  case satellite
  /// A cell-tower or Wi-Fi position.
  case network
  /// A platform's fused provider, which mixes satellites, network and inertial sensors.
  case fused
  /// Produced by a simulator.
  case simulated
  /// The source is not known (most files do not say).
  case unknown
}

extension FixSource {
  /// Whether a speed at a fix from this source may set the maximum speed.
  var countsForMaximumSpeed: Bool {
    switch self {
    case .satellite, .simulated, .unknown: true
    case .network, .fused: false
    }
  }
}
