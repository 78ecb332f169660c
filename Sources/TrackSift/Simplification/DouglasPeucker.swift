/// Douglas-Peucker line simplification with the tolerance in meters (Douglas and Peucker 1973,
/// "Algorithms for the reduction of the number of points required to represent a digitized line
/// or its caricature").
///
/// Points are projected once to a ``LocalTangentPlane`` re-centred every
/// ``chunkLengthPoints`` points, so the chart's distortion stays far below any tolerance. The
/// recursion is replaced by an explicit stack: a 1,000,000-point segment cannot overflow it.
/// Distances are to the kept chord as a segment (not the infinite line).
public enum DouglasPeucker {
  /// Points per local projection chunk.
  public static let chunkLengthPoints = 4_096

  /// The indices of the points to keep, strictly increasing, always including the first and
  /// the last.
  ///
  /// - Parameters:
  ///   - coordinates: the polyline.
  ///   - toleranceMeters: largest allowed distance of a dropped point from the kept line; NaN or
  ///     negative values count as 0 (only exactly collinear points are dropped).
  /// - Returns: kept indices. Points with invalid coordinates are always kept (they cannot be
  ///   measured, and dropping them would hide them from the caller) and split the line into
  ///   runs that are simplified on their own.
  /// - Complexity: O(n log n) typical, O(n²) worst case.
  public static func simplifiedIndices(of coordinates: [Coordinate], toleranceMeters: Double)
    -> [Int]
  {
    let count = coordinates.count
    guard count > 2 else { return Array(0..<count) }
    let tolerance = toleranceMeters.isFinite ? max(toleranceMeters, 0) : 0
    let toleranceSquared = tolerance * tolerance
    let (xs, ys) = planarPoints(of: coordinates)
    // Points with invalid coordinates cannot be measured: always kept.
    var keep = xs.indices.map { !xs[$0].isFinite || !ys[$0].isFinite }
    // Non-finite points are kept and split the line into runs simplified on their own.
    var stack: [(Int, Int)] = []
    var runStart: Int? = nil
    for i in 0...count {
      let finite = i < count && xs[i].isFinite && ys[i].isFinite
      if finite, runStart == nil { runStart = i }
      if !finite, let start = runStart {
        keep[start] = true
        keep[i - 1] = true
        stack.append((start, i - 1))
        runStart = nil
      }
    }
    while let (first, last) = stack.popLast() {
      guard last - first > 1 else { continue }
      let farthest = farthestPoint(xs, ys, from: first, to: last, beyondSquared: toleranceSquared)
        .index
      if farthest >= 0 {
        keep[farthest] = true
        stack.append((first, farthest))
        stack.append((farthest, last))
      }
    }
    var kept: [Int] = []
    for i in 0..<count where keep[i] { kept.append(i) }
    return kept
  }

  /// The point between `first` and `last` farthest from their chord (as a segment), with its
  /// squared distance; index -1 when none lies more than `beyondSquared` from it.
  static func farthestPoint(
    _ xs: [Double], _ ys: [Double], from first: Int, to last: Int, beyondSquared: Double = 0
  ) -> (index: Int, distanceSquared: Double) {
    let ax = xs[first]
    let ay = ys[first]
    let dx = xs[last] - ax
    let dy = ys[last] - ay
    let lengthSquared = dx * dx + dy * dy
    var farthest = -1
    var farthestSquared = beyondSquared
    for i in (first + 1)..<last {
      let px = xs[i] - ax
      let py = ys[i] - ay
      var distanceSquared: Double
      if lengthSquared > 0 {
        let t = min(max((px * dx + py * dy) / lengthSquared, 0), 1)
        let ex = px - t * dx
        let ey = py - t * dy
        distanceSquared = ex * ex + ey * ey
      } else {
        distanceSquared = px * px + py * py
      }
      if !distanceSquared.isFinite { distanceSquared = .infinity }
      if distanceSquared > farthestSquared {
        farthestSquared = distanceSquared
        farthest = i
      }
    }
    return (farthest, farthestSquared)
  }

  /// The points in meters east and north on a ``LocalTangentPlane`` re-centred every
  /// ``chunkLengthPoints`` points (continuing the offsets, so scale errors stay local); NaN for
  /// points out of range.
  static func planarPoints(of coordinates: [Coordinate]) -> (xs: [Double], ys: [Double]) {
    var xs = [Double](repeating: .nan, count: coordinates.count)
    var ys = [Double](repeating: .nan, count: coordinates.count)
    guard let first = coordinates.first else { return (xs, ys) }
    var plane = LocalTangentPlane(origin: first)
    var offsetX = 0.0
    var offsetY = 0.0
    for i in coordinates.indices {
      let c = coordinates[i]
      guard c.isInRange else { continue }
      if i > 0, i % chunkLengthPoints == 0, coordinates[i - 1].isInRange {
        plane = LocalTangentPlane(origin: coordinates[i - 1])
        offsetX = xs[i - 1]
        offsetY = ys[i - 1]
      }
      let (east, north) = plane.project(c)
      xs[i] = east + offsetX
      ys[i] = north + offsetY
    }
    return (xs, ys)
  }

  /// Simplifies every segment of a track on its own, keeping each segment's first and last fix
  /// (so segment boundaries survive) and the kept fixes unchanged, timestamps included.
  public static func simplified(_ track: Track, toleranceMeters: Double) -> Track {
    var output = Track(name: track.name)
    for segment in track.segments {
      let indices = simplifiedIndices(
        of: segment.fixes.map(\.coordinate), toleranceMeters: toleranceMeters)
      output.segments.append(Segment(fixes: indices.map { segment.fixes[$0] }))
    }
    return output
  }
}
