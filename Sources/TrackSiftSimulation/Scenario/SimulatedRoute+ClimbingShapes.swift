import Foundation

extension SimulatedRoute {
  /// The path of ``RouteShape/hill``: straights of 150-300 m joined by bends of 15-45 degrees
  /// on radii of 25-50 m (gentle: no corners), turning left and right in turn so the path keeps
  /// its general direction, which is random.
  static func windingPath(lengthMeters: Double, random: inout SplitMix64) -> RouteBuilder {
    var builder = RouteBuilder(headingRadians: 2 * .pi * random.nextUnit())
    var side = random.nextUnit() < 0.5 ? -1.0 : 1.0
    while builder.lengthMeters < lengthMeters - 1 {
      builder.forward(min(150 + 150 * random.nextUnit(), lengthMeters - builder.lengthMeters))
      guard builder.lengthMeters < lengthMeters - 1 else { break }
      builder.turn(
        degrees: side * (15 + 30 * random.nextUnit()), radiusMeters: 25 + 25 * random.nextUnit())
      side = -side
    }
    return builder
  }

  /// The road of ``RouteShape/mountainRoad``, `lengthMeters` long, up a slope rising towards
  /// `uphillRadians` (clockwise from north): legs across the slope, 75 degrees off the uphill
  /// direction to either side and 350-750 m long before scaling to the length, each with a
  /// gentle S-bend (two 10-20 degree bends of 100 m radius), joined by 150-degree hairpins of
  /// 10-15 m radius.
  static func mountainRoad(
    lengthMeters: Double, uphillRadians: Double, random: inout SplitMix64
  ) -> RouteBuilder {
    let across = 75.0
    let hairpinDegrees = 180 - 2 * (90 - across)
    let count = max(2, Int((lengthMeters / 550).rounded()))
    let legs = (0..<count).map { _ in 350 + 400 * random.nextUnit() }
    let bends = (0..<count).map { _ in 10 + 10 * random.nextUnit() }
    let radii = (1..<count).map { _ in 10 + 5 * random.nextUnit() }
    let arcs =
      bends.reduce(0) { $0 + 2 * 100 * $1 * .pi / 180 }
      + radii.reduce(0) { $0 + $1 * hairpinDegrees * .pi / 180 }
    let scale = max(0.2, (lengthMeters - arcs) / legs.reduce(0, +))
    var builder = RouteBuilder(headingRadians: uphillRadians + across * .pi / 180)
    for leg in 0..<count {
      let third = scale * legs[leg] / 3
      builder.forward(third)
      builder.turn(degrees: bends[leg], radiusMeters: 100)
      builder.forward(third)
      builder.turn(degrees: -bends[leg], radiusMeters: 100)
      builder.forward(third)
      if leg < count - 1 {
        // Legs heading uphill + 75° turn left onto uphill − 75°, and back.
        let left = leg.isMultiple(of: 2)
        builder.turn(degrees: (left ? -1 : 1) * hairpinDegrees, radiusMeters: radii[leg])
      }
    }
    return builder
  }
}
