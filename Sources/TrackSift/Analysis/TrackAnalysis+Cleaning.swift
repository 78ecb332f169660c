extension TrackAnalysis {
  /// The cleaned track: the accepted fixes of each segment at the chosen positions, optionally
  /// simplified; every other attribute of a fix (time, altitude, sensors) is kept.
  ///
  /// - Parameters:
  ///   - track: the track this analysis was made of.
  ///   - smoothing: which positions to use.
  ///   - simplify: keep only the Douglas-Peucker points of the refined route.
  /// - Returns: a track with the input's name and one segment per input segment that kept a fix.
  public func cleanedTrack(from track: Track, smoothing: Smoothing = .rts, simplify: Bool = false)
    -> Track
  {
    var cleaned = Track(name: track.name, segments: [])
    for (segment, analyzed) in zip(track.segments, segments) {
      let positions: [Int] =
        simplify ? analyzed.simplifiedIndices : Array(analyzed.acceptedFixIndices.indices)
      guard !positions.isEmpty else { continue }
      var fixes: [Fix] = []
      fixes.reserveCapacity(positions.count)
      for position in positions {
        var fix = segment.fixes[analyzed.acceptedFixIndices[position]]
        let coordinate: Coordinate
        switch smoothing {
        case .rts: coordinate = analyzed.refinedCoordinates[position]
        case .live: coordinate = analyzed.liveCoordinates[position]
        case .none: coordinate = fix.coordinate
        }
        fix.latitudeDegrees = coordinate.latitudeDegrees
        fix.longitudeDegrees = coordinate.longitudeDegrees
        fixes.append(fix)
      }
      cleaned.segments.append(Segment(fixes: fixes))
    }
    return cleaned
  }
}
