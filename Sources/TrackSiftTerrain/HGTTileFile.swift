import Foundation

/// A file that holds one HGT tile, found by its name: `N37W122.hgt`, `N37W122.hgt.gz`, or a
/// zip archive with one `.hgt` member such as `N37W122.SRTMGL1.hgt.zip`.
///
/// The name must start with the tile's name (``HGTTileName``, any case), then a dot; what
/// follows must end in `.hgt` (a plain tile), `.hgt.gz` (gzip) or `.zip`. Words between are
/// allowed, as distributions add them: `N37W122.SRTMGL1.hgt.zip`, `S01E000.GLO30.hgt`.
public struct HGTTileFile: Sendable, Hashable, Comparable {
  /// How a tile's bytes are stored in its file.
  public enum Compression: Sendable, Hashable {
    /// The samples as they are; read memory-mapped.
    case none
    /// A gzip stream of the samples (`.hgt.gz`).
    case gzip
    /// A zip archive with the tile as its one `.hgt` (or `.hgt.gz`) member.
    case zip
  }

  /// The file on disk.
  public var url: URL
  /// The tile the file's name gives.
  public var name: HGTTileName
  /// How the samples are stored, from the name's ending.
  public var compression: Compression

  /// The tile file at `url`, or nil when its last path component is not a tile file's name.
  public init?(url: URL) {
    guard let parsed = Self.parse(fileName: url.lastPathComponent) else { return nil }
    self.url = url
    name = parsed.name
    compression = parsed.compression
  }

  /// The tile and the compression a file name gives, or nil when it is not a tile file's.
  ///
  /// - Parameter fileName: a last path component, such as `n37w122.hgt.zip`.
  public static func parse(
    fileName: String
  ) -> (name: HGTTileName, compression: Compression)? {
    guard fileName.utf8.count > 8, let name = HGTTileName(fileName.prefix(7)) else {
      return nil
    }
    let rest = fileName.dropFirst(7).lowercased()
    guard rest.hasPrefix(".") else { return nil }
    if rest.hasSuffix(".hgt") { return (name, .none) }
    if rest.hasSuffix(".hgt.gz") { return (name, .gzip) }
    if rest.hasSuffix(".zip") { return (name, .zip) }
    return nil
  }

  /// By path.
  public static func < (lhs: HGTTileFile, rhs: HGTTileFile) -> Bool {
    lhs.url.path < rhs.url.path
  }
}
