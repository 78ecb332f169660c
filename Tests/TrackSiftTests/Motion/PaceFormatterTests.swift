import Testing

@testable import TrackSift

@Suite struct PaceFormatterTests {
  @Test func convertsSpeedToSecondsPerUnit() throws {
    let perKilometer = try #require(
      PaceFormatter.secondsPerUnit(fromMetersPerSecond: 10.0 / 3, unit: .kilometer))
    #expect(abs(perKilometer - 300) < 1e-9)
    let perMile = try #require(
      PaceFormatter.secondsPerUnit(fromMetersPerSecond: 1_609.344 / 480, unit: .mile))
    #expect(abs(perMile - 480) < 1e-9)
  }

  @Test(arguments: [0, -1, Double.nan, .infinity, -.infinity, .leastNonzeroMagnitude])
  func noPaceForABadSpeed(speed: Double) {
    #expect(PaceFormatter.secondsPerUnit(fromMetersPerSecond: speed, unit: .kilometer) == nil)
  }

  @Test(arguments: [
    (300.0, "5:00"), (299.6, "5:00"), (299.4, "4:59"), (59.5, "1:00"), (0.4, "0:00"),
    (3_599.4, "59:59"), (3_599.5, "1:00:00"), (3_725.0, "1:02:05"), (36_000.0, "10:00:00"),
  ])
  func formatsPerKilometer(seconds: Double, expected: String) {
    #expect(PaceFormatter.string(secondsPerKilometer: seconds, unit: .kilometer) == expected)
  }

  @Test func convertsToPerMile() {
    // 5:00/km is 8:02.8/mi, shown 8:03.
    #expect(PaceFormatter.string(secondsPerKilometer: 300, unit: .mile) == "8:03")
    // 4:00/km is 6:26.2/mi.
    #expect(PaceFormatter.string(secondsPerKilometer: 240, unit: .mile) == "6:26")
  }

  @Test(arguments: [nil, 0, -300, Double.nan, .infinity, 1e300] as [Double?])
  func unknownForABadPace(seconds: Double?) {
    #expect(PaceFormatter.string(secondsPerKilometer: seconds, unit: .kilometer) == "--:--")
    #expect(PaceFormatter.string(secondsPerKilometer: seconds, unit: .mile) == "--:--")
  }
}
