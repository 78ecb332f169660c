/// Where the altitudes a climb is counted on come from.
public enum ClimbSource: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// A terrain model the user supplied (DEM tiles), looked up at the refined positions.
  case terrainModel = "dem"
  /// The device's barometric altimeter (see ``AltitudeNoise`` for how it is recognised).
  case barometer = "barometric"
  /// The receiver's GNSS altitude.
  case gnss

  /// The source in words, as the outputs name it: `the terrain model (DEM)`.
  public var name: String {
    switch self {
    case .terrainModel: "the terrain model (DEM)"
    case .barometer: "the barometric altitude"
    case .gnss: "the GNSS altitude"
    }
  }

  /// Best first: a terrain model, then a barometer, then GNSS.
  public static func < (lhs: ClimbSource, rhs: ClimbSource) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
