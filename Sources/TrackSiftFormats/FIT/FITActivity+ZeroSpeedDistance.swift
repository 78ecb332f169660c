import TrackSift

extension FITActivity {
  /// The meters the device's own odometer (`record.distance`) added over records whose own
  /// speed reads 0: distance the device counted while it said its wearer stood.
  ///
  /// A device's session total is its odometer's last value, and a watch's odometer follows
  /// its positions' wander while the wearer stands (the paired walks of `shared/data`: 2.4 to
  /// 9.3 % of their totals at a speed of 0). Held against a total, this says how much of it is
  /// standing wander by the device's own account. Each step of the odometer is credited to
  /// the record it ends at; records without a position are not fixes, so their steps join
  /// the next fix's.
  ///
  /// - Returns: `nil` unless some fix has both a distance and a speed.
  /// - Complexity: O(n) in the fixes.
  public var odometerMetersAtZeroSpeed: Double? {
    var meters = 0.0
    var isKnown = false
    var previous: Double?
    var index = 0
    for segment in track.segments {
      for fix in segment.fixes {
        defer { index += 1 }
        guard index < fixDistancesMeters.count, let distance = fixDistancesMeters[index] else {
          continue
        }
        defer { previous = distance }
        guard let speed = fix.speedMetersPerSecond else { continue }
        isKnown = true
        if speed == 0, let previous, distance > previous { meters += distance - previous }
      }
    }
    return isKnown ? meters : nil
  }
}
