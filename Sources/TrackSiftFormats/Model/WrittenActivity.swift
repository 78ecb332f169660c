import TrackSift

/// One activity of a file being written, with the sport it names: the whole recording, or one
/// session of a multisport recording (see `ProfileChoice.writtenActivities(of:sourceSegments:)`).
/// GPX writes it as a `trk` with a `type`, TCX as an `Activity` with a `Sport`, FIT as a
/// session with a `sport`, so that reading the file back measures each part as it was measured.
public struct WrittenActivity: Sendable, Hashable {
  /// The sport, as a FIT file names it (`running`, `cycling`, `walking`, `generic`, ...), or
  /// `nil` for none.
  public var sport: String?
  /// Its fixes.
  public var track: Track

  /// Creates an activity to write.
  public init(sport: String?, track: Track) {
    self.sport = sport
    self.track = track
  }
}
