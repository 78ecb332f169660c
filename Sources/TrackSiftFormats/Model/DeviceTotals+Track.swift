import Foundation
import TrackSift

extension DeviceTotals {
  /// The totals a device would have kept for `track`, computed from its fixes: the start at
  /// the first timed fix; the elapsed time from the first to the last timed fix; the timer
  /// time summed over the segments, each from its first to its last timed fix; the distance
  /// as ``TrackSift/Track/pathLengthMeters`` (geodesic, never across segments); the average
  /// speed as distance over timer time; the largest valid reported speed; the average
  /// (rounded) and largest heart rate.
  /// - Complexity: O(n) in the fixes.
  init(computedFrom track: Track) {
    self.init()
    var first: Double?
    var last: Double?
    var timer = 0.0
    for segment in track.segments {
      guard let start = segment.fixes.first(where: { $0.timeSeconds != nil })?.timeSeconds,
        let end = segment.fixes.last(where: { $0.timeSeconds != nil })?.timeSeconds
      else { continue }
      if first == nil { first = start }
      last = end
      timer += max(0, end - start)
    }
    let distance = track.pathLengthMeters
    distanceMeters = distance
    if let first, let last {
      startTime = Date(timeIntervalSinceReferenceDate: first)
      elapsedTimeSeconds = max(0, last - first)
      timerTimeSeconds = timer
      if timer > 0 { averageSpeedMetersPerSecond = distance / timer }
    }
    let fixes = track.segments.lazy.flatMap(\.fixes)
    maximumSpeedMetersPerSecond = fixes.compactMap(\.validSpeedMetersPerSecond).max()
    let rates = Array(fixes.compactMap(\.sensors.heartRateBeatsPerMinute).filter(\.isFinite))
    if let maximum = rates.max() {
      averageHeartRateBeatsPerMinute = (rates.reduce(0, +) / Double(rates.count)).rounded()
      maximumHeartRateBeatsPerMinute = maximum
    }
  }
}
