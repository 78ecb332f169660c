extension Track {
  /// The track's own length in meters: the geodesic steps between consecutive in-range fixes
  /// of each segment, summed, never joining segments. This is what a program that draws the
  /// file measures; it counts stops' jitter and every position as it stands.
  /// - Complexity: O(n).
  public var pathLengthMeters: Double {
    var total = 0.0
    for segment in segments {
      var previous: Coordinate?
      for fix in segment.fixes where fix.coordinate.isInRange {
        if let previous {
          let step = Geodesic.distanceMeters(from: previous, to: fix.coordinate)
          if step.isFinite { total += step }
        }
        previous = fix.coordinate
      }
    }
    return total
  }
}
