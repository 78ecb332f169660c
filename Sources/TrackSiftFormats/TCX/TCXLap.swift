/// One lap of a TCX activity or course: the device's own totals and the segments recorded in it.
public struct TCXLap: Sendable, Hashable {
  /// The lap's totals as the file states them: `startTime` (the `StartTime` attribute),
  /// `sport` (the activity's), `timerTimeSeconds` (`TotalTimeSeconds`), `distanceMeters`,
  /// `maximumSpeedMetersPerSecond` (`MaximumSpeed`), `kilocalories` (`Calories`),
  /// `averageHeartRateBeatsPerMinute` and `maximumHeartRateBeatsPerMinute`.
  public var totals: DeviceTotals
  /// The indices, in the activity's ``TCXActivity/track``, of the segments holding this lap's
  /// points (the first may have begun in the lap before; see ``TCXActivity``).
  public var segmentIndices: Range<Int>

  /// Creates a lap.
  public init(totals: DeviceTotals = DeviceTotals(), segmentIndices: Range<Int> = 0..<0) {
    self.totals = totals
    self.segmentIndices = segmentIndices
  }
}
