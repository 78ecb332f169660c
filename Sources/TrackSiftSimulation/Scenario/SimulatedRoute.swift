import Foundation
import TrackSift

/// A route for the scenario simulator: a densely sampled path (points at most 2 m apart), its
/// sharp turns, and the ground it runs over.
///
/// Closed routes (``isClosed``) are repeated for as long as a scenario lasts; open ones are
/// walked to the end and back.
public struct SimulatedRoute: Sendable {
  /// The path, from the start.
  public var points: [Coordinate]
  /// The sharp turns, in order along the path.
  public var features: [RouteFeature]
  /// Whether the path ends where it starts (within 20 m).
  public var isClosed: Bool
  /// Distance from the start at each point in meters (chord sums in the local plane).
  var alongMeters: [Double]
  /// Path curvature at each point in 1/m.
  var curvaturesPerMeter: [Double]
  /// The ground the route runs over, in the local plane of its origin.
  public var terrain: SimulatedTerrain
  /// Ground elevation at each point in meters: the terrain's there.
  var elevationsMeters: [Double]

  /// Length of one pass of the path in meters.
  public var lengthMeters: Double { alongMeters.last ?? 0 }

  /// Corner radius of street-grid corners and of rounded polyline vertices, in meters.
  static let streetCornerRadiusMeters = 5.0
  /// Length of an athletics-track straight in meters.
  static let trackStraightMeters = 84.39
  /// Radius of the running line of a track bend: the 36.5 m kerb radius plus the 0.30 m at which
  /// World Athletics measures the lap, so a lap is 400.0 m.
  static let trackBendRadiusMeters = 36.8

  /// Builds a route.
  ///
  /// - Parameters:
  ///   - shape: The geometry.
  ///   - origin: Where the route starts (for ``RouteShape/polyline(_:)``, the plane's origin;
  ///     the route starts at the polyline's first point).
  ///   - lengthMeters: The wanted length of one pass. The street grid comes within a block or
  ///     so of it, the athletics track rounds it to whole 400 m laps, and a polyline ignores it.
  ///   - random: The generator for the procedural shapes (street grid, hairpin radius,
  ///     switchback legs, the hill's path and the mountain road) and, after them, for the
  ///     ground (see ``SimulatedTerrain``).
  /// - Returns: The route, its elevations read off its ground.
  /// - Complexity: O(length / 2 m).
  public static func make(
    _ shape: RouteShape, origin: Coordinate, lengthMeters: Double, random: inout SplitMix64
  ) -> SimulatedRoute {
    let plane = LocalTangentPlane(origin: origin)
    let geometry = Self.geometry(shape, plane: plane, lengthMeters: lengthMeters, random: &random)
    let builder = geometry.builder
    let offset = geometry.offset
    let start = plane.project(origin)
    let east = builder.eastMeters.map { start.eastMeters + offset.east + $0 }
    let north = builder.northMeters.map { start.northMeters + offset.north + $0 }
    let points = zip(east, north).map { plane.unproject(eastMeters: $0.0, northMeters: $0.1) }
    let features = builder.features.map {
      RouteFeature(
        kind: $0.kind, coordinate: points[$0.index], alongMeters: builder.alongMeters[$0.index])
    }
    let terrain = SimulatedTerrain.ground(
      for: shape, origin: origin, east: east, north: north, lengthMeters: builder.lengthMeters,
      uphillRadians: geometry.uphillRadians, random: &random)
    let elevations = zip(east, north).map {
      terrain.elevationMeters(eastMeters: $0.0, northMeters: $0.1)
    }
    return SimulatedRoute(
      points: points, features: features, isClosed: geometry.isClosed,
      alongMeters: builder.alongMeters,
      curvaturesPerMeter: builder.curvaturesPerMeter, terrain: terrain,
      elevationsMeters: elevations)
  }

  /// A closed staircase of blocks: east and north legs out, west and south legs back (the same
  /// leg lengths in another order), each leg 80-250 m, corners rounded.
  static func streetGrid(lengthMeters: Double, random: inout SplitMix64) -> RouteBuilder {
    let pairs = max(1, Int((lengthMeters / (4 * 165)).rounded()))
    let eastLegs = (0..<pairs).map { _ in 80 + 170 * random.nextUnit() }
    let northLegs = (0..<pairs).map { _ in 80 + 170 * random.nextUnit() }
    let westLegs = shuffled(eastLegs, random: &random)
    let southLegs = shuffled(northLegs, random: &random)
    let quarterTurns = Double(Int(random.nextUnit() * 4))
    let radius = streetCornerRadiusMeters
    var builder = RouteBuilder(headingRadians: .pi / 2 + quarterTurns * .pi / 2)
    // Every leg runs between two corners, each of which takes `radius` off its straight part.
    for i in 0..<pairs {
      builder.forward(eastLegs[i] - 2 * radius)
      builder.turn(degrees: -90, radiusMeters: radius)
      builder.forward(northLegs[i] - 2 * radius)
      builder.turn(degrees: i == pairs - 1 ? -90 : 90, radiusMeters: radius)
    }
    for i in 0..<pairs {
      builder.forward(westLegs[i] - 2 * radius)
      builder.turn(degrees: -90, radiusMeters: radius)
      builder.forward(southLegs[i] - 2 * radius)
      builder.turn(degrees: i == pairs - 1 ? -90 : 90, radiusMeters: radius)
    }
    return builder
  }

  /// A polyline with its vertices rounded; vertices in meters.
  static func roundedPolyline(_ vertices: [(Double, Double)]) -> RouteBuilder {
    guard vertices.count >= 2 else { return RouteBuilder() }
    let lengths = (1..<vertices.count).map {
      hypot(vertices[$0].0 - vertices[$0 - 1].0, vertices[$0].1 - vertices[$0 - 1].1)
    }
    let headings = (1..<vertices.count).map {
      atan2(vertices[$0].0 - vertices[$0 - 1].0, vertices[$0].1 - vertices[$0 - 1].1)
    }
    var builder = RouteBuilder(headingRadians: headings[0])
    var usedAtStart = 0.0
    for i in 0..<lengths.count {
      guard i + 1 < lengths.count else {
        builder.forward(lengths[i] - usedAtStart)
        break
      }
      var turn = headings[i + 1] - headings[i]
      turn = atan2(sin(turn), cos(turn))
      // The tangent points of the arc must stay within half of each neighbouring leg.
      let limit = min(lengths[i] - usedAtStart, lengths[i + 1] / 2)
      var radius = streetCornerRadiusMeters
      var tangent = radius * tan(abs(turn) / 2)
      if tangent > limit, tangent > 0 {
        radius *= limit / tangent
        tangent = limit
      }
      builder.forward(lengths[i] - usedAtStart - tangent)
      if abs(turn) > 1e-9, radius > 0 {
        builder.turn(degrees: turn * 180 / .pi, radiusMeters: radius)
      }
      usedAtStart = tangent
    }
    return builder
  }

  /// A Fisher-Yates shuffle drawn from `random`, so routes do not depend on the standard
  /// library's shuffle algorithm.
  private static func shuffled(_ values: [Double], random: inout SplitMix64) -> [Double] {
    var result = values
    for i in stride(from: result.count - 1, to: 0, by: -1) {
      let j = min(i, Int(random.nextUnit() * Double(i + 1)))
      result.swapAt(i, j)
    }
    return result
  }
}
