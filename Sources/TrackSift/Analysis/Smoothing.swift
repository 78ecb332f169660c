/// Which positions a cleaned track carries.
public enum Smoothing: String, Sendable, Hashable, CaseIterable, Codable {
  /// The Rauch-Tung-Striebel smoothed positions (after the activity; the best estimate).
  case rts
  /// The live filter's positions, as a recording app showed them.
  case live
  /// The accepted fixes' own positions, unfiltered.
  case none
}
