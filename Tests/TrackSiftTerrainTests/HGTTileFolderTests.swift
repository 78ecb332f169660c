import Foundation
import Testing
import TrackSift
import TrackSiftArchives
import TrackSiftTerrain

@Suite struct HGTTileFolderTests {
  let toleranceMeters = 1e-6

  /// The ground `100 + 1200 (latitude - 37) + 2400 (longitude + 122)`: whole meters on every
  /// 3 arc-second sample and planar, so it is known everywhere and continuous across tiles.
  static func ground(_ coordinate: Coordinate) -> Double {
    100 + 1200 * (coordinate.latitudeDegrees - 37) + 2400 * (coordinate.longitudeDegrees + 122)
  }

  /// The 3 arc-second samples of ``ground(_:)`` over the tile `name`.
  static func groundSamples(_ name: HGTTileName) throws -> [Int16] {
    let side = HGTResolution.threeArcSeconds.samplesPerSide
    let tile = try HGTTile(name: name, bigEndianSamples: Data(count: 2 * side * side))
    return SyntheticGrid.samples(side: side) { row, column in
      Int16(ground(tile.coordinate(row: row, column: column)).rounded())
    }
  }

  /// A 3 arc-second tile of the same height everywhere, as an HGT file's bytes.
  static func flat(_ meters: Int16, side: Int = 1201) throws -> Data {
    try HGTTile.encode(samplesMeters: [Int16](repeating: meters, count: side * side))
  }

