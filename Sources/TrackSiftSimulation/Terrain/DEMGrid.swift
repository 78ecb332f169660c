/// Samples of a latitude/longitude grid over a box, at `arcSeconds` spacing, indexed by their
/// global grid position: row `i` lies at latitude `i · arcSeconds / 3600` degrees, column `j`
/// at longitude `j · arcSeconds / 3600`. A position outside the box reads the nearest sample
/// inside it (the box's edge extended outward).
struct DEMGrid: Sendable, Hashable {
  /// Spacing of the samples in arc seconds.
  let arcSeconds: Int
  /// Global row indices of the box, south to north.
  let rows: ClosedRange<Int>
  /// Global column indices of the box, west to east.
  let columns: ClosedRange<Int>
  /// The samples row by row, south to north, each row west to east.
  private let samples: [Int16]

  /// Samples per degree at this spacing.
  var samplesPerDegree: Double { 3_600 / Double(arcSeconds) }

  /// The grid over the box `latitudes` × `longitudes` (degrees), each sample `value(row,
  /// column)`.
  /// - Complexity: O(samples in the box) calls of `value`.
  init(
    arcSeconds: Int, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>,
    value: (Int, Int) -> Int16
  ) {
    self.arcSeconds = arcSeconds
    let perDegree = 3_600 / Double(arcSeconds)
    // Rounded outward, so the box's samples enclose every position in it.
    let south = Int((latitudes.lowerBound * perDegree).rounded(.down))
    let north = max(south, Int((latitudes.upperBound * perDegree).rounded(.up)))
    let west = Int((longitudes.lowerBound * perDegree).rounded(.down))
    let east = max(west, Int((longitudes.upperBound * perDegree).rounded(.up)))
    rows = south...north
    columns = west...east
    var samples: [Int16] = []
    samples.reserveCapacity(rows.count * columns.count)
    for row in rows {
      for column in columns {
        samples.append(value(row, column))
      }
    }
    self.samples = samples
  }

  /// The sample at global `row`, `column`, or the nearest one inside the box.
  func sample(row: Int, column: Int) -> Int16 {
    let r = min(max(row, rows.lowerBound), rows.upperBound) - rows.lowerBound
    let c = min(max(column, columns.lowerBound), columns.upperBound) - columns.lowerBound
    return samples[r * columns.count + c]
  }

  /// The samples interpolated bilinearly at a position (degrees), as a reader of HGT tiles
  /// does between the four samples around it.
  func interpolated(latitudeDegrees: Double, longitudeDegrees: Double) -> Double {
    let y = latitudeDegrees * samplesPerDegree
    let x = longitudeDegrees * samplesPerDegree
    let row = Int(y.rounded(.down))
    let column = Int(x.rounded(.down))
    let fy = y - Double(row)
    let fx = x - Double(column)
    let southWest = Double(sample(row: row, column: column))
    let southEast = Double(sample(row: row, column: column + 1))
    let northWest = Double(sample(row: row + 1, column: column))
    let northEast = Double(sample(row: row + 1, column: column + 1))
    let south = southWest + (southEast - southWest) * fx
    let north = northWest + (northEast - northWest) * fx
    return south + (north - south) * fy
  }
}
