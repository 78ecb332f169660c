import Foundation
import Testing
import TrackSift

@testable import TrackSiftSimulation

@Suite struct SimulatedTerrainTests {
  static let origin = Coordinate(latitudeDegrees: 52.2297, longitudeDegrees: 21.0122)

  /// Rolling ground with a hill and an incline: every kind of component.
  static func mixed(seed: UInt64) -> SimulatedTerrain {
    var random = SplitMix64(seed: seed)
    var terrain = SimulatedTerrain.rolling(origin: origin, scale: 1, random: &random)
    terrain.hills = [
      .init(eastMeters: 120, northMeters: -340, heightMeters: 75, radiusMeters: 400)
    ]
    terrain.inclineGrade = 0.06
    terrain.inclineDirectionRadians = 1.1
    return terrain
  }

  @Test func theSameSeedGivesTheSameGroundAndAnotherSeedDoesNot() {
    let a = Self.mixed(seed: 3)
    #expect(a == Self.mixed(seed: 3))
    #expect(a != Self.mixed(seed: 4))
    let z = a.elevationMeters(eastMeters: 250, northMeters: -75)
    #expect(z == Self.mixed(seed: 3).elevationMeters(eastMeters: 250, northMeters: -75))
    #expect(z != Self.mixed(seed: 4).elevationMeters(eastMeters: 250, northMeters: -75))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theSlopeIsTheDerivativeOfTheElevation(seed: UInt64) {
    let terrain = Self.mixed(seed: seed)
    var random = SplitMix64(seed: seed + 100)
    let h = 0.01
    for _ in 0..<200 {
      let x = 3_000 * (random.nextUnit() - 0.5)
      let y = 3_000 * (random.nextUnit() - 0.5)
      let gradient = terrain.gradient(eastMeters: x, northMeters: y)
      let east =
        (terrain.elevationMeters(eastMeters: x + h, northMeters: y)
          - terrain.elevationMeters(eastMeters: x - h, northMeters: y)) / (2 * h)
      let north =
        (terrain.elevationMeters(eastMeters: x, northMeters: y + h)
          - terrain.elevationMeters(eastMeters: x, northMeters: y - h)) / (2 * h)
      #expect(abs(gradient.east - east) < 1e-6, "east at \(x), \(y)")
      #expect(abs(gradient.north - north) < 1e-6, "north at \(x), \(y)")
      #expect(
        abs(terrain.slopeGrade(eastMeters: x, northMeters: y) - hypot(east, north)) < 1e-6)
    }
  }

  @Test func asATerrainModelItReadsTheGroundAtACoordinate() throws {
    let terrain = Self.mixed(seed: 5)
    let coordinate = terrain.plane.unproject(eastMeters: 812, northMeters: -1_234)
    let z = try #require(terrain.elevationMeters(at: coordinate))
    #expect(abs(z - terrain.elevationMeters(eastMeters: 812, northMeters: -1_234)) < 1e-6)
  }

  /// What ``SimulatedTerrain/rolling(origin:scale:random:)`` promises: relief of 15-35 m over
  /// a square kilometre, a grade of about 3.5 % in the median and under 6.5 % nine times in ten.
  @Test func rollingGroundHasTheReliefAndGradesItsDocsGive() {
    var reliefs: [Double] = []
    var grades: [Double] = []
    for seed: UInt64 in 1...20 {
      var random = SplitMix64(seed: seed)
      let terrain = SimulatedTerrain.rolling(origin: Self.origin, scale: 1, random: &random)
      var low = Double.infinity
      var high = -Double.infinity
      for x in stride(from: -500.0, through: 500, by: 20) {
        for y in stride(from: -500.0, through: 500, by: 20) {
          let z = terrain.elevationMeters(eastMeters: x, northMeters: y)
          low = min(low, z)
          high = max(high, z)
          grades.append(terrain.slopeGrade(eastMeters: x, northMeters: y))
        }
      }
      reliefs.append(high - low)
    }
    reliefs.sort()
    grades.sort()
    #expect(reliefs[reliefs.count / 2] > 20 && reliefs[reliefs.count / 2] < 40, "\(reliefs)")
    #expect(reliefs.first! > 10 && reliefs.last! < 50, "\(reliefs)")
    let median = grades[grades.count / 2]
    let p90 = grades[grades.count * 9 / 10]
    #expect(median > 0.03 && median < 0.05, "median grade \(median)")
    #expect(p90 < 0.075, "90th percentile grade \(p90)")
  }
}
