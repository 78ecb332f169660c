import TrackSift

extension HGTTile: ElevationModel {
  /// How far from a cell, in samples, a lookup looks for valid samples when all four of the
  /// cell's corners are voids: 2 samples, about 60 m at 1 arc-second and 180 m at 3.
  ///
  /// SRTM's voids are mostly steep slopes in radar shadow and open water; within a few
  /// samples of their rim the ground is still close to the rim's height, further in an
  /// average of the rim would be invented ground. Beyond this reach the elevation is left
  /// unknown.
  public static let voidFillReachSamples = 2

  /// The elevation at `coordinate` in meters, interpolated between the samples around it, or
  /// nil outside the tile or in a void too wide to fill.
  ///
  /// The rule, in order:
  /// 1. Bilinear interpolation between the four samples at the corners of the grid cell that
  ///    holds the point (on a sample, that sample's value exactly; a position within 1e-9
  ///    samples of a row or column counts as on it).
  /// 2. When some corners are voids, the same weights over the valid corners only, divided
  ///    by their sum; when the valid corners all weigh zero (the point lies on a void sample
  ///    or on the line between two), the mean of the valid corners.
  /// 3. When all four corners are voids, the mean of the valid samples on the ring of
  ///    samples one step around the cell, else on the ring two steps around
  ///    (``voidFillReachSamples``); only this tile's samples are used.
  /// 4. Otherwise nil: left unknown.
  ///
  /// - Parameter coordinate: a position; edges count as inside.
  /// - Returns: meters above mean sea level, or nil outside the tile (or not finite) and in
  ///   a void that step 3 cannot fill.
  /// - Complexity: O(1): four samples, or up to 32 more around a void.
  public func elevationMeters(at coordinate: Coordinate) -> Double? {
    let side = samplesPerSide
    let steps = Double(side - 1)
    let column = (coordinate.longitudeDegrees - Double(name.westLongitudeDegrees)) * steps
    let row = (Double(name.southLatitudeDegrees + 1) - coordinate.latitudeDegrees) * steps
    // NaN fails every comparison.
    guard column >= 0, column <= steps, row >= 0, row <= steps else { return nil }
    return bigEndianSamples.withUnsafeBytes { raw in
      SampleGrid(bytes: raw, side: side).interpolated(row: row, column: column)
    }
  }
}

extension SampleGrid {
  /// The elevation at fractional `row` and `column` (both within `0...side - 1`), by the rule
  /// of ``HGTTile/elevationMeters(at:)``.
  @inline(__always)
  func interpolated(row: Double, column: Double) -> Double? {
    let row = Self.snapped(row)
    let column = Self.snapped(column)
    let top = min(Int(row), side - 2)
    let left = min(Int(column), side - 2)
    let south = row - Double(top)
    let east = column - Double(left)
    let northWest = sample(row: top, column: left)
    let northEast = sample(row: top, column: left + 1)
    let southWest = sample(row: top + 1, column: left)
    let southEast = sample(row: top + 1, column: left + 1)
    let void = HGTTile.voidSampleMeters
    guard northWest != void, northEast != void, southWest != void, southEast != void else {
      return filled(
        top: top, left: left, south: south, east: east,
        corners: (northWest, northEast, southWest, southEast))
    }
    let northMeters = Double(northWest) + (Double(northEast) - Double(northWest)) * east
    let southMeters = Double(southWest) + (Double(southEast) - Double(southWest)) * east
    return northMeters + (southMeters - northMeters) * south
  }

  /// How close to a whole row or column, in samples, a position is taken to lie on it:
  /// 1e-9 samples (about 0.03 µm at 1 arc-second).
  ///
  /// A sample's latitude and longitude, written in degrees, come back from the arithmetic
  /// about 1e-12 samples off; snapping puts them back on the sample, so that a lookup there
  /// reads the cell the sample starts, the same one every time, which matters beside a void.
  static let snapSamples = 1e-9

  /// `position` (not negative), or the whole number within ``snapSamples`` of it.
  @inline(__always)
  private static func snapped(_ position: Double) -> Double {
    // Truncation rounds a non-negative number; `rounded()` is a libm call on baseline x86-64.
    let whole = Double(Int(position + 0.5))
    return abs(position - whole) < snapSamples ? whole : position
  }

  /// Steps 2 to 4 of the rule, for a cell with at least one void corner.
  @inline(never)
  private func filled(
    top: Int, left: Int, south: Double, east: Double,
    corners: (Int16, Int16, Int16, Int16)
  ) -> Double? {
    let weighted = [
      (corners.0, (1 - east) * (1 - south)), (corners.1, east * (1 - south)),
      (corners.2, (1 - east) * south), (corners.3, east * south),
    ].filter { $0.0 != HGTTile.voidSampleMeters }
    if !weighted.isEmpty {
      let weight = weighted.reduce(0) { $0 + $1.1 }
      if weight > 0 {
        return weighted.reduce(0) { $0 + Double($1.0) * $1.1 } / weight
      }
      return weighted.reduce(0) { $0 + Double($1.0) } / Double(weighted.count)
    }
    for reach in 1...HGTTile.voidFillReachSamples {
      if let mean = ringMean(top: top, left: left, reach: reach) { return mean }
    }
    return nil
  }

  /// The mean of the valid samples `reach` steps around the 2 × 2 cell at `top`, `left`
  /// (the border of the square from `top - reach` to `top + 1 + reach`), inside the grid.
  private func ringMean(top: Int, left: Int, reach: Int) -> Double? {
    var sumMeters = 0.0
    var count = 0
    for row in (top - reach)...(top + 1 + reach) where (0..<side).contains(row) {
      let onEdgeRow = row == top - reach || row == top + 1 + reach
      // Inner rows contribute their two ends only.
      let columns =
        onEdgeRow ? Array((left - reach)...(left + 1 + reach)) : [left - reach, left + 1 + reach]
      for column in columns where (0..<side).contains(column) {
        let value = sample(row: row, column: column)
        guard value != HGTTile.voidSampleMeters else { continue }
        sumMeters += Double(value)
        count += 1
      }
    }
    return count > 0 ? sumMeters / Double(count) : nil
  }
}
