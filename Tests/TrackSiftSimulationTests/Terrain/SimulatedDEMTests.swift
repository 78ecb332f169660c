import Foundation
import Testing
import TrackSift

@testable import TrackSiftSimulation

/// The DEM's samples are the ground plus the error its docs describe, measured here, and its
/// tiles are laid out as HGT files are.
@Suite struct SimulatedDEMTests {
  static let origin = Coordinate(latitudeDegrees: 52.2297, longitudeDegrees: 21.0122)

  /// A DEM of `terrain` over a square of `sideMeters` around the origin.
  static func dem(
    _ terrain: SimulatedTerrain, _ model: DEMErrorModel = .copernicusGLO30,
    environment: SimulatedEnvironment = .openSky, sideMeters: Double = 8_000,
    arcSeconds: Int = 1, seed: UInt64 = 1
  ) -> SimulatedDEM {
    let half = sideMeters / 2
    let corners = [(-half, -half), (half, half)].map {
      terrain.plane.unproject(eastMeters: $0.0, northMeters: $0.1)
    }
    return SimulatedDEM(
      terrain: terrain, errorModel: model, environment: environment, covering: corners,
      marginMeters: 0, arcSeconds: arcSeconds, seed: seed)
  }

  /// Every sample of the DEM's area with its error against the ground, on a grid of rows and
  /// columns.
  static func errors(_ dem: SimulatedDEM) -> [[Double]] {
    let grid = dem.grid
    return grid.rows.map { row in
      grid.columns.map { column in
        let coordinate = Coordinate(
          latitudeDegrees: Double(row) / grid.samplesPerDegree,
          longitudeDegrees: Double(column) / grid.samplesPerDegree)
        return Double(grid.sample(row: row, column: column))
          - dem.terrain.elevationMeters(at: coordinate)!
      }
    }
  }

