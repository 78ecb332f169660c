extension DeviceTotals {
  /// The totals in the `session` or `lap` message at `start`, before they are screened.
  init(fitSessionOrLap definition: FITMessageDefinition, at start: Int, in data: FITBytes) {
    let bigEndian = definition.bigEndian
    let isLap = definition.globalNumber == FITProfile.lap
    func value(_ field: UInt8, scale: Double = 1) -> Double? {
      data.number(definition.field(field), start, bigEndian).map { $0 / scale }
    }
    self.init()
    startTime = data.integer(definition.field(2), start, bigEndian).map {
      FITDecoder.date(UInt32(truncatingIfNeeded: $0))
    }
    sport = data.integer(definition.field(isLap ? 25 : 5), start, bigEndian)
      .flatMap { Int(exactly: $0) }.map(FITProfile.sportName)
    elapsedTimeSeconds = value(7, scale: 1000)
    timerTimeSeconds = value(8, scale: 1000)
    distanceMeters = value(9, scale: 100)
    kilocalories = value(11)
    // Lap fields from average speed on sit one number below the session's.
    let shift: UInt8 = isLap ? 1 : 0
    averageSpeedMetersPerSecond =
      value(isLap ? 110 : 124, scale: 1000) ?? value(14 - shift, scale: 1000)
    maximumSpeedMetersPerSecond =
      value(isLap ? 111 : 125, scale: 1000) ?? value(15 - shift, scale: 1000)
    averageHeartRateBeatsPerMinute = value(16 - shift)
    maximumHeartRateBeatsPerMinute = value(17 - shift)
    ascentMeters = value(22 - shift)
    descentMeters = value(23 - shift)
  }
}
