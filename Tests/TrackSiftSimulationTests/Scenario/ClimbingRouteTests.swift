import Foundation
import Testing
import TrackSift

@testable import TrackSiftSimulation

/// The routes stand on their ground, and the hill and the mountain road climb what their docs
/// say.
@Suite struct ClimbingRouteTests {
  let origin = Coordinate(latitudeDegrees: 52.2297, longitudeDegrees: 21.0122)

  private func route(_ shape: RouteShape, seed: UInt64) -> SimulatedRoute {
    var random = SplitMix64(seed: seed)
    return SimulatedRoute.make(
      shape, origin: origin,
      lengthMeters: ScenarioConfiguration(route: shape).routeLengthMeters, random: &random)
  }

  /// The sum of the rises and of the falls along a profile, in meters.
  private func riseAndFall(_ elevations: [Double]) -> (rise: Double, fall: Double) {
    zip(elevations, elevations.dropFirst()).reduce((0, 0)) { total, step in
      let change = step.1 - step.0
      return (total.rise + max(0, change), total.fall + max(0, -change))
    }
  }

  @Test(arguments: [
    RouteShape.streetGrid, .outAndBackWithHairpin, .athleticsTrack, .switchbacks, .hill,
    .mountainRoad,
  ])
  func elevationsAreTheGroundAtThePoints(shape: RouteShape) throws {
    let route = route(shape, seed: 9)
    #expect(route.elevationsMeters.count == route.points.count)
    for (point, elevation) in zip(route.points, route.elevationsMeters) {
      let ground = try #require(route.terrain.elevationMeters(at: point))
      #expect(abs(ground - elevation) < 1e-6)
    }
  }

  @Test func theAthleticsTrackIsLevel() {
    #expect(route(.athleticsTrack, seed: 1).elevationsMeters.allSatisfy { $0 == 100 })
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func switchbacksClimbEightPercentOnAverage(seed: UInt64) {
    let route = route(.switchbacks, seed: seed)
    let grade =
      (route.elevationsMeters.last! - route.elevationsMeters.first!) / route.lengthMeters
    #expect(abs(grade - 0.08) < 0.01, "mean grade \(grade)")
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theHillPathCrossesATopOf60To90Meters(seed: UInt64) throws {
    let route = route(.hill, seed: seed)
    #expect(!route.isClosed)
    #expect(route.features.isEmpty)  // bends, not corners
    let hill = try #require(route.terrain.hills.first)
    #expect((60...90).contains(hill.heightMeters))
    let elevations = route.elevationsMeters
    let top = elevations.indices.max { elevations[$0] < elevations[$1] }!
    let plane = route.terrain.plane
    let point = plane.project(route.points[top])
    #expect(hypot(point.eastMeters - hill.eastMeters, point.northMeters - hill.northMeters) < 200)
    // One pass: up from one foot and down to the other, each 50 m or more.
    #expect(elevations[top] - elevations.first! > 50)
    #expect(elevations[top] - elevations.last! > 50)
    let pass = riseAndFall(elevations)
    #expect(pass.rise > 55 && pass.rise < 130, "climb of a pass \(pass.rise) m")
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theMountainRoadClimbsFiveToEightPercentWithHairpins(seed: UInt64) {
    let route = route(.mountainRoad, seed: seed)
    #expect(!route.isClosed)
    #expect(abs(route.lengthMeters - 7_000) < 10)
    #expect(route.features.count >= 10)
    #expect(route.features.allSatisfy { $0.kind == .hairpin })
    let elevations = route.elevationsMeters
    let mean = (elevations.last! - elevations.first!) / route.lengthMeters
    #expect(mean >= 0.05 && mean <= 0.08, "mean grade \(mean)")
    // A long climb: hardly any of it given back on the way up.
    let profile = riseAndFall(elevations)
    #expect(profile.fall < 0.1 * profile.rise, "rise \(profile.rise) m, fall \(profile.fall) m")
    // Each kilometre climbs 3-10 %.
    var start = 0
    for (index, along) in route.alongMeters.enumerated()
    where along - route.alongMeters[start] >= 1_000 {
      let grade = (elevations[index] - elevations[start]) / (along - route.alongMeters[start])
      #expect(grade > 0.03 && grade < 0.1, "grade \(grade) from \(route.alongMeters[start]) m")
      start = index
    }
  }

  /// The standard suite's climbing outings: a few hundred meters of climb in 45 minutes.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theHillRunAndTheMountainRideClimbHundredsOfMeters(seed: UInt64) {
    let suite = ScenarioConfiguration.standardSuite(seeds: [seed]).filter {
      $0.environment == .openSky && $0.device == .phone && $0.route != .streetGrid
    }
    #expect(suite.count == 2)
    for configuration in suite {
      let recording = ScenarioSimulator(configuration: configuration).run()
      let climb = recording.truthElevationGainMeters
      if configuration.route == .hill {
        #expect(climb > 200 && climb < 500, "hill run climbs \(climb) m")
      } else {
        #expect(climb > 350 && climb < 800, "mountain ride climbs \(climb) m")
      }
    }
  }
}
