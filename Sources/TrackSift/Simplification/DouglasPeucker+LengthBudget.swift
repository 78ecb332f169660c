extension DouglasPeucker {
  /// The largest share of a line's length that ``simplifiedIndices(of:toleranceMeters:maximumRemovedLengthFraction:keeping:)``
  /// removes by default: 0.1 %, a third of the 0.3 % by which a cleaned file's length may
  /// differ from the distance reported for it (see <doc:CleanedFiles>).
  public static let defaultMaximumRemovedLengthFraction = 0.001

  /// Douglas-Peucker simplification that never shortens the line by more than a share of its
  /// length: the tolerance is lowered, where it must be, until the length the dropped points
  /// removed fits the budget.
  ///
  /// The line is split once down to exactly collinear points, each split point remembering its
  /// significance (its distance from its chord, capped by its parent's, so that a point is kept
  /// at a tolerance exactly when plain Douglas-Peucker keeps it) and the length it adds to its
  /// chord (`|AP| + |PB| - |AB|`, geodesic, never negative). Keeping every point whose
  /// significance exceeds a threshold gives the line plain Douglas-Peucker gives at that
  /// tolerance, and the length it removes is the sum of the dropped points' gains: the
  /// threshold is the largest, at most `toleranceMeters`, whose removed length fits.
  ///
  /// - Parameters:
  ///   - coordinates: the polyline.
  ///   - toleranceMeters: the largest allowed distance of a dropped point from the kept line;
  ///     NaN or negative values count as 0.
  ///   - maximumRemovedLengthFraction: the largest share of the line's geodesic length the
  ///     dropped points may remove (0.001 = 0.1 %); NaN or negative count as 0.
  ///   - keeping: points that must be kept (besides the first, the last and those with invalid
  ///     coordinates); they split the line into runs simplified on their own.
  /// - Returns: kept indices, strictly increasing. With an unlimited budget they equal
  ///   ``simplifiedIndices(of:toleranceMeters:)``'s (plus the points `keeping` asks for).
  /// - Complexity: O(n log n) typical, O(n²) worst case (the full split).
  public static func simplifiedIndices(
    of coordinates: [Coordinate], toleranceMeters: Double,
    maximumRemovedLengthFraction: Double = defaultMaximumRemovedLengthFraction,
    keeping: (Int) -> Bool = { _ in false }
  ) -> [Int] {
    let count = coordinates.count
    guard count > 2 else { return Array(0..<count) }
    let tolerance = toleranceMeters.isFinite ? max(toleranceMeters, 0) : 0
    let fraction =
      maximumRemovedLengthFraction.isNaN ? 0 : max(maximumRemovedLengthFraction, 0)
    let (xs, ys) = planarPoints(of: coordinates)
    var keep = xs.indices.map { !xs[$0].isFinite || !ys[$0].isFinite || keeping($0) }
    keep[0] = true
    keep[count - 1] = true
    // A run of measurable points ends beside each point that cannot be measured.
    for i in 0..<count where !xs[i].isFinite || !ys[i].isFinite {
      if i > 0 { keep[i - 1] = true }
      if i + 1 < count { keep[i + 1] = true }
    }
    // Runs between kept points of finite positions.
    var stack: [(first: Int, last: Int, significance: Double)] = []
    var lineMeters = 0.0
    for i in 1..<count where xs[i].isFinite && xs[i - 1].isFinite {
      let step = Geodesic.distanceMeters(from: coordinates[i - 1], to: coordinates[i])
      if step.isFinite { lineMeters += step }
    }
    var runStart = 0
    for i in 1..<count where keep[i] {
      if xs[runStart].isFinite, xs[i].isFinite { stack.append((runStart, i, .infinity)) }
      runStart = i
    }
    var splits: [(index: Int, significance: Double, gainMeters: Double)] = []
    var keptMeters = 0.0  // the length of the line through every split point
    for run in stack {
      keptMeters += Geodesic.distanceMeters(from: coordinates[run.first], to: coordinates[run.last])
    }
    while let (first, last, parent) = stack.popLast() {
      guard last - first > 1 else { continue }
      let (farthest, distanceSquared) = farthestPoint(xs, ys, from: first, to: last)
      guard farthest >= 0 else { continue }
      let significance = min(distanceSquared.squareRoot(), parent)
      let gain =
        Geodesic.distanceMeters(from: coordinates[first], to: coordinates[farthest])
        + Geodesic.distanceMeters(from: coordinates[farthest], to: coordinates[last])
        - Geodesic.distanceMeters(from: coordinates[first], to: coordinates[last])
      let gainMeters = gain.isFinite ? max(gain, 0) : 0
      keptMeters += gainMeters
      splits.append((farthest, significance, gainMeters))
      stack.append((first, farthest, significance))
      stack.append((farthest, last, significance))
    }
    // What the exactly collinear points add is removed whatever the threshold.
    var removedMeters = max(lineMeters - keptMeters, 0)
    let budgetMeters = fraction * lineMeters
    splits.sort { $0.significance < $1.significance }
    var threshold = 0.0
    var position = 0
    while position < splits.count, splits[position].significance <= tolerance {
      // Points of equal significance go together: a threshold keeps all or none of them.
      let significance = splits[position].significance
      var end = position
      var gainMeters = 0.0
      while end < splits.count, splits[end].significance == significance {
        gainMeters += splits[end].gainMeters
        end += 1
      }
      guard removedMeters + gainMeters <= budgetMeters else { break }
      removedMeters += gainMeters
      threshold = significance
      position = end
    }
    for split in splits[position...] where split.significance > threshold {
      keep[split.index] = true
    }
    var kept: [Int] = []
    for i in 0..<count where keep[i] { kept.append(i) }
    return kept
  }
}
