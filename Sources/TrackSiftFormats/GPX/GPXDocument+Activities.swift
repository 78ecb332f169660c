import TrackSift

extension GPXDocument {
  /// A document of recorded activities (a multisport recording's sessions, or one): a track
  /// each, named `name`, with its sport as its `type`; read back, tracks whose types differ
  /// are the file's sessions (`ActivityFile.sessions`) and one type is its sport.
  public init(creator: String?, name: String?, activities: [WrittenActivity]) {
    self.init(
      creator: creator, name: name,
      tracks: activities.map { Track(name: name, segments: $0.track.segments) })
    for (index, activity) in activities.enumerated() where activity.sport != nil {
      trackDetails[index] = TrackDetails(type: activity.sport)
    }
  }
}
