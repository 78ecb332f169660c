import Foundation
import TrackSift

extension SimulatedRoute {
  /// A route's path in the plane before it is placed on the map and on its ground.
  struct Geometry {
    /// The path, from `(0, 0)`.
    var builder: RouteBuilder
    /// Whether the path ends where it starts.
    var isClosed = true
    /// Where the path's `(0, 0)` lies in the plane, meters east and north.
    var offset = (east: 0.0, north: 0.0)
    /// For a climb across a slope, the direction up the slope in radians clockwise from north.
    var uphillRadians: Double?
  }

  /// The path of `shape` in `plane`, drawing from `random` for the procedural shapes.
  static func geometry(
    _ shape: RouteShape, plane: LocalTangentPlane, lengthMeters: Double,
    random: inout SplitMix64
  ) -> Geometry {
    switch shape {
    case .streetGrid:
      return Geometry(builder: streetGrid(lengthMeters: lengthMeters, random: &random))
    case .outAndBackWithHairpin:
      return Geometry(builder: outAndBack(lengthMeters: lengthMeters, random: &random))
    case .athleticsTrack:
      return Geometry(builder: athleticsTrack(lengthMeters: lengthMeters))
    case .switchbacks:
      return Geometry(
        builder: switchbacks(lengthMeters: lengthMeters, random: &random), isClosed: false,
        uphillRadians: 0)
    case .hill:
      return Geometry(
        builder: windingPath(lengthMeters: lengthMeters, random: &random), isClosed: false)
    case .mountainRoad:
      let uphill = 2 * Double.pi * random.nextUnit()
      return Geometry(
        builder: mountainRoad(lengthMeters: lengthMeters, uphillRadians: uphill, random: &random),
        isClosed: false, uphillRadians: uphill)
    case .polyline(let coordinates):
      return polyline(coordinates, plane: plane)
    }
  }

  /// Straight out, a hairpin of 3-5 m radius, straight back, a second hairpin.
  private static func outAndBack(lengthMeters: Double, random: inout SplitMix64) -> RouteBuilder {
    let radius = 3 + 2 * random.nextUnit()
    let straight = max(10, (lengthMeters - 2 * .pi * radius) / 2)
    var builder = RouteBuilder(headingRadians: .pi / 2)
    builder.forward(straight)
    builder.turn(degrees: -180, radiusMeters: radius)
    builder.forward(straight)
    builder.turn(degrees: -180, radiusMeters: radius)
    return builder
  }

  /// Whole 400 m laps of an athletics track.
  private static func athleticsTrack(lengthMeters: Double) -> RouteBuilder {
    var builder = RouteBuilder(headingRadians: .pi / 2)
    for _ in 0..<max(1, Int((lengthMeters / 400).rounded())) {
      for _ in 0..<2 {
        builder.forward(trackStraightMeters)
        builder.turn(degrees: -180, radiusMeters: trackBendRadiusMeters)
      }
    }
    return builder
  }

  /// Legs of 60-120 m heading 80 degrees to either side of north, joined by 160-degree turns
  /// of 4 m radius: a zigzag up a slope rising to the north.
  private static func switchbacks(lengthMeters: Double, random: inout SplitMix64)
    -> RouteBuilder
  {
    var builder = RouteBuilder(headingRadians: 80 * .pi / 180)
    let legs = max(2, Int((lengthMeters / 90).rounded()))
    for leg in 0..<legs {
      builder.forward(60 + 60 * random.nextUnit())
      if leg < legs - 1 {
        builder.turn(degrees: leg.isMultiple(of: 2) ? -160 : 160, radiusMeters: 4)
      }
    }
    return builder
  }

  /// A given path, its corners rounded; closed when its ends are within 20 m.
  private static func polyline(_ coordinates: [Coordinate], plane: LocalTangentPlane)
    -> Geometry
  {
    let vertices = coordinates.map { plane.project($0) }
    var geometry = Geometry(
      builder: roundedPolyline(vertices.map { ($0.eastMeters, $0.northMeters) }))
    if let first = vertices.first, let last = vertices.last {
      geometry.offset = (first.eastMeters, first.northMeters)
      geometry.isClosed =
        vertices.count > 2
        && hypot(last.eastMeters - first.eastMeters, last.northMeters - first.northMeters) < 20
    }
    return geometry
  }
}
