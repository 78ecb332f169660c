import Foundation
import GRDB
import TrackSift

/// Raster tiles from a local MBTiles file (an SQLite database of PNG, JPEG or WebP tiles, see
/// the MBTiles 1.3 specification), drawn under a report's map. Tiles are read from the file the
/// user names and embedded in the page as data URIs; nothing is ever fetched from a server.
public struct MBTilesBasemap: Sendable {
  /// A tile placed on the map, in the map's pixels.
  struct PlacedTile {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var dataURI: String
  }

  /// Why a basemap cannot be used.
  public struct Error: Swift.Error, CustomStringConvertible, Sendable {
    /// The file's path, as given.
    public var path: String
    /// What is wrong, in words.
    public var reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// The file's path.
  public let path: String
  /// The attribution the file's metadata asks for, if any.
  public let attribution: String?
  private let zoomLevels: [Int]
  private let queue: DatabaseQueue

  /// The most tiles embedded: a basemap larger than about 1.5 MB of tiles defeats a light page.
  static let maximumTiles = 24

  /// Opens the MBTiles file at `path`, read-only.
  /// - Throws: ``Error`` when the file is missing, not a regular file, not SQLite, or has no
  ///   `tiles` table.
  public init(path: String) throws(MBTilesBasemap.Error) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw Error(path: path, reason: "no such file")
    }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      // SQLite's open of a FIFO would wait for a writer forever.
      throw Error(path: path, reason: "not a regular file")
    }
    var configuration = Configuration()
    configuration.readonly = true
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
      (zoomLevels, attribution) = try queue.read { db in
        let zooms = try Int.fetchAll(
          db, sql: "SELECT DISTINCT zoom_level FROM tiles ORDER BY zoom_level")
        let attribution = try? String.fetchOne(
          db, sql: "SELECT value FROM metadata WHERE name = 'attribution'")
        return (zooms, attribution)
      }
    } catch {
      throw Error(path: path, reason: "not an MBTiles file (\(error))")
    }
    self.path = path
  }

  /// The tiles of the deepest zoom whose tiles over the map number at most ``maximumTiles``,
  /// placed in the map's pixels; empty when the file has none there.
  func tiles(covering canvas: MapCanvas) -> [PlacedTile] {
    let corners = [
      canvas.coordinate(x: 0, y: 0), canvas.coordinate(x: canvas.width, y: canvas.height),
    ]
    for zoom in zoomLevels.reversed() {
      let (x0, y0) = Self.tile(corners[0], zoom: zoom)
      let (x1, y1) = Self.tile(corners[1], zoom: zoom)
      guard (x1 - x0 + 1) * (y1 - y0 + 1) <= Self.maximumTiles else { continue }
      let placed = (try? read(zoom: zoom, columns: x0...x1, rows: y0...y1, on: canvas)) ?? []
      if !placed.isEmpty { return placed }
    }
    return []
  }

  private func read(
    zoom: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>, on canvas: MapCanvas
  ) throws -> [PlacedTile] {
    try queue.read { db in
      var placed: [PlacedTile] = []
      let flipped = (1 << zoom) - 1
      let cursor = try Row.fetchCursor(
        db,
        sql: """
          SELECT tile_column, tile_row, tile_data FROM tiles
          WHERE zoom_level = ? AND tile_column BETWEEN ? AND ? AND tile_row BETWEEN ? AND ?
          """,
        arguments: [
          zoom, columns.lowerBound, columns.upperBound, flipped - rows.upperBound,
          flipped - rows.lowerBound,
        ])
      while let row = try cursor.next() {
        let column: Int = row[0]
        let tmsRow: Int = row[1]
        let data: Data = row[2]
        guard let mime = Self.imageType(data) else { continue }
        let xyzRow = flipped - tmsRow
        let northWest = canvas.point(Self.corner(column: column, row: xyzRow, zoom: zoom))
        let southEast = canvas.point(Self.corner(column: column + 1, row: xyzRow + 1, zoom: zoom))
        placed.append(
          PlacedTile(
            x: northWest.x, y: northWest.y, width: southEast.x - northWest.x,
            height: southEast.y - northWest.y,
            dataURI: "data:\(mime);base64,\(data.base64EncodedString())"))
      }
      return placed
    }
  }

  /// The image type of a tile by its signature; `nil` for anything else (never embedded).
  static func imageType(_ data: Data) -> String? {
    let bytes = [UInt8](data.prefix(12))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      return "image/webp"
    }
    return nil
  }

  /// The Web Mercator (XYZ) tile holding a position.
  static func tile(_ coordinate: Coordinate, zoom: Int) -> (x: Int, y: Int) {
    let count = Double(1 << zoom)
    let latitude = min(max(coordinate.latitudeDegrees, -85.0511), 85.0511) * .pi / 180
    let x = (coordinate.longitudeDegrees + 180) / 360 * count
    let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * count
    let last = Int(count) - 1
    return (min(max(Int(x), 0), last), min(max(Int(y), 0), last))
  }

  /// The north-west corner of an XYZ tile.
  static func corner(column: Int, row: Int, zoom: Int) -> Coordinate {
    let count = Double(1 << zoom)
    let longitude = Double(column) / count * 360 - 180
    let latitude = atan(sinh(.pi * (1 - 2 * Double(row) / count))) * 180 / .pi
    return Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude)
  }
}
