import TrackSift

extension ProfileChoice {
  /// The activities of a file written from `track`, each naming the sport it was measured as
  /// (``writtenSport``): one per session for a file measured session by session, else one.
  /// Read back, each part is measured with the profile it was measured with here.
  ///
  /// - Parameters:
  ///   - track: the track to write: the file's own, or one made from it (a cleaned track).
  ///   - sourceSegments: for a track made from the file's, the index of the file's segment
  ///     each of its segments comes from (`CleanedTrack.sourceSegments`); `nil` when
  ///     `track` is the file's own.
  /// - Returns: activities that hold every segment of `track` once, in order, split where the
  ///   session changes; a segment of no session stays with the one before it (the first
  ///   session's when it is the first). None for a track without segments measured session
  ///   by session.
  /// - Complexity: O(n) in the segments.
  public func writtenActivities(
    of track: Track, sourceSegments: [Int]? = nil
  ) -> [WrittenActivity] {
    guard !sessions.isEmpty else { return [WrittenActivity(sport: writtenSport, track: track)] }
    var sessionOfSegment: [Int: Int] = [:]
    for (session, choice) in sessions.enumerated() {
      for segment in choice.segments { sessionOfSegment[segment] = session }
    }
    var activities: [WrittenActivity] = []
    var current: Int?
    for (index, segment) in track.segments.enumerated() {
      let source = sourceSegments.map { index < $0.count ? $0[index] : nil } ?? index
      let owner = source.flatMap { sessionOfSegment[$0] } ?? current ?? 0
      if owner != current {
        activities.append(
          WrittenActivity(
            sport: sessions[owner].writtenSport, track: Track(name: track.name, segments: [])))
        current = owner
      }
      activities[activities.count - 1].track.segments.append(segment)
    }
    return activities
  }
}
