import Foundation
import Testing
import TrackSift
import TrackSiftTerrain

@Suite struct HGTTileNameTests {
  @Test(arguments: [
    ("N37W122", 37, -122), ("n37w122", 37, -122), ("S01E000", -1, 0), ("s90w180", -90, -180),
    ("N00E000", 0, 0), ("N89E179", 89, 179), ("S01W001", -1, -1),
  ])
  func parsesNames(text: String, south: Int, west: Int) throws {
    let name = try #require(HGTTileName(text))
    #expect(name.southLatitudeDegrees == south)
    #expect(name.westLongitudeDegrees == west)
  }

  @Test(arguments: [
    "S00E000", "N00W000", "N90E000", "S91E000", "N37W181", "N37E180", "E37N122", "N3AW122",
    "N37W1220", "N37W12", "", "N37 W122", "Ñ37W122",
  ])
  func refusesWhatIsNoName(text: String) {
    #expect(HGTTileName(text) == nil)
  }

  @Test func writesEveryNameAsItIsReadBack() {
    for south in -90...89 {
      for west in -180...179 {
        let name = HGTTileName.at(south, west)
        let text = name.description
        #expect(text.count == 7)
        #expect(HGTTileName(text) == name)
      }
    }
    #expect(HGTTileName.at(-1, 0).description == "S01E000")
    #expect(HGTTileName.at(37, -122).description == "N37W122")
    #expect(HGTTileName.at(5, 7).fileName == "N05E007.hgt")
  }

  @Test(arguments: [
    (37.5, -121.5, 37, -122), (-0.25, -0.25, -1, -1), (0.0, 0.0, 0, 0), (-0.0, 10.0, 0, 10),
    (90.0, 180.0, 89, 179), (-90.0, -180.0, -90, -180), (38.0, -121.0, 38, -121),
  ])
  func findsTheTileThatHoldsACoordinate(
    latitude: Double, longitude: Double, south: Int, west: Int
  ) throws {
    let coordinate = Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude)
    let name = try #require(HGTTileName(containing: coordinate))
    #expect(name == HGTTileName.at(south, west))
    #expect(name.contains(coordinate))
  }

  @Test(arguments: [
    (Double.nan, 0.0), (0.0, Double.nan), (Double.infinity, 0.0), (0.0, -Double.infinity),
    (90.5, 0.0), (-91.0, 0.0), (0.0, 180.01), (0.0, -200.0),
  ])
  func hasNoTileOutOfRange(latitude: Double, longitude: Double) {
    let coordinate = Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude)
    #expect(HGTTileName(containing: coordinate) == nil)
  }

  @Test func refusesCornersOutOfRange() {
    #expect(HGTTileName(southLatitudeDegrees: 90, westLongitudeDegrees: 0) == nil)
    #expect(HGTTileName(southLatitudeDegrees: 0, westLongitudeDegrees: 180) == nil)
    #expect(HGTTileName(southLatitudeDegrees: -91, westLongitudeDegrees: 0) == nil)
  }

  @Test func ordersSouthToNorthThenWestToEast() {
    let names = ["N01E001", "S01E005", "N01W001", "S01W005"].compactMap { HGTTileName($0) }
    #expect(names.sorted().map(\.description) == ["S01W005", "S01E005", "N01W001", "N01E001"])
  }

  @Test(arguments: [
    ("N37W122.hgt", HGTTileFile.Compression.none), ("n37w122.HGT", .none),
    ("N37W122.SRTMGL1.hgt", .none), ("N37W122.hgt.gz", .gzip), ("N37W122.HGT.GZ", .gzip),
    ("N37W122.hgt.zip", .zip), ("N37W122.SRTMGL1.hgt.zip", .zip), ("N37W122.zip", .zip),
  ])
  func readsTileFileNames(fileName: String, compression: HGTTileFile.Compression) throws {
    let file = try #require(HGTTileFile(url: URL(fileURLWithPath: "/tiles/" + fileName)))
    #expect(file.name == HGTTileName.at(37, -122))
    #expect(file.compression == compression)
  }

  @Test(arguments: [
    "N37W122", "N37W122hgt", "N37W122.txt", "N37W122.hgt.tif", "N37W122.gz", "readme.hgt",
    "X37W122.hgt", "N37W122_.hgt", "S00E000.hgt",
  ])
  func skipsOtherFileNames(fileName: String) {
    #expect(HGTTileFile(url: URL(fileURLWithPath: "/tiles/" + fileName)) == nil)
  }
}
