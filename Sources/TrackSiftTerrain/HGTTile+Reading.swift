import Foundation
import TrackSiftArchives

extension HGTTile {
  /// Reads the tile in `file`: a plain tile memory-mapped, a `.hgt.gz` or a zip member
  /// decompressed into memory once.
  ///
  /// A compressed tile is refused as soon as it inflates past the size of a 1 arc-second
  /// tile, so a gzip or zip bomb costs at most that much memory.
  ///
  /// - Parameter file: the file and its tile, as ``HGTTileFile/init(url:)`` found them.
  /// - Throws: ``TerrainError`` naming the file (and member) when it cannot be read, is not
  ///   gzip or zip, is damaged, holds no single `.hgt` member, or its bytes are not the
  ///   size of a tile (a file cut short included).
  /// - Complexity: O(1) for a plain tile (pages are read when touched); O(n + m) for n
  ///   compressed and m decompressed bytes otherwise.
  public init(contentsOf file: HGTTileFile) throws(TerrainError) {
    let path = file.url.path
    switch file.compression {
    case .none:
      try self.init(name: file.name, bigEndianSamples: try Self.mapped(file.url), path: path)
    case .gzip:
      let compressed = try Self.mapped(file.url)
      let bytes: Data
      do {
        bytes = try Gzip.decompress(
          compressed, name: path, maximumBytes: HGTResolution.largestByteCount)
      } catch {
        throw TerrainError(error)
      }
      try self.init(name: file.name, bigEndianSamples: bytes, path: path)
    case .zip:
      let member = try ZipTileMember.storedPath(in: file)
      let source = ActivitySource(
        path: path, member: member, relativePath: file.url.lastPathComponent + "/" + member)
      let bytes: Data
      do {
        bytes = try ActivitySources.data(
          of: source, maximumBytes: HGTResolution.largestByteCount)
      } catch {
        throw TerrainError(error)
      }
      try self.init(name: file.name, bigEndianSamples: bytes, path: path, member: member)
    }
  }

  /// Reads the tile at `url`, named by its file name (``HGTTileFile``).
  ///
  /// - Throws: ``TerrainError`` when the name is not a tile file's, or as
  ///   ``init(contentsOf:)-(HGTTileFile)`` does.
  public init(contentsOf url: URL) throws(TerrainError) {
    guard let file = HGTTileFile(url: url) else {
      throw TerrainError(
        path: url.path,
        reason: "not a tile file's name (like N37W122.hgt, .hgt.gz or .hgt.zip)")
    }
    try self.init(contentsOf: file)
  }

  /// The file's bytes, memory-mapped.
  private static func mapped(_ url: URL) throws(TerrainError) -> Data {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw TerrainError(path: url.path, reason: "no such file")
    }
    guard !isFolder.boolValue else { throw TerrainError(path: url.path, reason: "a folder") }
    do {
      return try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      throw TerrainError(path: url.path, reason: "cannot be read (\(error.localizedDescription))")
    }
  }
}

extension TerrainError {
  /// The same file, member and reason as an error of `TrackSiftArchives`.
  init(_ error: ArchiveError) {
    self.init(path: error.path, member: error.member, reason: error.reason)
  }
}
