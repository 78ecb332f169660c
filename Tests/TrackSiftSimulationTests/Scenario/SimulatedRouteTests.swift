import Testing
import TrackSift

@testable import TrackSiftSimulation

@Suite struct SimulatedRouteTests {
  let origin = Coordinate(latitudeDegrees: 52.2297, longitudeDegrees: 21.0122)

  private func geodesicLength(_ points: [Coordinate]) -> Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + Geodesic.distanceMeters(from: $1.0, to: $1.1) }
  }

  @Test func athleticsTrackLapIs400Meters() {
    var random = SplitMix64(seed: 1)
    let route = SimulatedRoute.make(
      .athleticsTrack, origin: origin, lengthMeters: 400, random: &random)
    #expect(abs(geodesicLength(route.points) - 400) < 1)
    #expect(route.isClosed)
    #expect(route.features.isEmpty)  // bends of 36.8 m are not corners
    let close = Geodesic.distanceMeters(
      from: route.points[0], to: route.points[route.points.count - 1])
    #expect(close < 0.01)
  }

  @Test func streetGridHasRightAngleCornersEvery80To250Meters() {
    var random = SplitMix64(seed: 7)
    let route = SimulatedRoute.make(
      .streetGrid, origin: origin, lengthMeters: 3_000, random: &random)
    #expect(route.isClosed)
    #expect(abs(route.lengthMeters - 3_000) < 1_200)
    #expect(route.features.count >= 8)
    #expect(route.features.allSatisfy { $0.kind == .corner })
    let alongs = route.features.map(\.alongMeters)
    for (a, b) in zip(alongs, alongs.dropFirst()) {
      #expect(b - a > 75 && b - a < 255)
    }
    // The loop closes on itself.
    let close = Geodesic.distanceMeters(
      from: route.points[0], to: route.points[route.points.count - 1])
    #expect(close < 0.05)
    // Each feature sits on the path where its distance says.
    for feature in route.features {
      let index = route.alongMeters.firstIndex { $0 >= feature.alongMeters - 1e-9 }!
      #expect(Geodesic.distanceMeters(from: route.points[index], to: feature.coordinate) < 0.01)
    }
  }

  @Test func outAndBackHasTightHairpinsAndAParallelReturn() throws {
    var random = SplitMix64(seed: 3)
    let route = SimulatedRoute.make(
      .outAndBackWithHairpin, origin: origin, lengthMeters: 1_000, random: &random)
    #expect(route.features.count == 2)
    #expect(route.features.allSatisfy { $0.kind == .hairpin })
    #expect(abs(route.lengthMeters - 1_000) < 2)
    let radius = 1 / (route.curvaturesPerMeter.max() ?? 0)
    #expect(radius >= 3 && radius <= 5)
    // 250 m from the start on each leg, the two lines are 2 radii (6-10 m) apart; the closing
    // hairpin takes the last π·r of the route.
    let out = try #require(route.alongMeters.firstIndex { $0 >= 250 })
    let back = try #require(
      route.alongMeters.firstIndex { $0 >= route.lengthMeters - .pi * radius - 250 })
    let offset = Geodesic.distanceMeters(from: route.points[out], to: route.points[back])
    #expect(abs(offset - 2 * radius) < 0.5)
  }

  @Test func switchbacksAreAnOpenClimbWithHairpins() {
    var random = SplitMix64(seed: 2)
    let route = SimulatedRoute.make(
      .switchbacks, origin: origin, lengthMeters: 1_500, random: &random)
    #expect(!route.isClosed)
    #expect(route.features.count >= 10)
    #expect(route.features.allSatisfy { $0.kind == .hairpin })
    #expect(route.elevationsMeters.last! - route.elevationsMeters.first! > 100)
  }

  @Test func polylineCornersAreRoundedAndKept() {
    let plane = LocalTangentPlane(origin: origin)
    let square = [(0.0, 0.0), (200, 0), (200, 200), (0, 200), (0, 0)].map {
      plane.unproject(eastMeters: $0.0, northMeters: $0.1)
    }
    var random = SplitMix64(seed: 1)
    let route = SimulatedRoute.make(
      .polyline(square), origin: origin, lengthMeters: 0, random: &random)
    #expect(route.isClosed)
    #expect(route.features.count == 3)  // the start vertex is not rounded
    // Each rounded corner of 5 m radius is 2·5 − 5π/2 ≈ 2.15 m shorter than the sharp one.
    #expect(abs(route.lengthMeters - (800 - 3 * (10 - 5 * .pi / 2))) < 0.1)
  }
}
