import Foundation
import ZIPFoundation

/// Which member of a tile's zip archive holds the tile.
enum ZipTileMember {
  /// The stored path of the `.hgt` (or `.hgt.gz`) member of the zip archive `file`.
  ///
  /// The member is the archive's only file named like a tile (skipping folders, dot-files
  /// and `__MACOSX/`), or, among several, the only one named after the archive's tile: as
  /// `N37W122.SRTMGL1.hgt.zip` holds `N37W122.hgt`.
  ///
  /// - Throws: ``TerrainError`` when the archive cannot be opened or no single member fits.
  /// - Complexity: O(m) for m members: one pass over the central directory.
  static func storedPath(in file: HGTTileFile) throws(TerrainError) -> String {
    try choose(among: listed(in: file).map(\.path), for: file)
  }

  /// The member's size as the archive states it, when it is a plain `.hgt` member.
  static func statedByteCount(in file: HGTTileFile) -> Int? {
    guard let entries = try? listed(in: file),
      let path = try? choose(among: entries.map(\.path), for: file),
      let entry = entries.first(where: { $0.path == path }),
      path.lowercased().hasSuffix(".hgt")
    else { return nil }
    return Int(exactly: entry.uncompressedSize)
  }

  /// The archive's file members named like tiles.
  private static func listed(in file: HGTTileFile) throws(TerrainError) -> [Entry] {
    let archive: Archive
    do {
      archive = try Archive(url: file.url, accessMode: .read)
    } catch {
      throw TerrainError(path: file.url.path, reason: "not a zip archive (\(error))")
    }
    return archive.filter { entry in
      guard entry.type == .file else { return false }
      let components = entry.path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
      guard let last = components.last,
        !components.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" })
      else { return false }
      let lowercased = last.lowercased()
      return lowercased.hasSuffix(".hgt") || lowercased.hasSuffix(".hgt.gz")
    }
  }

  private static func choose(
    among paths: [String], for file: HGTTileFile
  ) throws(TerrainError) -> String {
    if paths.count == 1 { return paths[0] }
    guard !paths.isEmpty else {
      throw TerrainError(path: file.url.path, reason: "no .hgt member in the zip archive")
    }
    let named = paths.filter { path in
      let last = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init)
      return last.flatMap { HGTTileName($0.prefix(7)) } == file.name
    }
    guard named.count == 1 else {
      throw TerrainError(
        path: file.url.path,
        reason: "\(paths.count) .hgt members in the zip archive, \(named.count) named \(file.name)"
      )
    }
    return named[0]
  }
}
