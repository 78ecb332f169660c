import Foundation
import TrackSift
import TrackSiftTerrain
import ZIPFoundation

/// A fresh folder under the temporary directory, removed when the fixture goes away.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("TrackSiftTerrainTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The URL of `relative` inside the folder.
  func url(_ relative: String) -> URL {
    url.appendingPathComponent(relative)
  }

  /// Writes `data` at `relative`, making folders on the way; returns the file's URL.
  @discardableResult
  func write(_ relative: String, _ data: Data) throws -> URL {
    let file = url(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
    return file
  }

  /// Writes a zip archive at `relative` holding `members` in order; returns its URL.
  @discardableResult
  func writeZip(_ relative: String, _ members: [(path: String, body: Data)]) throws -> URL {
    let file = url(relative)
    let archive = try Archive(url: file, accessMode: .create)
    for (path, body) in members {
      try archive.addEntry(
        with: path, type: .file, uncompressedSize: Int64(body.count),
        compressionMethod: .deflate
      ) { position, size in
        body.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    return file
  }
}

/// Synthetic grids, made at run time (no binary tile is committed).
enum SyntheticGrid {
  /// `side` × `side` samples, row 0 at the north edge: `value(row, column)` for each.
  static func samples(
    side: Int, _ value: (_ row: Int, _ column: Int) -> Int16
  ) -> [Int16] {
    var samples: [Int16] = []
    samples.reserveCapacity(side * side)
    for row in 0..<side {
      for column in 0..<side { samples.append(value(row, column)) }
    }
    return samples
  }

  /// The plane `100 + 2 row + 3 column`: bilinear interpolation gives it exactly anywhere,
  /// so every lookup has a known answer.
  static func plane(row: Double, column: Double) -> Double {
    100 + 2 * row + 3 * column
  }

  /// ``plane(row:column:)`` sampled on a grid of `side`.
  static func planeSamples(side: Int) -> [Int16] {
    samples(side: side) { row, column in
      Int16(plane(row: Double(row), column: Double(column)))
    }
  }

  /// The plane at `coordinate` in the tile `name` with `side` samples a side.
  static func plane(at coordinate: Coordinate, in name: HGTTileName, side: Int) -> Double {
    let steps = Double(side - 1)
    return plane(
      row: (Double(name.southLatitudeDegrees + 1) - coordinate.latitudeDegrees) * steps,
      column: (coordinate.longitudeDegrees - Double(name.westLongitudeDegrees)) * steps)
  }
}

extension HGTTileName {
  /// A name the test knows to be valid.
  static func at(_ south: Int, _ west: Int) -> HGTTileName {
    HGTTileName(southLatitudeDegrees: south, westLongitudeDegrees: west)!
  }
}
