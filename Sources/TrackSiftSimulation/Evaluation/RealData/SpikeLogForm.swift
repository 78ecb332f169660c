import TrackSift

/// The three forms each labelled spike log is scored in: as its reader gives it, and with
/// the fields most files in the wild lack left out.
public enum SpikeLogForm: String, Sendable, Hashable, Codable, CaseIterable {
  /// As read, with every field the log has (the speed-sailing CSVs: accuracies, HDOP,
  /// satellites, fix type).
  case asRead = "as read"
  /// As the GPX most files in the wild are: time, position, elevation, `hdop`, `sat`, speed
  /// and course; no accuracy, no fix type. The caller writes it as GPX and reads it back.
  case gpxDilutionOnly = "GPX hdop/sat"
  /// Positions, times and speeds only, as many watch files are.
  case positionsTimesSpeeds = "positions+speeds"

  /// `track` with only this form's fields kept (every other field unknown, the source
  /// unknown, as a GPX reader gives it).
  /// - Complexity: O(n) in the fixes.
  public func stripped(_ track: Track) -> Track {
    guard self != .asRead else { return track }
    var result = Track(name: track.name, segments: [])
    for segment in track.segments {
      result.segments.append(
        Segment(
          fixes: segment.fixes.map { fix in
            var kept = Fix(
              timestamp: fix.timestamp, latitudeDegrees: fix.latitudeDegrees,
              longitudeDegrees: fix.longitudeDegrees,
              speedMetersPerSecond: fix.speedMetersPerSecond)
            if self == .gpxDilutionOnly {
              kept.altitudeMeters = fix.altitudeMeters
              kept.courseDegrees = fix.courseDegrees
              kept.receiver = ReceiverStatus(
                satellitesUsed: fix.receiver.satellitesUsed,
                horizontalDilution: fix.receiver.horizontalDilution)
            }
            return kept
          }))
    }
    return result
  }
}
