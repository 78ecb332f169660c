import Testing

@testable import TrackSift

@Suite struct CurrentPaceEstimatorTests {
  @Test func noSpeedWithoutSamples() {
    let estimator = CurrentPaceEstimator()
    #expect(estimator.currentSpeedMetersPerSecond == nil)
    #expect(estimator.currentPaceSecondsPerKilometer == nil)
    #expect(!estimator.isStopped)
    #expect(estimator.speedMetersPerSecond(atTimeSeconds: 10) == nil)
  }

  @Test func steadySpeedGivesThatSpeedAndPace() throws {
    var estimator = CurrentPaceEstimator()
    for second in 0..<30 {
      estimator.add(timeSeconds: Double(second), speedMetersPerSecond: 10.0 / 3)
    }
    let speed = try #require(estimator.currentSpeedMetersPerSecond)
    #expect(abs(speed - 10.0 / 3) < 1e-9)
    let pace = try #require(estimator.currentPaceSecondsPerKilometer)
    #expect(abs(pace - 300) < 1e-6)
  }

  @Test(arguments: [
    (CurrentPaceEstimator.Configuration.defaults(for: .driving), 30.0),
    (CurrentPaceEstimator.Configuration.defaults(for: .running), 30.0),
    (CurrentPaceEstimator.Configuration.defaults(for: .running), 3.0),
  ])
  func aLoneZeroWhileMovingIsIgnored(
    configuration: CurrentPaceEstimator.Configuration, speed: Double
  ) throws {
    var estimator = CurrentPaceEstimator(configuration: configuration)
    for second in 0..<20 { estimator.add(timeSeconds: Double(second), speedMetersPerSecond: speed) }
    estimator.add(timeSeconds: 20, speedMetersPerSecond: 0)
    #expect(!estimator.isStopped)
    let during = try #require(estimator.currentSpeedMetersPerSecond)
    #expect(abs(during - speed) < 0.01 * speed)
    for second in 21..<25 {
      estimator.add(timeSeconds: Double(second), speedMetersPerSecond: speed)
      #expect(!estimator.isStopped)
      let after = try #require(estimator.currentSpeedMetersPerSecond)
      #expect(abs(after - speed) < 0.01 * speed)
    }
  }

  @Test(arguments: [3.0, 30.0])
  func aRealStopShowsWithinThreeSeconds(speed: Double) throws {
    var estimator = CurrentPaceEstimator()
    for second in 0..<20 { estimator.add(timeSeconds: Double(second), speedMetersPerSecond: speed) }
    var stoppedAt: Int?
    for second in 20..<30 {
      estimator.add(timeSeconds: Double(second), speedMetersPerSecond: 0)
      if estimator.isStopped, stoppedAt == nil { stoppedAt = second }
    }
    let stopped = try #require(stoppedAt)
    #expect(stopped - 20 <= 3)
    #expect(estimator.currentSpeedMetersPerSecond == 0)
    #expect(estimator.currentPaceSecondsPerKilometer == nil)
    // Moving again ends the stop at once.
    estimator.add(timeSeconds: 30, speedMetersPerSecond: speed)
    #expect(!estimator.isStopped)
    #expect(estimator.currentPaceSecondsPerKilometer != nil)
  }

  /// Leaving a stop starts the average afresh: the standing samples do not hold the pace down.
  /// A lone slow sample in motion is no stop and keeps the average.
  @Test func leavingAStopForgetsTheStandingSamples() throws {
    var estimator = CurrentPaceEstimator()
    for second in 0..<20 { estimator.add(timeSeconds: Double(second), speedMetersPerSecond: 0) }
    #expect(estimator.isStopped)
    estimator.add(timeSeconds: 20, speedMetersPerSecond: 3)
    #expect(estimator.currentSpeedMetersPerSecond == 3)

    var moving = CurrentPaceEstimator()
    moving.add(timeSeconds: 0, speedMetersPerSecond: 1.5)
    moving.add(timeSeconds: 1, speedMetersPerSecond: 0.1)
    #expect(!moving.isStopped)
    moving.add(timeSeconds: 2, speedMetersPerSecond: 3)
    let speed = try #require(moving.currentSpeedMetersPerSecond)
    #expect(speed < 2.5)
  }

