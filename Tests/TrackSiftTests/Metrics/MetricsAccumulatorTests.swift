import Testing

@testable import TrackSift

@Suite struct MetricsAccumulatorTests {
  private func point(_ northMeters: Double) -> Coordinate {
    Coordinate(latitudeDegrees: 45 + northMeters / 111_132.95, longitudeDegrees: 7)
  }

  @Test func distanceDoesNotBridgeSegments() {
    var metrics = MetricsAccumulator()
    metrics.startSegment()
    metrics.add(MetricsSample(timeSeconds: 0, coordinate: point(0)))
    metrics.add(MetricsSample(timeSeconds: 10, coordinate: point(30)))
    metrics.startSegment()
    metrics.add(MetricsSample(timeSeconds: 600, coordinate: point(1_000)))
    metrics.add(MetricsSample(timeSeconds: 610, coordinate: point(1_030)))
    let result = metrics.metrics
    #expect(abs(result.distanceMeters - 60) < 0.05)
    #expect(result.elapsedTimeSeconds == 610)
    #expect(result.timerTimeSeconds == 20)
    #expect(result.segmentCount == 2)
  }

  @Test func distanceDoesNotGrowWhileStopped() {
    var metrics = MetricsAccumulator()
    metrics.add(MetricsSample(timeSeconds: 0, coordinate: point(0)))
    for t in 1...60 {
      let jitter = t % 2 == 0 ? 3.0 : -3.0
      metrics.add(MetricsSample(timeSeconds: Double(t), coordinate: point(jitter), isMoving: false))
    }
    let result = metrics.metrics
    #expect(result.distanceMeters == 0)
    #expect(result.movingTimeSeconds == 0)
    #expect(result.elapsedTimeSeconds == 60)
  }

  @Test func aCreepCountsDistanceButNoMovingTime() {
    // 10 s moving 30 m, a 60 s stop that creeps 3 m, 10 s moving 30 m more.
    var metrics = MetricsAccumulator()
    metrics.add(MetricsSample(timeSeconds: 0, coordinate: point(0)))
    metrics.add(MetricsSample(timeSeconds: 10, coordinate: point(30)))
    for t in 1...60 {
      metrics.add(
        MetricsSample(
          timeSeconds: 10 + Double(t), coordinate: point(30 + 0.05 * Double(t)), isMoving: false,
          isCreeping: true))
    }
    metrics.add(MetricsSample(timeSeconds: 80, coordinate: point(63)))
    let result = metrics.metrics
    #expect(abs(result.distanceMeters - 63) < 0.05)
    #expect(result.movingTimeSeconds == 20)
    #expect(result.elapsedTimeSeconds == 80)
  }

  @Test func aTrackWithSomeUntimedDistanceHasNoRates() {
    // Two timed fixes 57 s apart, then 4 km without times: no pace may come of 4 km in 57 s.
    var metrics = MetricsAccumulator()
    metrics.add(MetricsSample(timeSeconds: 0, coordinate: point(0)))
    metrics.add(MetricsSample(timeSeconds: 57, coordinate: point(100)))
    for i in 1...40 {
      metrics.add(MetricsSample(timeSeconds: nil, coordinate: point(100 + Double(i) * 100)))
    }
    let result = metrics.metrics
    #expect(abs(result.distanceMeters - 4_100) < 1)
    #expect(result.elapsedTimeSeconds == 57)
    #expect(result.averagePaceSecondsPerKilometer == nil)
    #expect(result.averageSpeedMetersPerSecond == nil)
    #expect(result.kilometerSplits.isEmpty)
  }

  @Test func duplicateTimesDoNotCountAsUntimed() {
    var metrics = MetricsAccumulator()
    metrics.add(MetricsSample(timeSeconds: 0, coordinate: point(0)))
    metrics.add(MetricsSample(timeSeconds: 10, coordinate: point(30)))
    metrics.add(MetricsSample(timeSeconds: 10, coordinate: point(33)))
    metrics.add(MetricsSample(timeSeconds: 20, coordinate: point(60)))
    let result = metrics.metrics
    // 60 m in 20 s.
    #expect(result.averagePaceSecondsPerKilometer.map { abs($0 - 20_000 / 60) < 0.5 } == true)
  }

  @Test func untimedTrackHasDistanceButNoPace() {
    var metrics = MetricsAccumulator()
    for i in 0...10 {
      metrics.add(MetricsSample(timeSeconds: nil, coordinate: point(Double(i) * 100)))
    }
    let result = metrics.metrics
    #expect(abs(result.distanceMeters - 1_000) < 0.5)
    #expect(result.averagePaceSecondsPerKilometer == nil)
    #expect(result.movingTimeSeconds == nil)
    #expect(result.kilometerSplits.isEmpty)
  }

  @Test func averagesUseMovingTimeAndMaximumUsesTrustedSpeedsOnly() {
    var metrics = MetricsAccumulator()
    for t in 0...400 {
      let moving = t <= 300
      let north = Double(min(t, 300)) * 3.5
      metrics.add(
        MetricsSample(
          timeSeconds: Double(t), coordinate: point(north),
          speedForMaximumMetersPerSecond: moving ? 3.5 : nil, isMoving: moving))
    }
    let result = metrics.metrics
    #expect(abs(result.distanceMeters - 1_050) < 0.5)
    #expect(result.movingTimeSeconds == 300)
    #expect(result.maximumSpeedMetersPerSecond == 3.5)
    #expect(abs((result.averageSpeedMetersPerSecond ?? 0) - 3.5) < 0.01)
    #expect(result.kilometerSplits.count == 2)
    #expect(abs(result.kilometerSplits[0].durationSeconds - 285.71) < 0.2)
  }
}