  static func rms(_ values: [Double]) -> Double {
    (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
  }

  /// Correlation of the errors `rows` rows and `columns` columns apart.
  static func correlation(_ errors: [[Double]], rows: Int, columns: Int) -> Double {
    var products = 0.0
    var squares = 0.0
    var count = 0.0
    for r in 0..<(errors.count - rows) {
      for c in 0..<(errors[r].count - columns) {
        products += errors[r][c] * errors[r + rows][c + columns]
        squares += errors[r][c] * errors[r][c]
        count += 1
      }
    }
    return products / squares
  }

  @Test func theErrorOnLevelGroundHasTheDocumentedRMSE() {
    let level = SimulatedTerrain(origin: Self.origin)
    for model in [DEMErrorModel.copernicusGLO30, .srtm] {
      var squares: [Double] = []
      for seed: UInt64 in 1...3 {
        squares += Self.errors(Self.dem(level, model, seed: seed)).flatMap { $0 }
      }
      // Rounding to whole meters adds 1/12 m² on ground at 100 m exactly; here it adds the
      // pixel noise's own rounding, about as much.
      let expected = (pow(model.rmseMeters(grade: 0), 2) + 1.0 / 12).squareRoot()
      let measured = Self.rms(squares)
      #expect(abs(measured / expected - 1) < 0.12, "\(model.name): RMSE \(measured) m, \(expected)")
      #expect(squares.allSatisfy { abs($0) < 6 * expected }, "\(model.name): an outlier")
    }
  }

  /// The correlated part falls to 1/e at the correlation length and is gone at twice it.
  @Test func theErrorIsCorrelatedOverItsCorrelationLength() {
    let level = SimulatedTerrain(origin: Self.origin)
    let model = DEMErrorModel.copernicusGLO30
    let plane = level.plane
    let metersPerRow = plane.metersPerDegreeLatitude / 3_600
    let metersPerColumn = plane.metersPerDegreeLongitude / 3_600
    let share =
      pow(model.correlatedSigmaMeters, 2) / (pow(model.rmseMeters(grade: 0), 2) + 1.0 / 12)
    for lengths in [1.0, 2.0] {
      var measured: [Double] = []
      var expected: [Double] = []
      for seed: UInt64 in 1...4 {
        let errors = Self.errors(Self.dem(level, model, seed: seed))
        let rows = Int((lengths * model.correlationLengthMeters / metersPerRow).rounded())
        let columns = Int((lengths * model.correlationLengthMeters / metersPerColumn).rounded())
        measured += [
          Self.correlation(errors, rows: rows, columns: 0),
          Self.correlation(errors, rows: 0, columns: columns),
        ]
        expected += [Double(rows) * metersPerRow, Double(columns) * metersPerColumn].map {
          share * exp(-pow($0 / model.correlationLengthMeters, 2))
        }
      }
      let mean = measured.reduce(0, +) / Double(measured.count)
      let target = expected.reduce(0, +) / Double(expected.count)
      #expect(abs(mean - target) < 0.08, "at \(lengths) L: \(measured), expected \(target)")
    }
    // Next-door samples share the correlated part: far more alike than samples far apart.
    let errors = Self.errors(Self.dem(level, model, seed: 9))
    #expect(Self.correlation(errors, rows: 1, columns: 0) > 0.8)
  }

  @Test func theErrorGrowsOnSlopes() {
    let level = SimulatedTerrain(origin: Self.origin)
    let steep = SimulatedTerrain(origin: Self.origin, inclineGrade: 0.2)
    let model = DEMErrorModel.copernicusGLO30
    let flat = Self.rms(Self.errors(Self.dem(level, model, seed: 3)).flatMap { $0 })
    let sloped = Self.rms(Self.errors(Self.dem(steep, model, seed: 3)).flatMap { $0 })
    let expected = model.rmseMeters(grade: 0.2) / model.rmseMeters(grade: 0)
    #expect(abs(sloped / flat / expected - 1) < 0.1, "\(sloped) m against \(flat) m on the level")
  }

  /// SRTM and Copernicus are surface models: over a forest they show much of the canopy, over
  /// an urban canyon some of the buildings.
  @Test func forestsAndCitiesRaiseTheSurface() {
    let level = SimulatedTerrain(origin: Self.origin)
    func meanError(_ model: DEMErrorModel, _ environment: SimulatedEnvironment) -> Double {
      let errors = Self.errors(Self.dem(level, model, environment: environment, seed: 5))
        .flatMap { $0 }
      return errors.reduce(0, +) / Double(errors.count)
    }
    let copernicus = DEMErrorModel.copernicusGLO30
    #expect(abs(meanError(copernicus, .openSky)) < 1)
    #expect(abs(meanError(copernicus, .suburban)) < 1)
    // 0.8 of a 20 m canopy over about 85 % cover; 0.3 of 20 m buildings over about 71 %.
    #expect(abs(meanError(copernicus, .forest) - 0.8 * 20 * 0.85) < 1.5)
    #expect(abs(meanError(.srtm, .forest) - 0.5 * 20 * 0.85) < 1.5)
    #expect(abs(meanError(copernicus, .urbanCanyon) - 0.3 * 20 * 0.71) < 1)
  }

  @Test func theModelInterpolatesItsSamplesBilinearly() throws {
    var random = SplitMix64(seed: 4)
    let terrain = SimulatedTerrain.rolling(origin: Self.origin, scale: 1, random: &random)
    let dem = Self.dem(terrain, sideMeters: 2_000)
    let grid = dem.grid
    let row = (grid.rows.lowerBound + grid.rows.upperBound) / 2
    let column = (grid.columns.lowerBound + grid.columns.upperBound) / 2
    func at(_ r: Double, _ c: Double) throws -> Double {
      try #require(
        dem.elevationMeters(
          at: Coordinate(
            latitudeDegrees: r / grid.samplesPerDegree,
            longitudeDegrees: c / grid.samplesPerDegree)))
    }
    let sw = Double(grid.sample(row: row, column: column))
    let se = Double(grid.sample(row: row, column: column + 1))
    let nw = Double(grid.sample(row: row + 1, column: column))
    let ne = Double(grid.sample(row: row + 1, column: column + 1))
    let r = Double(row)
    let c = Double(column)
    #expect(abs(try at(r, c) - sw) < 1e-6)
    #expect(abs(try at(r, c + 0.5) - (sw + se) / 2) < 1e-6)
    #expect(abs(try at(r + 0.25, c + 0.5) - (0.75 * (sw + se) + 0.25 * (nw + ne)) / 2) < 1e-6)
    // Outside its area, the model reads the nearest sample inside.
    let far = try at(Double(grid.rows.upperBound) + 500, c)
    #expect(far == Double(grid.sample(row: grid.rows.upperBound, column: column)))
  }