  func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude)
  }

  @Test func indexesTileFilesAndSkipsJunk() throws {
    let folder = try TemporaryFolder()
    try folder.write("N37W122.hgt", try Self.flat(10))
    try folder.write("readme.txt", Data("tiles from EarthExplorer".utf8))
    try folder.write("N38W122.tif", Data(count: 100))
    try folder.write("ground.hgt", Data(count: 100))
    try folder.write("N39W122", try Self.flat(30))
    try folder.write(".N40W122.hgt", try Self.flat(40))
    try folder.write("more/N41W122.hgt", try Self.flat(50))
    try FileManager.default.createDirectory(
      at: folder.url("N42W122.hgt"), withIntermediateDirectories: true)

    let flat = try HGTTileFolder(folder: folder.url)
    #expect(flat.tileNames.map(\.description) == ["N37W122"])
    #expect(flat.elevationMeters(at: coordinate(37.5, -121.5)) == 10)
    #expect(flat.elevationMeters(at: coordinate(41.5, -121.5)) == nil)
    #expect(flat.problems.isEmpty)

    let deep = try HGTTileFolder(folder: folder.url, recursive: true)
    #expect(deep.tileNames.map(\.description) == ["N37W122", "N41W122"])
    #expect(deep.elevationMeters(at: coordinate(41.5, -121.5)) == 50)
  }

  /// A FIFO named like a tile is no tile: opening it would wait for a writer forever.
  @Test(.timeLimit(.minutes(1)))
  func skipsAFIFONamedLikeATile() throws {
    let folder = try TemporaryFolder()
    try folder.write("N37W122.hgt", try Self.flat(10))
    for name in ["N37W122.hgt.zip", "N38W122.hgt", "N38W122.hgt.gz"] {
      #expect(mkfifo(folder.url(name).path, 0o644) == 0)
    }
    let tiles = try HGTTileFolder(folder: folder.url)
    #expect(tiles.tileNames.map(\.description) == ["N37W122"])
    #expect(tiles.elevationMeters(at: coordinate(37.5, -121.5)) == 10)
    #expect(tiles.problems.isEmpty)
  }

  @Test func refusesAFolderThatIsNotOne() throws {
    let folder = try TemporaryFolder()
    let missing = #expect(throws: TerrainError.self) {
      try HGTTileFolder(folder: folder.url("nowhere"))
    }
    #expect(missing?.description == folder.url("nowhere").path + ": no such folder")
    let file = try folder.write("N01E001.hgt", try Self.flat(1))
    let notFolder = #expect(throws: TerrainError.self) { try HGTTileFolder(folder: file) }
    #expect(notFolder?.reason == "not a folder")
  }

  @Test func readsSouthAndWestTilesAcrossTheirEdges() throws {
    let folder = try TemporaryFolder()
    for name in [HGTTileName.at(-1, -1), .at(-1, 0), .at(0, -1), .at(0, 0)] {
      try HGTTile.write(
        samplesMeters: SyntheticGrid.samples(side: 1201) { _, _ in
          Int16(1000 + 10 * name.southLatitudeDegrees + name.westLongitudeDegrees)
        }, name: name, toFolder: folder.url)
    }
    #expect(
      FileManager.default.fileExists(atPath: folder.url("S01W001.hgt").path))
    let tiles = try HGTTileFolder(folder: folder.url)
    #expect(tiles.tileNames.map(\.description) == ["S01W001", "S01E000", "N00W001", "N00E000"])
    #expect(tiles.elevationMeters(at: coordinate(-0.5, -0.5)) == 989)
    #expect(tiles.elevationMeters(at: coordinate(-0.5, 0.5)) == 990)
    #expect(tiles.elevationMeters(at: coordinate(0.5, -0.5)) == 999)
    #expect(tiles.elevationMeters(at: coordinate(0.5, 0.5)) == 1000)
    // On the corner itself: the north-east tile's sample.
    #expect(tiles.elevationMeters(at: coordinate(0, 0)) == 1000)
    #expect(tiles.elevationMeters(at: coordinate(1.5, 0.5)) == nil)
    // On the north and east edges of the grid, whose neighbours are missing: read from the
    // tiles that have those edges.
    #expect(tiles.elevationMeters(at: coordinate(1, 0.5)) == 1000)
    #expect(tiles.elevationMeters(at: coordinate(0.5, 1)) == 1000)
    #expect(tiles.elevationMeters(at: coordinate(1, 1)) == 1000)
    #expect(tiles.elevationMeters(at: coordinate(-0.5, 1)) == 990)
    #expect(tiles.elevationMeters(at: coordinate(1.000001, 1)) == nil)
  }

  @Test func isContinuousAcrossTwoAdjacentTiles() throws {
    let folder = try TemporaryFolder()
    for name in [HGTTileName.at(37, -122), .at(37, -121)] {
      try HGTTile.write(
        samplesMeters: try Self.groundSamples(name), name: name, toFolder: folder.url)
    }
    let tiles = try HGTTileFolder(folder: folder.url)
    var longitude = -121.01
    var visited: Set<HGTTileName> = []
    while longitude < -120.99 {
      let point = coordinate(37.4321, longitude)
      visited.insert(try #require(HGTTileName(containing: point)))
      let elevation = try #require(tiles.elevationMeters(at: point))
      #expect(abs(elevation - Self.ground(point)) < 1e-6)
      longitude += 0.000_37
    }
    #expect(visited.count == 2)
    #expect(tiles.elevationMeters(at: coordinate(37.5, -122.0001)) == nil)
  }

  @Test func readsGzipAndZipTiles() throws {
    let folder = try TemporaryFolder()
    let bytes = try HGTTile.encode(samplesMeters: try Self.groundSamples(.at(37, -122)))
    try folder.write("N37W122.hgt.gz", Gzip.compress(bytes))
    // As USGS distributes SRTM: the zip holds the bare tile.
    try folder.writeZip("N38W122.SRTMGL3.hgt.zip", [("N38W122.hgt", try Self.flat(222))])
    // A macOS-made zip: resource forks beside the tile.
    try folder.writeZip(
      "N39W122.zip",
      [("__MACOSX/._N39W122.hgt", Data(count: 10)), ("tiles/N39W122.hgt", try Self.flat(333))])
    // Two tiles in one zip: the one named after the archive is read.
    try folder.writeZip(
      "N40W122.hgt.zip",
      [("N41W122.hgt", try Self.flat(1)), ("N40W122.hgt", try Self.flat(444))])

    let tiles = try HGTTileFolder(folder: folder.url)
    #expect(tiles.tileNames.count == 4)
    let point = coordinate(37.123, -121.877)
    let elevation = try #require(tiles.elevationMeters(at: point))
    #expect(abs(elevation - Self.ground(point)) < toleranceMeters)
    #expect(tiles.elevationMeters(at: coordinate(38.5, -121.5)) == 222)
    #expect(tiles.elevationMeters(at: coordinate(39.5, -121.5)) == 333)
    #expect(tiles.elevationMeters(at: coordinate(40.5, -121.5)) == 444)
    #expect(tiles.problems.isEmpty)
  }

  @Test func reportsDamagedTilesAndGivesNoElevationThere() throws {
    let folder = try TemporaryFolder()
    try folder.write("N30E030.hgt", Data(count: 1000))
    let gzip = Gzip.compress(try Self.flat(5))
    try folder.write("N31E030.hgt.gz", gzip.prefix(gzip.count / 2))
    try folder.writeZip("N32E030.hgt.zip", [("readme.txt", Data("no tile".utf8))])
    try folder.write("N33E030.hgt.zip", Data("not a zip".utf8))
    try folder.writeZip("N34E030.hgt.zip", [("N34E030.hgt", Data(count: 2 * 1201 * 1200))])
    try folder.write("N35E030.hgt", try Self.flat(35))

    let tiles = try HGTTileFolder(folder: folder.url)
    for latitude in [30.5, 31.5, 32.5, 33.5, 34.5, 30.5, 34.5] {
      #expect(tiles.elevationMeters(at: coordinate(latitude, 30.5)) == nil)
    }
    #expect(tiles.elevationMeters(at: coordinate(35.5, 30.5)) == 35)
    let problems = tiles.problems
    #expect(problems.count == 5)
    let damaged = [
      "N30E030.hgt", "N31E030.hgt.gz", "N32E030.hgt.zip", "N33E030.hgt.zip", "N34E030.hgt.zip",
    ]
    #expect(problems.map(\.path) == damaged.map { folder.url($0).path })
    #expect(
      problems[0].reason
        == "1000 bytes, not the size of an HGT tile (25934402 for 1 arc-second, "
        + "2884802 for 3 arc-seconds)")
    #expect(problems[1].reason.hasPrefix("gzip data cut short"))
    #expect(problems[2].reason == "no .hgt member in the zip archive")
    #expect(problems[3].reason.hasPrefix("not a zip archive"))
    #expect(problems[4].member == "N34E030.hgt")
    #expect(problems[4].reason.hasPrefix("2882400 bytes, not the size of an HGT tile"))

    let error = #expect(throws: TerrainError.self) { try tiles.tile(named: .at(30, 30)) }
    #expect(error == problems[0])
    #expect(try tiles.tile(named: .at(35, 30))?.resolution == .threeArcSeconds)
    #expect(try tiles.tile(named: .at(36, 30)) == nil)
  }

  @Test func refusesAGzipBomb() throws {
    let folder = try TemporaryFolder()
    try folder.write("N10E010.hgt.gz", Gzip.compress(Data(count: 30_000_000)))
    let tiles = try HGTTileFolder(folder: folder.url)
    #expect(tiles.elevationMeters(at: coordinate(10.5, 10.5)) == nil)
    #expect(tiles.problems.map(\.reason) == ["more than 25934402 bytes once decompressed"])
  }

  @Test func prefersTheFinerOfTwoFilesForOneTile() throws {
    let folder = try TemporaryFolder()
    try folder.write("N20E020.hgt", try Self.flat(111))
    try folder.write("N20E020.SRTMGL1.hgt", try Self.flat(222, side: 3601))
    // A damaged 1 arc-second file (its gzip trailer states the right size): the 3 arc-second
    // one is read instead, and the damage reported.
    let fine = Gzip.compress(try Self.flat(555, side: 3601))
    try folder.write("N21E020.hgt.gz", fine.prefix(fine.count / 2) + fine.suffix(8))
    try folder.writeZip("N21E020.SRTMGL3.hgt.zip", [("N21E020.hgt", try Self.flat(333))])

    let tiles = try HGTTileFolder(folder: folder.url)
    let first = try #require(tiles.filesByTile[.at(20, 20)])
    #expect(first.map(\.url.lastPathComponent) == ["N20E020.SRTMGL1.hgt", "N20E020.hgt"])
    #expect(tiles.elevationMeters(at: coordinate(20.5, 20.5)) == 222)
    #expect(try tiles.tile(named: .at(20, 20))?.resolution == .oneArcSecond)
    let second = try #require(tiles.filesByTile[.at(21, 20)])
    #expect(second.map(\.url.lastPathComponent) == ["N21E020.hgt.gz", "N21E020.SRTMGL3.hgt.zip"])
    #expect(tiles.elevationMeters(at: coordinate(21.5, 20.5)) == 333)
    #expect(tiles.problems.map(\.path) == [folder.url("N21E020.hgt.gz").path])
  }

  @Test func givesNothingForCoordinatesOutOfRange() throws {
    let folder = try TemporaryFolder()
    try folder.write("N89E179.hgt", try Self.flat(7))
    let tiles = try HGTTileFolder(folder: folder.url)
    #expect(tiles.elevationMeters(at: coordinate(90, 180)) == 7)
    for (latitude, longitude) in [
      (Double.nan, 179.5), (89.5, Double.nan), (Double.infinity, 179.5), (90.001, 179.5),
      (89.5, 180.001), (-Double.infinity, -Double.infinity),
    ] {
      #expect(tiles.elevationMeters(at: coordinate(latitude, longitude)) == nil)
    }
  }

  @Test func answersLookupsFromSeveralTasksAtOnce() async throws {
    let folder = try TemporaryFolder()
    let names = [HGTTileName.at(37, -122), .at(37, -121), .at(38, -122)]
    for name in names {
      try HGTTile.write(
        samplesMeters: try Self.groundSamples(name), name: name, toFolder: folder.url)
    }
    let tiles = try HGTTileFolder(folder: folder.url)
    let worst = await withTaskGroup(of: Double.self) { group in
      for task in 0..<6 {
        group.addTask {
          var worstMeters = 0.0
          var state = UInt64(task + 1) &* 0x9E37_79B9_7F4A_7C15
          for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let latitude = 37 + Double(state >> 40 & 0xFFFF) / 65_536 * 2
            let longitude = -122 + Double(state >> 20 & 0xFFFF) / 65_536 * 2
            let point = Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude)
            let inTile = names.contains { $0.contains(point) }
            guard let elevation = tiles.elevationMeters(at: point) else {
              if inTile { worstMeters = .infinity }
              continue
            }
            worstMeters = max(worstMeters, inTile ? abs(elevation - Self.ground(point)) : .infinity)
          }
          return worstMeters
        }
      }
      return await group.reduce(0) { max($0, $1) }
    }
    #expect(worst < 1e-6)
    #expect(tiles.problems.isEmpty)
  }
}
