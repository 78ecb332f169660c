import TrackSift

/// The geometry a simulated route is built from (see ``SimulatedRoute/make(_:origin:lengthMeters:random:)``).
public enum RouteShape: Sendable, Hashable {
  /// A procedural closed walk on a street grid: 90-degree corners every 80-250 m.
  case streetGrid
  /// Straight out, a 180-degree hairpin of 3-5 m radius, and back on a parallel line a few
  /// meters over; a second hairpin closes the loop at the start.
  case outAndBackWithHairpin
  /// The standard 400 m athletics track (two 84.39 m straights, bends of 36.5 m kerb radius),
  /// run on the measurement line 0.30 m outside the kerb.
  case athleticsTrack
  /// A zigzag climb with tight (160-degree) turns, walked up and back down: 8 % on average, on
  /// a steep mountainside.
  case switchbacks
  /// A winding path over the top of a hill of 60-90 m, from its foot on one side to its foot
  /// on the other, and back.
  case hill
  /// A road up a mountainside, climbing 5.5-7.5 % on average: legs of 350-750 m across the
  /// slope joined by 150-degree hairpins, ridden up and back down.
  case mountainRoad
  /// A given path; its corners are rounded with a 5 m radius. Closed when its ends are within
  /// 20 m of each other, otherwise walked back and forth.
  case polyline([Coordinate])
}

extension RouteShape {
  /// A short name for case names and tables: `streetGrid`, `outAndBack`, `track`,
  /// `switchbacks`, `hill`, `mountainRoad` or `polyline`.
  public var name: String {
    switch self {
    case .streetGrid: "streetGrid"
    case .outAndBackWithHairpin: "outAndBack"
    case .athleticsTrack: "track"
    case .switchbacks: "switchbacks"
    case .hill: "hill"
    case .mountainRoad: "mountainRoad"
    case .polyline: "polyline"
    }
  }
}
