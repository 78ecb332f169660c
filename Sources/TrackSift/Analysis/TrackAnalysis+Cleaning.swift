extension TrackAnalysis {
  /// The cleaned track: the accepted fixes of each segment at the chosen positions, optionally
  /// simplified; every other attribute of a fix (time, altitude, sensors) is kept, except a
  /// reported speed that was not trusted (``speedVerdicts``), which is left out.
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
    for (segmentIndex, (segment, analyzed)) in zip(track.segments, segments).enumerated() {
      let segmentSpeedVerdicts =
        segmentIndex < speedVerdicts.count ? speedVerdicts[segmentIndex] : []
      let positions: [Int] =
        simplify ? analyzed.simplifiedIndices : Array(analyzed.acceptedFixIndices.indices)
      guard !positions.isEmpty else { continue }
      var fixes: [Fix] = []
      fixes.reserveCapacity(positions.count)
      for position in positions {
        let index = analyzed.acceptedFixIndices[position]
        var fix = segment.fixes[index]
        if index < segmentSpeedVerdicts.count, segmentSpeedVerdicts[index].rejectionReason != nil {
          fix.speedMetersPerSecond = nil
          fix.speedAccuracyMetersPerSecond = nil
        }
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
