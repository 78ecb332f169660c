import Foundation
import Testing
import TrackSift
import TrackSiftTerrain

@Suite struct HGTTileVoidTests {
  let toleranceMeters = 1e-6
  let name = HGTTileName.at(45, 6)
  let side = 1201

  /// The plane of ``SyntheticGrid/plane(row:column:)`` with voids at `voids`.
  func tile(voids: Set<[Int]>) throws -> HGTTile {
    let samples = SyntheticGrid.samples(side: side) { row, column in
      voids.contains([row, column])
        ? HGTTile.voidSampleMeters
        : Int16(SyntheticGrid.plane(row: Double(row), column: Double(column)))
    }
    return try HGTTile(name: name, samplesMeters: samples)
  }

  /// The elevation at fractional grid position `row`, `column`.
  func elevation(_ tile: HGTTile, row: Double, column: Double) -> Double? {
    let steps = Double(side - 1)
    return tile.elevationMeters(
      at: Coordinate(latitudeDegrees: 46 - row / steps, longitudeDegrees: 6 + column / steps))
  }

  /// The samples at `points`, averaged.
  func mean(_ points: [[Int]]) -> Double {
    points.map { SyntheticGrid.plane(row: Double($0[0]), column: Double($0[1])) }
      .reduce(0, +) / Double(points.count)
  }

  /// Every `[row, column]` in the square from `first` to `last`, both included.
  func square(_ first: Int, _ last: Int) -> Set<[Int]> {
    Set((first...last).flatMap { row in (first...last).map { [row, $0] } })
  }

  @Test func reportsAVoidSampleAsNone() throws {
    let tile = try tile(voids: [[10, 10]])
    #expect(tile.sampleMeters(row: 10, column: 10) == nil)
    #expect(tile.sampleMeters(row: 10, column: 11) == 153)
  }

  @Test func weighsTheValidCornersOnlyWhenSomeAreVoid() throws {
    let tile = try tile(voids: [[10, 10]])
    let northEast = SyntheticGrid.plane(row: 10, column: 11)
    let southWest = SyntheticGrid.plane(row: 11, column: 10)
    let southEast = SyntheticGrid.plane(row: 11, column: 11)
    let middle = try #require(elevation(tile, row: 10.5, column: 10.5))
    #expect(abs(middle - (northEast + southWest + southEast) / 3) < toleranceMeters)
    // Weights (1 - 0.25) × 0.75, 0.25 × (1 - 0.75) and 0.25 × 0.75; the void's 0.1875 left out.
    let offCentre = try #require(elevation(tile, row: 10.25, column: 10.75))
    let expected = (0.5625 * northEast + 0.0625 * southWest + 0.1875 * southEast) / 0.8125
    #expect(abs(offCentre - expected) < toleranceMeters)
  }

  @Test func averagesTheValidCornersOnAVoidSample() throws {
    let tile = try tile(voids: [[10, 10]])
    let onVoid = try #require(elevation(tile, row: 10, column: 10))
    #expect(abs(onVoid - mean([[10, 11], [11, 10], [11, 11]])) < toleranceMeters)
    let twoVoids = try self.tile(voids: [[10, 10], [10, 11]])
    // On the line between two voids: the south corners, equally.
    let between = try #require(elevation(twoVoids, row: 10, column: 10.3))
    #expect(abs(between - mean([[11, 10], [11, 11]])) < toleranceMeters)
  }

  @Test func fillsAVoidCellFromTheRingAroundIt() throws {
    // The cell (10...11, 10...11) is void, and one sample of the ring around it too.
    let tile = try tile(voids: square(10, 11).union([[9, 9]]))
    let ring = [
      [9, 10], [9, 11], [9, 12], [10, 9], [10, 12], [11, 9], [11, 12], [12, 9], [12, 10],
      [12, 11], [12, 12],
    ]
    for (row, column) in [(10.5, 10.5), (10.1, 10.9), (10.0, 10.0), (10.0, 10.7)] {
      let filled = try #require(elevation(tile, row: row, column: column))
      #expect(abs(filled - mean(ring)) < toleranceMeters)
    }
  }

  @Test func looksTwoSamplesOutAtMost() throws {
    let twoOut = try tile(voids: square(9, 12))
    let filled = try #require(elevation(twoOut, row: 10.5, column: 10.5))
    let ring = (8...13).flatMap { row in (8...13).map { [row, $0] } }
      .filter { [8, 13].contains($0[0]) || [8, 13].contains($0[1]) }
    #expect(ring.count == 20)
    #expect(abs(filled - mean(ring)) < toleranceMeters)
    let threeOut = try tile(voids: square(8, 13))
    #expect(elevation(threeOut, row: 10.5, column: 10.5) == nil)
    // Outside the void the plane is read as before.
    let beside = try #require(elevation(threeOut, row: 20.5, column: 3))
    #expect(abs(beside - SyntheticGrid.plane(row: 20.5, column: 3)) < toleranceMeters)
  }

  @Test func usesOnlyTheTilesOwnSamplesAtItsEdge() throws {
    let tile = try tile(voids: square(0, 1))
    let filled = try #require(elevation(tile, row: 0.5, column: 0.5))
    #expect(abs(filled - mean([[0, 2], [1, 2], [2, 0], [2, 1], [2, 2]])) < toleranceMeters)
  }
}
