extension DeviceTotals {
  /// The totals in the `session` or `lap` message at `start`, before they are screened.
  init(fitSessionOrLap definition: FITMessageDefinition, at start: Int, in data: FITBytes) {
    let bigEndian = definition.bigEndian
    let isLap = definition.globalNumber == FITProfile.lap
    func value(_ field: UInt8, scale: Double = 1) -> Double? {
      data.number(definition.field(field), start, bigEndian).map { $0 / scale }
    }
    self.init()
    typealias Common = FITProfile.TotalsFields
    let fields = isLap ? Common.lap : Common.session
    let time = FITProfile.Scale.timePerSecond
    let speed = FITProfile.Scale.speedPerMeterPerSecond
    startTime = data.integer(definition.field(Common.startTime), start, bigEndian).map {
      FITDecoder.date(UInt32(truncatingIfNeeded: $0))
    }
    sport = data.integer(definition.field(fields.sport), start, bigEndian)
      .flatMap { Int(exactly: $0) }.map(FITProfile.sportName)
    elapsedTimeSeconds = value(Common.totalElapsedTime, scale: time)
    timerTimeSeconds = value(Common.totalTimerTime, scale: time)
    distanceMeters = value(Common.totalDistance, scale: FITProfile.Scale.distancePerMeter)
    kilocalories = value(Common.totalCalories)
    averageSpeedMetersPerSecond =
      value(fields.enhancedAverageSpeed, scale: speed) ?? value(fields.averageSpeed, scale: speed)
    maximumSpeedMetersPerSecond =
      value(fields.enhancedMaximumSpeed, scale: speed) ?? value(fields.maximumSpeed, scale: speed)
    averageHeartRateBeatsPerMinute = value(fields.averageHeartRate)
    maximumHeartRateBeatsPerMinute = value(fields.maximumHeartRate)
    ascentMeters = value(fields.totalAscent)
    descentMeters = value(fields.totalDescent)
  }
}
