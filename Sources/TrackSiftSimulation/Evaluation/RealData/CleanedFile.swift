import TrackSift

/// The file `tracksift clean` writes, as the evaluation measures it.
public enum CleanedFile {
  /// The cleaned track of `track` at tolerance 0 with smoothed positions: the same call
  /// `clean` makes (`TrackAnalysis.cleanedTrack(from:smoothing:toleranceMeters:)`), so the
  /// evaluation scores whatever the cleaning gives.
  /// - Parameters:
  ///   - track: the track as read.
  ///   - analysis: the analysis of `track`.
  public static func track(of track: Track, analysis: TrackAnalysis) -> Track {
    analysis.cleanedTrack(from: track, smoothing: .rts)
  }

  /// The highest valid speed a track's points carry, in meters per second, or `nil` when
  /// none carries one.
  public static func highestSpeedMetersPerSecond(of track: Track) -> Double? {
    track.segments.lazy.flatMap(\.fixes).compactMap(\.validSpeedMetersPerSecond).max()
  }
}
