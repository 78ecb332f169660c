/// The class of receiver being simulated.
public enum SimulatedDevice: String, Sendable, Hashable, CaseIterable, Codable {
  /// A single-frequency (L1) phone.
  case phone
  /// A sports watch: heavier chip filtering, wrist motion in the Doppler speed, no network fixes.
  case watch
  /// A dual-frequency (L1 + L5) phone: smaller multipath error; event rates and sizes halved.
  case dualFrequencyPhone
}
