/// Where a simulated recording's altitudes come from.
///
/// In the standard suite (``ScenarioConfiguration/standardSuite(durationSeconds:seeds:)``)
/// watches record barometric altitude, as sports watches with a barometer do, and phones GNSS
/// altitude. See <doc:SimulatedAltimeters> for both error models.
public enum SimulatedAltimeter: String, Sendable, Hashable, CaseIterable, Codable {
  /// The receiver's GNSS altitude: the ground plus a wander 1.5 times the horizontal error,
  /// with a vertical accuracy reported beside it.
  case gnss
  /// A barometric altimeter: the ground plus a calibration offset, a scale error from the air's
  /// temperature, a weather drift and small noise, at 0.2 m resolution, with no vertical
  /// accuracy (as FIT files and watch APIs give it).
  case barometric
}
