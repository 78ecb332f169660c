import Foundation

extension HGTTile {
  /// A tile of `name` holding `samplesMeters`, encoded as an HGT file's bytes.
  ///
  /// - Parameters:
  ///   - name: the cell the samples cover.
  ///   - samplesMeters: 3601 × 3601 or 1201 × 1201 elevations in meters, row by row from the
  ///     north edge, each row from the west edge; ``voidSampleMeters`` for a void.
  /// - Throws: ``TerrainError`` when the count is neither grid's.
  /// - Complexity: O(n) for n samples.
  public init(name: HGTTileName, samplesMeters: [Int16]) throws(TerrainError) {
    let bytes: Data
    do {
      bytes = try Self.encode(samplesMeters: samplesMeters)
    } catch {
      throw TerrainError(path: name.fileName, reason: error.reason)
    }
    try self.init(name: name, bigEndianSamples: bytes)
  }

  /// The bytes of an HGT file holding `samplesMeters`: each sample big-endian, in order.
  ///
  /// - Parameter samplesMeters: 3601 × 3601 or 1201 × 1201 elevations in meters, row by
  ///   row from the north edge, each row from the west edge; ``voidSampleMeters`` for a void.
  /// - Returns: 2 bytes a sample, ready to write as `N37W122.hgt`.
  /// - Throws: ``TerrainError`` (path `samples`) when the count is neither grid's.
  /// - Complexity: O(n) for n samples.
  public static func encode(samplesMeters: [Int16]) throws(TerrainError) -> Data {
    guard HGTResolution.allCases.contains(where: { $0.byteCount == 2 * samplesMeters.count })
    else {
      let grids = HGTResolution.allCases.map { "\($0.samplesPerSide) × \($0.samplesPerSide)" }
      throw TerrainError(
        path: "samples",
        reason:
          "\(samplesMeters.count) samples, not an HGT grid (\(grids.joined(separator: " or ")))")
    }
    var bytes = Data(count: 2 * samplesMeters.count)
    bytes.withUnsafeMutableBytes { raw in
      samplesMeters.withUnsafeBufferPointer { samples in
        for index in samples.indices {
          raw.storeBytes(of: samples[index].bigEndian, toByteOffset: 2 * index, as: Int16.self)
        }
      }
    }
    return bytes
  }

  /// Writes the tile into `folder` as ``HGTTileName/fileName`` (`N37W122.hgt`), replacing a
  /// file of that name atomically.
  ///
  /// - Parameter folder: an existing folder.
  /// - Returns: the file written.
  /// - Throws: ``TerrainError`` naming the file when it cannot be written.
  /// - Complexity: O(n) for n bytes.
  @discardableResult
  public func write(toFolder folder: URL) throws(TerrainError) -> URL {
    let url = folder.appendingPathComponent(name.fileName)
    do {
      try bigEndianSamples.write(to: url, options: .atomic)
    } catch {
      throw TerrainError(
        path: url.path, reason: "cannot be written (\(error.localizedDescription))")
    }
    return url
  }

  /// Encodes `samplesMeters` and writes them into `folder` as the tile `name`.
  ///
  /// - Parameters:
  ///   - samplesMeters: as ``encode(samplesMeters:)`` takes them.
  ///   - name: the cell, which names the file: `N37W122.hgt`.
  ///   - folder: an existing folder.
  /// - Returns: the file written.
  /// - Throws: ``TerrainError`` for a wrong sample count or a file that cannot be written.
  /// - Complexity: O(n) for n samples.
  @discardableResult
  public static func write(
    samplesMeters: [Int16], name: HGTTileName, toFolder folder: URL
  ) throws(TerrainError) -> URL {
    try HGTTile(name: name, samplesMeters: samplesMeters).write(toFolder: folder)
  }
}
