import TrackSift

/// The file `tracksift clean` writes, as the evaluation measures it.
public enum CleanedFile {
  /// The cleaned track of `track` at tolerance 0 with smoothed positions: the same call
  /// `clean` makes (``TrackAnalysis/cleanedTrack(from:smoothing:simplify:)``), so the
  /// evaluation scores whatever the cleaning gives.
  /// - Parameter analysis: the analysis of `track`.
  public static func track(of track: Track, analysis: TrackAnalysis) -> Track {
    analysis.cleanedTrack(from: track, smoothing: .rts)
  }

  /// A track's own length, as any app measures a file: the geodesic distance between
  /// consecutive in-range points of each segment, summed, in meters.
  /// - Complexity: O(n) in the points.
  public static func lengthMeters(of track: Track) -> Double {
    var meters = 0.0
    for segment in track.segments {
      var previous: Coordinate?
      for fix in segment.fixes where fix.coordinate.isInRange {
        if let previous { meters += Geodesic.distanceMeters(from: previous, to: fix.coordinate) }
        previous = fix.coordinate
      }
    }
    return meters
  }

  /// The highest valid speed a track's points carry, in meters per second, or `nil` when
  /// none carries one.
  public static func highestSpeedMetersPerSecond(of track: Track) -> Double? {
    track.segments.lazy.flatMap(\.fixes).compactMap(\.validSpeedMetersPerSecond).max()
  }
}
