import Foundation

extension SimulatedDEM {
  /// Samples on a side of a 1° tile at `arcSeconds` spacing: 3601 at 1", 1201 at 3" (both edges
  /// included, shared with the neighbouring tiles).
  public static func tileSide(arcSeconds: Int) -> Int { 3_600 / arcSeconds + 1 }

  /// The south-west corners (whole degrees) of the tiles the model's area touches.
  public var tileSouthWestCorners: [(latitude: Int, longitude: Int)] {
    let south = Int(latitudes.lowerBound.rounded(.down))
    let north = Int(latitudes.upperBound.rounded(.down))
    let west = Int(longitudes.lowerBound.rounded(.down))
    let east = Int(longitudes.upperBound.rounded(.down))
    return (south...north).flatMap { latitude in (west...east).map { (latitude, $0) } }
  }

  /// The samples of the 1° tile whose south-west corner is at `southWestLatitude`,
  /// `southWestLongitude` (whole degrees), laid out as an HGT file holds them: ``tileSide(arcSeconds:)``
  /// rows from north to south, each from west to east, in whole meters. Samples outside the
  /// model's area repeat the nearest sample inside it.
  ///
  /// - Parameters:
  ///   - southWestLatitude: Latitude of the tile's south edge, degrees.
  ///   - southWestLongitude: Longitude of the tile's west edge, degrees.
  ///   - arcSeconds: 1 or 3; at the other spacing than the model's own, the area's samples
  ///     are made anew from the same ground and error.
  /// - Returns: side × side samples (26 MB at 1", 2.9 MB at 3").
  /// - Complexity: O(side²), plus O(samples of the area · 64) at the other spacing.
  public func tileSamples(southWestLatitude: Int, southWestLongitude: Int, arcSeconds: Int)
    -> [Int16]
  {
    precondition(arcSeconds == 1 || arcSeconds == 3, "HGT tiles are 1 or 3 arc seconds")
    let sampler = sampler
    let tileGrid =
      arcSeconds == grid.arcSeconds
      ? grid
      : DEMGrid(arcSeconds: arcSeconds, latitudes: latitudes, longitudes: longitudes) {
        sampler.sample(row: $0, column: $1, arcSeconds: arcSeconds)
      }
    let side = Self.tileSide(arcSeconds: arcSeconds)
    let northRow = (southWestLatitude + 1) * (side - 1)
    let westColumn = southWestLongitude * (side - 1)
    var samples: [Int16] = []
    samples.reserveCapacity(side * side)
    // Rows outside the area repeat its edge row: made once, copied.
    var previous: (row: Int, samples: [Int16])?
    for r in 0..<side {
      let row = min(max(northRow - r, tileGrid.rows.lowerBound), tileGrid.rows.upperBound)
      if previous?.row != row {
        previous = (row, (0..<side).map { tileGrid.sample(row: row, column: westColumn + $0) })
      }
      samples += previous!.samples
    }
    return samples
  }
}