  @Test func followsAPaceChangeWithinTenSeconds() throws {
    var estimator = CurrentPaceEstimator()
    for second in 0..<60 {
      estimator.add(timeSeconds: Double(second), speedMetersPerSecond: 1_000.0 / 300)
    }
    var firstWithinFivePercent: Int?
    for second in 60..<80 {
      estimator.add(timeSeconds: Double(second), speedMetersPerSecond: 1_000.0 / 240)
      let pace = try #require(estimator.currentPaceSecondsPerKilometer)
      if abs(pace - 240) <= 0.05 * 240, firstWithinFivePercent == nil {
        firstWithinFivePercent = second - 59
      }
    }
    let seconds = try #require(firstWithinFivePercent)
    #expect(seconds <= 10)
    // A time-aware average still remembers some of the old pace after one sample.
    #expect(seconds >= 2)
    let settled = try #require(estimator.currentPaceSecondsPerKilometer)
    #expect(abs(settled - 240) < 0.5)
  }

  @Test func irregularIntervalsAreWeightedByTheTimeTheyCover() throws {
    // A very long half-life leaves the plain time-weighted mean: 1 s at 2 m/s, 5 s at 4 m/s,
    // repeated, gives (2 + 20) / 6 = 3.667 m/s, where a per-sample mean would give 3.
    var estimator = CurrentPaceEstimator(
      configuration: .init(halfLifeSeconds: 1e9, windowSeconds: 60))
    var time = 0.0
    estimator.add(timeSeconds: time, speedMetersPerSecond: 4)
    for _ in 0..<8 {
      time += 1
      estimator.add(timeSeconds: time, speedMetersPerSecond: 2)
      time += 5
      estimator.add(timeSeconds: time, speedMetersPerSecond: 4)
    }
    // The first sample (1 s credited at 4 m/s) joins 8 cycles of 6 s.
    let expected = (4.0 + 8 * (2 + 20)) / (1 + 8 * 6)
    let speed = try #require(estimator.currentSpeedMetersPerSecond)
    #expect(abs(speed - expected) < 1e-6)
    #expect(abs(speed - 3.6) < 0.1)
  }

  @Test func decaysWithAgeAndDropsSamplesOlderThanTheWindow() throws {
    var estimator = CurrentPaceEstimator()
    estimator.add(timeSeconds: 0, speedMetersPerSecond: 2)
    estimator.add(timeSeconds: 3, speedMetersPerSecond: 4)
    // At t = 3: weights 1 * 0.5 (age 3 = one half-life) and 3 * 1.
    let now = try #require(estimator.currentSpeedMetersPerSecond)
    #expect(abs(now - (0.5 * 2 + 3 * 4) / 3.5) < 1e-9)
    // At t = 16 the first sample is 16 s old, beyond the 15 s window.
    let later = try #require(estimator.speedMetersPerSecond(atTimeSeconds: 16))
    #expect(abs(later - 4) < 1e-9)
    #expect(estimator.speedMetersPerSecond(atTimeSeconds: 18.5) == nil)
    #expect(estimator.speedMetersPerSecond(atTimeSeconds: .nan) == nil)
  }

  @Test func ignoresBadTimesAndSpeeds() throws {
    var estimator = CurrentPaceEstimator()
    estimator.add(timeSeconds: 0, speedMetersPerSecond: 3)
    estimator.add(timeSeconds: 1, speedMetersPerSecond: 3)
    estimator.add(timeSeconds: 1, speedMetersPerSecond: 9)
    estimator.add(timeSeconds: 0.5, speedMetersPerSecond: 9)
    estimator.add(timeSeconds: .nan, speedMetersPerSecond: 9)
    estimator.add(timeSeconds: .infinity, speedMetersPerSecond: 9)
    estimator.add(timeSeconds: 2, speedMetersPerSecond: .nan)
    estimator.add(timeSeconds: 2, speedMetersPerSecond: -1)
    estimator.add(timeSeconds: 2, speedMetersPerSecond: .infinity)
    let speed = try #require(estimator.currentSpeedMetersPerSecond)
    #expect(abs(speed - 3) < 1e-12)
    estimator.add(timeSeconds: 2, speedMetersPerSecond: 5)
    let updated = try #require(estimator.currentSpeedMetersPerSecond)
    #expect(updated > 3)
  }

  @Test func memoryStaysBoundedAtAHighSampleRate() throws {
    var estimator = CurrentPaceEstimator(configuration: .init(maximumSampleCount: 16))
    for tick in 0..<10_000 {
      estimator.add(timeSeconds: Double(tick) * 0.01, speedMetersPerSecond: 5)
    }
    let speed = try #require(estimator.currentSpeedMetersPerSecond)
    #expect(abs(speed - 5) < 1e-9)
  }

  @Test func resetForgetsEverything() {
    var estimator = CurrentPaceEstimator()
    estimator.add(timeSeconds: 100, speedMetersPerSecond: 3)
    estimator.reset()
    #expect(estimator.currentSpeedMetersPerSecond == nil)
    estimator.add(timeSeconds: 50, speedMetersPerSecond: 2)
    #expect(estimator.currentSpeedMetersPerSecond == 2)
  }
}
