/// Where the fields of a fix CSV file are, as its header row names them.
struct FixCSVLayout {
  /// A column read into each row's fix, with its header's text for error messages.
  struct Field {
    var index: Int
    var column: FixCSVColumn
    var header: String
  }

  /// The number of fields of the header, which every row must have.
  let fieldCount: Int
  /// The columns read into a fix, the first of each kind, in the header's order; the segment
  /// and ECEF columns are read apart.
  let fields: [Field]
  let timeIndex: Int?
  let dateIndex: Int?
  let segmentIndex: Int?
  /// The ECEF position columns, read only in a file without latitude and longitude.
  let ecefIndices: (x: Int, y: Int, z: Int)?
  /// Whether the file has a horizontal accuracy column.
  let statesAccuracy: Bool

  /// The layout that the header row's fields name.
  /// - Throws: ``FixCSVError`` when the header has no position: neither latitude and
  ///   longitude nor the three ECEF coordinates.
  init(headers: [Substring]) throws(FixCSVError) {
    var columns: [Field] = []
    for (index, header) in headers.enumerated() {
      guard let column = FixCSVColumn(header: header) else { continue }
      // The first column of a kind wins.
      if !columns.contains(where: { $0.column == column }) {
        columns.append(Field(index: index, column: column, header: String(header)))
      }
    }
    func index(of column: FixCSVColumn) -> Int? { columns.first { $0.column == column }?.index }
    let hasLatitude = index(of: .latitude) != nil
    let hasLongitude = index(of: .longitude) != nil
    var ecefIndices: (x: Int, y: Int, z: Int)?
    if !hasLatitude, !hasLongitude, let x = index(of: .ecefX), let y = index(of: .ecefY),
      let z = index(of: .ecefZ)
    {
      ecefIndices = (x, y, z)
    }
    guard hasLatitude || ecefIndices != nil else {
      throw FixCSVError(
        reason: "the header has no latitude column (lat, latitude) nor ECEF position columns",
        line: 1)
    }
    guard hasLongitude || ecefIndices != nil else {
      throw FixCSVError(
        reason: "the header has no longitude column (lon, lng, longitude)", line: 1)
    }
    fieldCount = headers.count
    fields = columns.filter { ![.segment, .ecefX, .ecefY, .ecefZ].contains($0.column) }
    timeIndex = index(of: .time)
    dateIndex = index(of: .date)
    segmentIndex = index(of: .segment)
    self.ecefIndices = ecefIndices
    statesAccuracy = index(of: .number(.horizontalAccuracy)) != nil
  }
}
