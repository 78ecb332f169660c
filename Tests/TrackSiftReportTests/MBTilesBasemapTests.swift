import Foundation
import GRDB
import Testing
import TrackSift

@testable import TrackSiftReport

@Suite struct MBTilesBasemapTests {
  /// A 1x1 PNG.
  static let png = Data(
    base64Encoded:
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
  )!

  /// An MBTiles file with PNG tiles over `coordinate` at `zoom` (and one tile that is not an
  /// image), in the TMS row order the specification uses.
  static func makeFile(around coordinate: Coordinate, zoom: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-\(UUID().uuidString).mbtiles").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE metadata (name TEXT, value TEXT)")
      try db.execute(
        sql:
          "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)"
      )
      try db.execute(
        sql: "INSERT INTO metadata VALUES ('attribution', ?)", arguments: ["<b>© test</b>"])
      let (x, y) = MBTilesBasemap.tile(coordinate, zoom: zoom)
      for column in (x - 3)...(x + 3) {
        for row in (y - 3)...(y + 3) {
          let data = column == x && row == y ? Data("<script>alert(1)</script>".utf8) : png
          try db.execute(
            sql: "INSERT INTO tiles VALUES (?, ?, ?, ?)",
            arguments: [zoom, column, (1 << zoom) - 1 - row, data])
        }
      }
    }
    return path
  }

  @Test func tilesUnderTheRouteAreEmbeddedAsDataAndNothingElse() throws {
    let activity = ReportFixtures.simulatedRun(seconds: 600)
    let start = try #require(activity.track.segments.first?.fixes.first?.coordinate)
    let path = try Self.makeFile(around: start, zoom: 16)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let html = ActivityReport(activities: [activity], basemap: try MBTilesBasemap(path: path))
      .html()
    let images = html.components(separatedBy: "<image class=\"basemap\"").count - 1
    #expect(images > 0)
    #expect(html.components(separatedBy: "href=\"data:image/png;base64,").count - 1 == images)
    #expect(!html.contains("alert(1)"))
    #expect(!html.contains("PHNjcmlwdD5"))  // the base64 of "<script>"
    #expect(html.contains("basemap: &lt;b&gt;© test&lt;/b&gt;"))
  }

  @Test func aMissingOrForeignFileIsATypedError() throws {
    #expect(throws: MBTilesBasemap.Error.self) { try MBTilesBasemap(path: "/nonexistent.mbtiles") }
    let text = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-\(UUID().uuidString).mbtiles")
    try Data("not sqlite".utf8).write(to: text)
    defer { try? FileManager.default.removeItem(at: text) }
    #expect(throws: MBTilesBasemap.Error.self) { try MBTilesBasemap(path: text.path) }
  }

  /// SQLite's open of a FIFO waits for a writer: a basemap named so is refused at once.
  @Test(.timeLimit(.minutes(1)))
  func aFIFOIsRefusedAtOnce() throws {
    let fifo = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-\(UUID().uuidString).mbtiles").path
    #expect(mkfifo(fifo, 0o644) == 0)
    defer { try? FileManager.default.removeItem(atPath: fifo) }
    let error = #expect(throws: MBTilesBasemap.Error.self) { try MBTilesBasemap(path: fifo) }
    #expect(error?.reason == "not a regular file")
  }

  @Test func tileCornersRoundTripTheirTile() {
    let place = Coordinate(latitudeDegrees: 47.61, longitudeDegrees: -122.33)
    let (x, y) = MBTilesBasemap.tile(place, zoom: 15)
    let corner = MBTilesBasemap.corner(column: x, row: y, zoom: 15)
    let next = MBTilesBasemap.corner(column: x + 1, row: y + 1, zoom: 15)
    #expect(
      corner.longitudeDegrees <= place.longitudeDegrees
        && place.longitudeDegrees < next.longitudeDegrees)
    #expect(
      corner.latitudeDegrees >= place.latitudeDegrees
        && place.latitudeDegrees > next.latitudeDegrees)
  }
}
