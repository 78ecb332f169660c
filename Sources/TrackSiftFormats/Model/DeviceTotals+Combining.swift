extension DeviceTotals {
  /// The totals of several sessions (a multisport FIT file) as one: distance, times, climb,
  /// descent and energy summed, maxima kept, the first start; the sport is `multisport` when
  /// there are several sessions.
  ///
  /// - Parameter sessions: the totals of each session, in order.
  /// - Returns: `nil` for no session; the session itself for one.
  /// - Complexity: O(n) in the number of sessions.
  public init?(combining sessions: [DeviceTotals]) {
    guard let first = sessions.first else { return nil }
    guard sessions.count > 1 else {
      self = first
      return
    }
    func sum(_ value: (DeviceTotals) -> Double?) -> Double? {
      let values = sessions.compactMap(value)
      return values.isEmpty ? nil : values.reduce(0, +)
    }
    self.init(
      startTime: first.startTime, sport: "multisport", distanceMeters: sum(\.distanceMeters),
      timerTimeSeconds: sum(\.timerTimeSeconds), elapsedTimeSeconds: sum(\.elapsedTimeSeconds),
      ascentMeters: sum(\.ascentMeters), descentMeters: sum(\.descentMeters),
      maximumSpeedMetersPerSecond: sessions.compactMap(\.maximumSpeedMetersPerSecond).max(),
      maximumHeartRateBeatsPerMinute: sessions.compactMap(\.maximumHeartRateBeatsPerMinute).max(),
      kilocalories: sum(\.kilocalories))
  }
}