  @Test func theSamplesAreDeterministicBySeed() {
    var random = SplitMix64(seed: 2)
    let terrain = SimulatedTerrain.rolling(origin: Self.origin, scale: 1, random: &random)
    let a = Self.dem(terrain, environment: .forest, sideMeters: 1_000, seed: 7)
    #expect(a.grid == Self.dem(terrain, environment: .forest, sideMeters: 1_000, seed: 7).grid)
    #expect(a.grid != Self.dem(terrain, environment: .forest, sideMeters: 1_000, seed: 8).grid)
  }

  /// An HGT tile: named by its south-west corner, rows from north to south, each from west to
  /// east, both edges included.
  @Test(arguments: [1, 3])
  func tilesAreLaidOutAsHGTFiles(arcSeconds: Int) throws {
    // Ground rising 10 % to the north, in the middle of the tile N52E021.
    let middle = Coordinate(latitudeDegrees: 52.5, longitudeDegrees: 21.5)
    let terrain = SimulatedTerrain(origin: middle, inclineGrade: 0.1)
    let dem = Self.dem(terrain, sideMeters: 3_000, arcSeconds: arcSeconds)
    #expect(dem.tileSouthWestCorners.map(\.latitude) == [52])
    #expect(dem.tileSouthWestCorners.map(\.longitude) == [21])
    let side = SimulatedDEM.tileSide(arcSeconds: arcSeconds)
    #expect(side == (arcSeconds == 1 ? 3_601 : 1_201))
    let tile = dem.tileSamples(
      southWestLatitude: 52, southWestLongitude: 21, arcSeconds: arcSeconds)
    #expect(tile.count == side * side)
    // The sample at the middle: the tile's centre, row and column (side - 1) / 2.
    let r = (side - 1) / 2
    let c = (side - 1) / 2
    let sample = Double(tile[r * side + c])
    #expect(abs(sample - (try #require(dem.elevationMeters(at: middle)))) < 1e-6)
    #expect(abs(sample - 100) < 10)
    // A kilometre north (rows up the file) is 100 m higher, give or take the error; a
    // kilometre east is as high.
    let perDegree = Double(side - 1)
    let kilometerRows = Int(
      (1_000 / terrain.plane.metersPerDegreeLatitude * perDegree).rounded())
    let kilometerColumns = Int(
      (1_000 / terrain.plane.metersPerDegreeLongitude * perDegree).rounded())
    #expect(abs(Double(tile[(r - kilometerRows) * side + c]) - sample - 100) < 20)
    #expect(abs(Double(tile[r * side + c + kilometerColumns]) - sample) < 20)
    // Outside the area every sample repeats the nearest one inside: the file's first rows,
    // its north edge, are all alike and high; its last rows low.
    #expect(Array(tile[0..<side]) == Array(tile[side..<(2 * side)]))
    #expect(Double(tile[c]) > sample + 100)
    #expect(Double(tile[(side - 1) * side + c]) < sample - 100)
    #expect(tile[r * side] == tile[r * side + 1])
  }
}
