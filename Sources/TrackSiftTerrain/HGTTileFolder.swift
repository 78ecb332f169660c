import Foundation
import TrackSift

/// The ground's elevation from a folder of HGT tiles (SRTM, Copernicus GLO-30 as HGT), read
/// as the lookups need them.
///
/// The folder is listed once, when created: every file named like a tile (``HGTTileFile``:
/// `N37W122.hgt`, `.hgt.gz`, `.hgt.zip`, `N37W122.SRTMGL1.hgt.zip`) is indexed by its tile;
/// other files are ignored. A tile is read on the first lookup that falls in it and kept
/// for the folder's lifetime: a plain tile memory-mapped (its pages cost memory as they are
/// touched), a compressed one decompressed into memory once (25.9 MB for 1 arc-second).
///
/// - When two files hold the same tile, the one whose stated size is a 1 arc-second tile's
///   is read first, then a 3 arc-second one, then by path; if it cannot be read, the next
///   is tried.
/// - A tile whose files cannot be read (damaged, wrong size, cut short) gives nil for every
///   lookup in it, and its errors are in ``problems``; ``tile(named:)`` throws the error.
/// - Nothing is downloaded: the tiles are the user's (USGS EarthExplorer, OpenTopography,
///   Copernicus).
///
/// Lookups are safe from several threads at once. A lookup in the same tile as the one
/// before it takes the lock once and compares two integers; another tile costs a dictionary
/// lookup; a tile's first lookup reads it outside the lock (two threads may both read it;
/// the first to finish is kept).
///
/// `@unchecked Sendable`: the cache `cache` points to is only touched with `lock` held;
/// everything else is immutable, and ``HGTTile`` is a value.
public final class HGTTileFolder: ElevationModel, @unchecked Sendable {
  /// The folder given.
  public let folder: URL
  /// The tile files found, by tile; each tile's in the order they are tried.
  public let filesByTile: [HGTTileName: [HGTTileFile]]

  private let lock = NSLock()
  /// The cache, behind a pointer: its accesses (always with `lock` held) then skip the
  /// runtime's exclusivity checks on a class's stored property, a fifth of a lookup's time.
  private let cache: UnsafeMutablePointer<TileCache>

  /// Lists the tile files in `folder`.
  ///
  /// - Parameters:
  ///   - folder: the folder that holds the tiles.
  ///   - recursive: whether subfolders are listed too (dot-folders never are).
  /// - Throws: ``TerrainError`` when the folder does not exist, is a file, or cannot be
  ///   listed. A folder without tiles is no error: every lookup gives nil.
  /// - Complexity: O(f) for f entries listed; the files are not read, except the ends of a
  ///   tile's files when there are several (their stated sizes).
  public init(folder: URL, recursive: Bool = false) throws(TerrainError) {
    var finder = TileFileFinder(recursive: recursive)
    try finder.walk(folder: folder)
    self.folder = folder
    filesByTile = finder.filesByTile()
    cache = .allocate(capacity: 1)
    cache.initialize(to: TileCache())
  }

  deinit {
    cache.deinitialize(count: 1)
    cache.deallocate()
  }

  /// The tiles the folder has files for, south to north, then west to east.
  public var tileNames: [HGTTileName] { filesByTile.keys.sorted() }

  /// The files that could not be read so far, in the order met: one per file, with why.
  public var problems: [TerrainError] {
    lock.withLock { cache.pointee.problems }
  }

  /// The ground's elevation at `coordinate` in meters, by ``HGTTile/elevationMeters(at:)``
  /// in the tile that holds it (``HGTTileName/init(containing:)``), or, for a point on that
  /// tile's south or west edge when the tile is missing, in the neighbour sharing the edge.
  ///
  /// - Returns: meters above mean sea level; nil for a coordinate that is not finite or out
  ///   of range, no tile there, a tile that cannot be read, or a void left unknown.
  /// - Complexity: O(1), plus reading the tile on its first lookup.
  public func elevationMeters(at coordinate: Coordinate) -> Double? {
    guard let name = HGTTileName(containing: coordinate) else { return nil }
    if let tile = cachedTile(named: name) { return tile.elevationMeters(at: coordinate) }
    return neighbourElevationMeters(onEdgeOf: name, at: coordinate)
  }

  /// The elevation at a point on the south or west edge of a tile that is missing or cannot
  /// be read, from the neighbour that shares the edge (both hold its samples).
  @inline(never)
  private func neighbourElevationMeters(
    onEdgeOf name: HGTTileName, at coordinate: Coordinate
  ) -> Double? {
    let onSouthEdge = coordinate.latitudeDegrees == Double(name.southLatitudeDegrees)
    let onWestEdge = coordinate.longitudeDegrees == Double(name.westLongitudeDegrees)
    guard onSouthEdge || onWestEdge else { return nil }
    let south = name.southLatitudeDegrees
    let west = name.westLongitudeDegrees
    let neighbours = [
      onSouthEdge ? HGTTileName(southLatitudeDegrees: south - 1, westLongitudeDegrees: west) : nil,
      onWestEdge ? HGTTileName(southLatitudeDegrees: south, westLongitudeDegrees: west - 1) : nil,
      onSouthEdge && onWestEdge
        ? HGTTileName(southLatitudeDegrees: south - 1, westLongitudeDegrees: west - 1) : nil,
    ]
    for case let neighbour? in neighbours {
      if let elevation = cachedTile(named: neighbour)?.elevationMeters(at: coordinate) {
        return elevation
      }
    }
    return nil
  }

  /// The tile `name`, read now if it has not been.
  ///
  /// - Returns: the tile, or nil when the folder has no file for it.
  /// - Throws: ``TerrainError`` for the first of its files when none can be read.
  public func tile(named name: HGTTileName) throws(TerrainError) -> HGTTile? {
    guard filesByTile[name] != nil else { return nil }
    switch entry(named: name) {
    case .loaded(let tile): return tile
    case .failed(let error): throw error
    }
  }

  /// The tile for a lookup in `name`: the last one's, a cached one, or read now.
  @inline(__always)
  private func cachedTile(named name: HGTTileName) -> HGTTile? {
    lock.lock()
    if cache.pointee.lastName == name {
      defer { lock.unlock() }
      return cache.pointee.lastTile
    }
    lock.unlock()
    return slowTile(named: name)
  }

  @inline(never)
  private func slowTile(named name: HGTTileName) -> HGTTile? {
    guard filesByTile[name] != nil else {
      lock.withLock { cache.pointee.remember(name, nil) }
      return nil
    }
    let tile: HGTTile?
    switch entry(named: name) {
    case .loaded(let loaded): tile = loaded
    case .failed: tile = nil
    }
    lock.withLock { cache.pointee.remember(name, tile) }
    return tile
  }

  /// The cache's entry for `name`, reading its files (outside the lock) when it has none.
  private func entry(named name: HGTTileName) -> TileCache.Entry {
    if let entry = lock.withLock({ cache.pointee.entries[name] }) { return entry }
    var errors: [TerrainError] = []
    var read: HGTTile?
    for file in filesByTile[name] ?? [] {
      do {
        read = try HGTTile(contentsOf: file)
        break
      } catch {
        errors.append(error)
      }
    }
    let outcome: TileCache.Entry =
      read.map { .loaded($0) }
      ?? .failed(errors.first ?? TerrainError(path: name.fileName, reason: "no file"))
    return lock.withLock {
      if let earlier = cache.pointee.entries[name] { return earlier }
      cache.pointee.entries[name] = outcome
      cache.pointee.problems += errors
      return outcome
    }
  }
}
