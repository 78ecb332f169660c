import Foundation
import TrackSiftArchives

/// Walks a folder for tile files (``HGTTileFile``) and orders each tile's files, the one to
/// read first first.
struct TileFileFinder {
  /// Whether subfolders are walked too.
  let recursive: Bool
  /// The tile files found so far.
  private(set) var found: [HGTTileFile] = []
  /// Folders already walked, resolved, so a symbolic link loop is walked once.
  private var walkedFolders: Set<String> = []

  /// A finder that walks subfolders when `recursive`.
  init(recursive: Bool) {
    self.recursive = recursive
  }

  /// Adds the tile files in `folder` (and its subfolders when ``recursive``). Files whose
  /// names are not tile files' are skipped, as are dot-files, dot-folders and anything that
  /// is not a regular file.
  ///
  /// - Throws: ``TerrainError`` when `folder` is missing, not a folder, or cannot be listed.
  /// - Complexity: O(f) for f entries walked.
  mutating func walk(folder: URL) throws(TerrainError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
      throw TerrainError(path: folder.path, reason: "no such folder")
    }
    guard isFolder.boolValue else { throw TerrainError(path: folder.path, reason: "not a folder") }
    guard walkedFolders.insert(folder.resolvingSymlinksInPath().path).inserted else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw TerrainError(
        path: folder.path, reason: "cannot list the folder (\(error.localizedDescription))")
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let url = folder.appendingPathComponent(name)
      // A broken symbolic link is no file to read: skipped like junk.
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        continue
      }
      if isFolder.boolValue {
        if recursive { try walk(folder: url) }
      } else if RegularFile.exists(at: url.path), let file = HGTTileFile(url: url) {
        // A FIFO or a device is no tile: opening one could wait for a writer forever.
        found.append(file)
      }
    }
  }

  /// The files found, by tile; a tile's files ordered by the size they state (a 1
  /// arc-second tile first, then 3 arc-seconds, then a size that cannot be told), then path.
  func filesByTile() -> [HGTTileName: [HGTTileFile]] {
    Dictionary(grouping: found, by: \.name).mapValues { files in
      guard files.count > 1 else { return files }
      let ranked = files.map { file in
        let resolution = Self.statedByteCount(of: file).flatMap(HGTResolution.init(byteCount:))
        let rank = resolution.map { HGTResolution.allCases.firstIndex(of: $0) ?? 0 }
        return (file, rank ?? HGTResolution.allCases.count)
      }
      return ranked.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }
  }

  /// The tile's size as its file states it without decompressing: the file's size, a gzip
  /// stream's trailer (its last 4 bytes: the input size modulo 2^32, little-endian, RFC
  /// 1952), or the zip directory's size of the member.
  private static func statedByteCount(of file: HGTTileFile) -> Int? {
    switch file.compression {
    case .none:
      let attributes = try? FileManager.default.attributesOfItem(atPath: file.url.path)
      return (attributes?[.size] as? NSNumber)?.intValue
    case .gzip:
      guard let handle = try? FileHandle(forReadingFrom: file.url) else { return nil }
      defer { try? handle.close() }
      guard let end = try? handle.seekToEnd(), end >= 18,
        (try? handle.seek(toOffset: end - 4)) != nil,
        let trailer = try? handle.read(upToCount: 4), trailer.count == 4
      else { return nil }
      return trailer.reversed().reduce(0) { $0 << 8 | Int($1) }
    case .zip:
      return ZipTileMember.statedByteCount(in: file)
    }
  }
}
