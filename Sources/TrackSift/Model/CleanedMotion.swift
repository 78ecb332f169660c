/// What the refined figures counted over the step into a fix of a cleaned file: the state
/// ``TrackAnalysis/cleanedTrack(from:smoothing:toleranceMeters:)`` writes with every point, so
/// that the file, read again, is measured as it was written instead of being filtered and
/// judged a second time.
///
/// The GPX and TCX writers keep it in TrackSift's extension (`<tracksift:motion>`), the FIT
/// writer in a developer field (`tracksift_motion`), the CSV writer in a `motion` column and
/// the GeoJSON writer in a `motion` array; a fix read from anywhere else has none. A segment
/// whose every fix has one is measured as written: its positions are the refined ones and its
/// steps count as the states say (see ``TrackAnalysis``).
public enum CleanedMotion: String, Sendable, Hashable, Codable, CaseIterable {
  /// The step counts for distance and moving time.
  case moving
  /// The step counts for distance but not for moving time: a stop whose positions crept
  /// further than their accuracy explains.
  case creeping
  /// The step counts for neither: a stop. A segment whose first fix is stopped continues the
  /// segment before it: the cleaned file starts a new segment where the path resumes away
  /// from a held position, so that other programs do not count the step, and the time
  /// between them is the stop's, which the timer counts.
  case stopped
}
