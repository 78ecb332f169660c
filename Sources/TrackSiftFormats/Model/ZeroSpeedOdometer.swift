import TrackSift

/// The meters a device's own odometer added over records whose own speed read 0: distance it
/// counted while it said its wearer stood.
///
/// A device's session total is its odometer's last value, and a watch's odometer follows its
/// positions' wander while the wearer stands (the paired walks of `shared/data`: 3.0 to 9.3 %
/// of their totals at a speed of 0). Held against a total, this says how much of it is
/// standing wander by the device's own account. Each step of the odometer is credited to the
/// record it ends at; records without a position are not fixes, so their steps join the next
/// fix's. The odometer is the file's: a segment break (a timer stop) parts no step.
enum ZeroSpeedOdometer {
  /// The meters over `fixes`, in file order, each with the device's cumulative distance of its
  /// record (`nil` where it has none); `nil` unless some fix has both a distance and a speed.
  /// - Complexity: O(n) in the fixes.
  static func meters(_ fixes: some Sequence<(Fix, Double?)>) -> Double? {
    var meters = 0.0
    var isKnown = false
    var previous: Double?
    for (fix, distance) in fixes {
      guard let distance else { continue }
      defer { previous = distance }
      guard let speed = fix.speedMetersPerSecond else { continue }
      isKnown = true
      if speed == 0, let previous, distance > previous { meters += distance - previous }
    }
    return isKnown ? meters : nil
  }
}

extension FITActivity {
  /// The meters the device's own odometer (`record.distance`) added over records whose own
  /// speed reads 0 (see ``DeviceTotals/distanceAtZeroSpeedMeters``); `nil` unless some fix
  /// has both a distance and a speed.
  /// - Complexity: O(n) in the fixes.
  public var odometerMetersAtZeroSpeed: Double? {
    ZeroSpeedOdometer.meters(zip(track.segments.lazy.flatMap(\.fixes), fixDistancesMeters))
  }
}

extension TCXActivity {
  /// The meters the device's own odometer (`DistanceMeters`) added over trackpoints whose own
  /// speed (the activity extension's `Speed`) reads 0 (see
  /// ``DeviceTotals/distanceAtZeroSpeedMeters``); `nil` unless some fix has both.
  /// - Complexity: O(n) in the fixes.
  public var odometerMetersAtZeroSpeed: Double? {
    ZeroSpeedOdometer.meters(
      zip(track.segments, distancesMeters).lazy.flatMap { zip($0.fixes, $1) })
  }
}
