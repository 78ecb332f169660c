import Foundation
import Testing
import TrackSift
import TrackSiftTerrain

@Suite struct HGTTileTests {
  /// Meters: sample values are whole meters, and interpolating a plane is exact but for
  /// rounding.
  let toleranceMeters = 1e-6

  @Test(arguments: HGTResolution.allCases)
  func givesTheSampleAtEveryGridPointExactly(resolution: HGTResolution) throws {
    let side = resolution.samplesPerSide
    let name = HGTTileName.at(37, -122)
    let tile = try HGTTile(name: name, samplesMeters: SyntheticGrid.planeSamples(side: side))
    #expect(tile.resolution == resolution)
    for (row, column) in [(0, 0), (0, side - 1), (side - 1, 0), (side - 1, side - 1), (7, 300)] {
      let expected = SyntheticGrid.plane(row: Double(row), column: Double(column))
      #expect(tile.sampleMeters(row: row, column: column) == Int16(expected))
      let elevation = try #require(
        tile.elevationMeters(at: tile.coordinate(row: row, column: column)))
      #expect(abs(elevation - expected) < toleranceMeters)
    }
  }

  @Test func interpolatesBilinearlyBetweenSamples() throws {
    let name = HGTTileName.at(37, -122)
    // Not a plane: 0 at three corners of the first cell, 100 at its south-east corner.
    let samples = SyntheticGrid.samples(side: 1201) { row, column in
      row == 1 && column == 1 ? 100 : 0
    }
    let tile = try HGTTile(name: name, samplesMeters: samples)
    let step = 1.0 / 1200
    func at(rows: Double, columns: Double) -> Double? {
      tile.elevationMeters(
        at: Coordinate(latitudeDegrees: 38 - rows * step, longitudeDegrees: -122 + columns * step))
    }
    #expect(try abs(#require(at(rows: 0.5, columns: 0.5)) - 25) < toleranceMeters)
    #expect(try abs(#require(at(rows: 1, columns: 0.5)) - 50) < toleranceMeters)
    #expect(try abs(#require(at(rows: 0.25, columns: 0.75)) - 18.75) < toleranceMeters)
    #expect(try abs(#require(at(rows: 1.5, columns: 1.5)) - 25) < toleranceMeters)
  }

  @Test func putsTheFirstRowOnTheNorthEdge() throws {
    // Ground falling from 2000 m at the north edge (latitude 38) to 800 m at the south edge.
    let samples = SyntheticGrid.samples(side: 1201) { row, _ in Int16(2000 - row) }
    let tile = try HGTTile(name: HGTTileName.at(37, -122), samplesMeters: samples)
    func at(_ latitude: Double, _ longitude: Double = -121.5) -> Double? {
      tile.elevationMeters(at: Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude))
    }
    #expect(try abs(#require(at(38)) - 2000) < toleranceMeters)
    #expect(try abs(#require(at(37)) - 800) < toleranceMeters)
    #expect(try abs(#require(at(37.75)) - 1700) < toleranceMeters)
    #expect(try abs(#require(at(37.25, -122)) - 1100) < toleranceMeters)
    #expect(try abs(#require(at(37.25, -121)) - 1100) < toleranceMeters)
    #expect(at(38.001) == nil)
    #expect(at(36.999) == nil)
    #expect(at(37.5, -122.001) == nil)
    #expect(at(37.5, -120.999) == nil)
  }

  @Test func storesSamplesBigEndianRowByRow() throws {
    let samples = SyntheticGrid.samples(side: 1201) { row, column in
      row == 0 && column == 0 ? 0x0102 : row == 0 && column == 1 ? -2 : row == 1 ? 7 : 0
    }
    let bytes = try HGTTile.encode(samplesMeters: samples)
    #expect(bytes.count == 2_884_802)
    #expect(Array(bytes.prefix(4)) == [0x01, 0x02, 0xFF, 0xFE])
    #expect(Array(bytes[2 * 1201..<2 * 1201 + 2]) == [0x00, 0x07])
    let tile = try HGTTile(name: HGTTileName.at(0, 0), bigEndianSamples: bytes)
    #expect(tile.sampleMeters(row: 0, column: 0) == 0x0102)
    #expect(tile.sampleMeters(row: 0, column: 1) == -2)
    #expect(tile.sampleMeters(row: 1, column: 1200) == 7)
    #expect(tile.sampleMeters(row: 1201, column: 0) == nil)
    #expect(tile.sampleMeters(row: 0, column: -1) == nil)
  }

  @Test func writesATileNamedByItsCornerAndReadsItBack() throws {
    let folder = try TemporaryFolder()
    let name = HGTTileName.at(-1, -1)
    let samples = SyntheticGrid.planeSamples(side: 1201)
    let url = try HGTTile.write(samplesMeters: samples, name: name, toFolder: folder.url)
    #expect(url.lastPathComponent == "S01W001.hgt")
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.size] as? NSNumber)?.intValue == 2_884_802)
    let tile = try HGTTile(contentsOf: url)
    #expect(tile.name == name)
    #expect(tile.bigEndianSamples == (try HGTTile.encode(samplesMeters: samples)))
    let coordinate = Coordinate(latitudeDegrees: -0.3, longitudeDegrees: -0.6)
    let elevation = try #require(tile.elevationMeters(at: coordinate))
    let expected = SyntheticGrid.plane(at: coordinate, in: name, side: 1201)
    #expect(abs(elevation - expected) < toleranceMeters)
  }

  @Test(arguments: [0, 1000, 2 * 1201 * 1201 - 2, 2 * 1201 * 1201 + 2, 2 * 1201 * 1200])
  func refusesBytesOfAnotherSize(byteCount: Int) {
    let error = #expect(throws: TerrainError.self) {
      try HGTTile(name: HGTTileName.at(37, -122), bigEndianSamples: Data(count: byteCount))
    }
    #expect(
      error?.description
        == "N37W122.hgt: \(byteCount) bytes, not the size of an HGT tile "
        + "(25934402 for 1 arc-second, 2884802 for 3 arc-seconds)")
  }

  @Test func refusesAFileCutShort() throws {
    let folder = try TemporaryFolder()
    let bytes = try HGTTile.encode(samplesMeters: SyntheticGrid.planeSamples(side: 1201))
    let url = try folder.write("N37W122.hgt", bytes.prefix(bytes.count - 1))
    let error = #expect(throws: TerrainError.self) { try HGTTile(contentsOf: url) }
    #expect(error?.path == url.path)
    #expect(error?.reason.hasPrefix("2884801 bytes, not the size of an HGT tile") == true)
  }

  @Test func refusesAGridOfAnotherCount() {
    let error = #expect(throws: TerrainError.self) {
      try HGTTile.encode(samplesMeters: [Int16](repeating: 1, count: 1200 * 1200))
    }
    #expect(
      error?.description
        == "samples: 1440000 samples, not an HGT grid (3601 × 3601 or 1201 × 1201)")
    let named = #expect(throws: TerrainError.self) {
      try HGTTile(name: HGTTileName.at(1, 2), samplesMeters: [1, 2, 3])
    }
    #expect(named?.path == "N01E002.hgt")
  }

  @Test func refusesAMissingFileAndANameThatIsNoTiles() throws {
    let folder = try TemporaryFolder()
    let missing = #expect(throws: TerrainError.self) {
      try HGTTile(contentsOf: folder.url("N01E001.hgt"))
    }
    #expect(missing?.reason == "no such file")
    let unnamed = #expect(throws: TerrainError.self) {
      try HGTTile(contentsOf: folder.url("ground.hgt"))
    }
    #expect(unnamed?.reason.hasPrefix("not a tile file's name") == true)
  }
}
