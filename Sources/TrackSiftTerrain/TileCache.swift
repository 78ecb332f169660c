/// The tiles an ``HGTTileFolder`` has read, and the problems it met; guarded by the
/// folder's lock.
struct TileCache {
  /// What reading a tile's files gave.
  enum Entry {
    /// The tile, read from the first of its files that could be.
    case loaded(HGTTile)
    /// None of its files could be read; the error is the first file's.
    case failed(TerrainError)
  }

  /// The tile of the latest lookup, so that a track within one tile skips the dictionary.
  var lastName: HGTTileName?
  /// The tile `lastName` names; nil when it has no file or could not be read.
  var lastTile: HGTTile?
  /// Every tile read so far, loaded or failed.
  var entries: [HGTTileName: Entry] = [:]
  /// Every file that could not be read, in the order met.
  var problems: [TerrainError] = []

  /// Remembers `tile` as the tile of the latest lookup, of `name`.
  mutating func remember(_ name: HGTTileName, _ tile: HGTTile?) {
    lastName = name
    lastTile = tile
  }
}
