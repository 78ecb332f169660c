import Foundation
import TrackSift
import TrackSiftArchives

/// One HGT tile: the elevations of a one-degree cell on a square grid, as SRTM and Copernicus
/// GLO-30 (exported as HGT) distribute them.
///
/// The bytes are the file's: big-endian signed 16-bit meters above mean sea level, row by row
/// from the north edge to the south edge, each row from the west edge to the east edge.
/// Sample (row 0, column 0) lies exactly on the north-west corner, the last one on the
/// south-east corner; the outer rows and columns repeat the neighbouring tiles' edges. The
/// resolution (``HGTResolution``) follows from the byte count, and `-32768`
/// (``voidSampleMeters``) marks a void, a place the radar did not see.
///
/// Samples are read from the bytes as they are needed, never copied into a grid, so a tile
/// read memory-mapped costs only the pages a track touches. (Farr et al. 2007, "The Shuttle
/// Radar Topography Mission", Reviews of Geophysics 45, RG2004; the layout is GDAL's SRTMHGT.)
public struct HGTTile: Sendable {
  /// The sample that marks a void: no elevation there.
  public static let voidSampleMeters: Int16 = -32768

  /// The cell the tile covers.
  public let name: HGTTileName
  /// The grid: 3601 or 1201 samples a side.
  public let resolution: HGTResolution
  /// The samples as stored in an HGT file: big-endian, rows north to south.
  public let bigEndianSamples: Data

  /// A tile of `name` over the bytes of an HGT file.
  ///
  /// - Parameters:
  ///   - name: the cell, usually from the file's name.
  ///   - bigEndianSamples: the file's bytes, 2 × 3601 × 3601 or 2 × 1201 × 1201 of them;
  ///     kept as they are (memory-mapped bytes stay mapped).
  ///   - path: the file the bytes came from, for the error; the tile's file name when nil.
  ///   - member: the member of the zip archive at `path` they came from, if any.
  /// - Throws: ``TerrainError`` when the byte count is neither size: `N bytes, not the size
  ///   of an HGT tile (...)`, which a file cut short gives too.
  /// - Complexity: O(1); the bytes are not read.
  public init(
    name: HGTTileName, bigEndianSamples: Data, path: String? = nil, member: String? = nil
  ) throws(TerrainError) {
    guard let resolution = HGTResolution(byteCount: bigEndianSamples.count) else {
      throw TerrainError(
        path: path ?? name.fileName, member: member,
        reason: Self.sizeReason(byteCount: bigEndianSamples.count))
    }
    self.name = name
    self.resolution = resolution
    self.bigEndianSamples = bigEndianSamples
  }

  /// Samples along each side: 3601 or 1201.
  public var samplesPerSide: Int { resolution.samplesPerSide }

  /// The sample at `row` (0 at the north edge) and `column` (0 at the west edge), in meters;
  /// nil for a void or a row or column outside `0..<samplesPerSide`.
  ///
  /// - Complexity: O(1).
  public func sampleMeters(row: Int, column: Int) -> Int16? {
    let side = samplesPerSide
    guard (0..<side).contains(row), (0..<side).contains(column) else { return nil }
    let sample = bigEndianSamples.withUnsafeBytes { raw in
      SampleGrid(bytes: raw, side: side).sample(row: row, column: column)
    }
    return sample == Self.voidSampleMeters ? nil : sample
  }

  /// The position of the sample at `row` and `column`: latitude `south + 1 - row / (side -
  /// 1)`, longitude `west + column / (side - 1)` degrees.
  public func coordinate(row: Int, column: Int) -> Coordinate {
    let steps = Double(samplesPerSide - 1)
    return Coordinate(
      latitudeDegrees: Double(name.southLatitudeDegrees + 1) - Double(row) / steps,
      longitudeDegrees: Double(name.westLongitudeDegrees) + Double(column) / steps)
  }

  /// Why `byteCount` bytes are no tile.
  static func sizeReason(byteCount: Int) -> String {
    let sizes = HGTResolution.allCases.map { "\($0.byteCount) for \($0)" }
    return "\(byteCount) bytes, not the size of an HGT tile (\(sizes.joined(separator: ", ")))"
  }
}

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
