/// Which positions a cleaned track carries.
public enum Smoothing: String, Sendable, Hashable, CaseIterable, Codable {
  /// The Rauch-Tung-Striebel smoothed positions (after the activity; the best estimate).
  case rts
  /// The live positions, as a recording app showed them: the filter's, smoothed over the few
  /// fixes the recorder holds back.
  case live
  /// The accepted fixes' own positions, unfiltered.
  case none
}
