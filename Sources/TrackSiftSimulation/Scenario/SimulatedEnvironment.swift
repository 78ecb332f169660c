/// The surroundings of a simulated recording, which set the size and time scale of the position
/// error and the event rates (see `shared/ERROR-MODEL.md`).
public enum SimulatedEnvironment: String, Sendable, Hashable, CaseIterable, Codable {
  /// Open sky: fields, coasts, wide roads.
  case openSky
  /// Suburban streets with low buildings and some trees.
  case suburban
  /// Urban canyon: tall buildings on both sides, strong multipath.
  case urbanCanyon
  /// Forest under leaf-on canopy.
  case forest
}
