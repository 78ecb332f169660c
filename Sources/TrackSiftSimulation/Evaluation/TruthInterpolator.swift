import TrackSift

/// Positions of a time-ordered trajectory at any instant inside its span, by linear
/// interpolation between the two neighbouring points (in a local plane, so it is exact for
/// the short steps of a trajectory). Times are never rounded: at driving speed, rounding a
/// 0.442 s offset alone would invent a 10 m error.
struct TruthInterpolator: Sendable {
  private let points: [TruthPoint]

  init(_ points: [TruthPoint]) {
    self.points = points
  }

  /// The position at `timeSeconds`, or `nil` outside the span (or between points more than
  /// `maximumGapSeconds` apart, where the path is unknown).
  func coordinate(atTimeSeconds timeSeconds: Double, maximumGapSeconds: Double = 5)
    -> Coordinate?
  {
    guard let upper = upperIndex(timeSeconds) else { return nil }
    let after = points[upper]
    if after.timeSeconds == timeSeconds || upper == 0 {
      return after.timeSeconds == timeSeconds ? after.coordinate : nil
    }
    let before = points[upper - 1]
    let span = after.timeSeconds - before.timeSeconds
    guard span > 0, span <= maximumGapSeconds else { return nil }
    let fraction = (timeSeconds - before.timeSeconds) / span
    let plane = LocalTangentPlane(origin: before.coordinate)
    let end = plane.project(after.coordinate)
    return plane.unproject(
      eastMeters: end.eastMeters * fraction, northMeters: end.northMeters * fraction)
  }

  /// The point nearest in time to `timeSeconds`, if any.
  func nearest(atTimeSeconds timeSeconds: Double) -> TruthPoint? {
    guard let upper = upperIndex(timeSeconds) else { return points.last }
    guard upper > 0 else { return points[upper] }
    let before = points[upper - 1]
    let after = points[upper]
    return timeSeconds - before.timeSeconds <= after.timeSeconds - timeSeconds ? before : after
  }

  /// The points whose times lie in `range`.
  func points(in range: ClosedRange<Double>) -> ArraySlice<TruthPoint> {
    let lower = upperIndex(range.lowerBound) ?? points.count
    var upper = lower
    while upper < points.count, points[upper].timeSeconds <= range.upperBound { upper += 1 }
    return points[lower..<upper]
  }

  /// The first index whose time is at or after `timeSeconds`.
  private func upperIndex(_ timeSeconds: Double) -> Int? {
    var low = 0
    var high = points.count
    while low < high {
      let middle = (low + high) / 2
      if points[middle].timeSeconds < timeSeconds { low = middle + 1 } else { high = middle }
    }
    return low < points.count ? low : nil
  }
}
