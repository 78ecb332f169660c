import Foundation
import TrackSift

/// One activity (or course) of a TCX file: its laps with the device's totals, its positioned
/// trackpoints as a `Track` and its trackpoints without a position.
///
/// Segments: Garmin writes a TCX `Track` per lap, and a further `Track` within a lap where the
/// timer was stopped. So each `Track` element starts a segment, except the first of a lap,
/// which continues the segment of the lap before: distance is not lost at lap changes, and
/// never bridges a pause.
public struct TCXActivity: Sendable, Hashable {
  /// The `Sport` attribute (`Running`, `Biking`, `Other`), or the sport TrackSift's
  /// `<tracksift:sport>` names in the activity's `Extensions` (`walking`, see `TCXWriter`),
  /// made safe to show (`UntrustedText.sportName(_:)`); `nil` for a course.
  public var sport: String?
  /// The `Id` of an activity (its start time, as text) or the `Name` of a course.
  public var name: String?
  /// The `Name` of the `Creator`: the device that recorded it, as written.
  public var creator: String?
  /// The `Notes`, as written.
  public var notes: String?
  /// The laps in file order.
  public var laps: [TCXLap]
  /// The positioned trackpoints, segmented as the type's documentation says. A TCX `Track`
  /// whose points all lack a position gives no segment.
  public var track: Track
  /// The device's cumulative distance in meters (`DistanceMeters`) of every fix, parallel to
  /// `track.segments[i].fixes`; `nil` where the point has none.
  public var distancesMeters: [[Double?]]
  /// The trackpoints without a position, in file order.
  public var positionlessSamples: [TCXSample]

  /// Creates an activity.
  public init(
    sport: String? = nil, name: String? = nil, creator: String? = nil, notes: String? = nil,
    laps: [TCXLap] = [], track: Track = Track(), distancesMeters: [[Double?]] = [],
    positionlessSamples: [TCXSample] = []
  ) {
    self.sport = sport
    self.name = name
    self.creator = creator
    self.notes = notes
    self.laps = laps
    self.track = track
    self.distancesMeters = distancesMeters
    self.positionlessSamples = positionlessSamples
  }

  /// The activity's totals from its laps: the first lap's start time, the sport, and the sums
  /// of timer time, distance and calories, the maximum of maximum speeds and heart rates, and
  /// the timer-time-weighted average heart rate. A sum is `nil` when no lap gives the value;
  /// laps without it count as zero otherwise. Elapsed time is `nil`: TCX does not record it.
  ///
  /// - Complexity: O(n) in the laps.
  public var totals: DeviceTotals {
    var result = DeviceTotals(startTime: laps.first?.totals.startTime, sport: sport)
    func sum(_ value: KeyPath<DeviceTotals, Double?>) -> Double? {
      let values = laps.compactMap { $0.totals[keyPath: value] }
      return values.isEmpty ? nil : values.reduce(0, +)
    }
    func maximum(_ value: KeyPath<DeviceTotals, Double?>) -> Double? {
      laps.compactMap { $0.totals[keyPath: value] }.max()
    }
    result.timerTimeSeconds = sum(\.timerTimeSeconds)
    result.distanceMeters = sum(\.distanceMeters)
    result.kilocalories = sum(\.kilocalories)
    result.maximumSpeedMetersPerSecond = maximum(\.maximumSpeedMetersPerSecond)
    result.maximumHeartRateBeatsPerMinute = maximum(\.maximumHeartRateBeatsPerMinute)
    var weighted = 0.0
    var weight = 0.0
    for lap in laps {
      guard let rate = lap.totals.averageHeartRateBeatsPerMinute,
        let time = lap.totals.timerTimeSeconds, time > 0
      else { continue }
      weighted += rate * time
      weight += time
    }
    if weight > 0 { result.averageHeartRateBeatsPerMinute = weighted / weight }
    return result
  }
}
