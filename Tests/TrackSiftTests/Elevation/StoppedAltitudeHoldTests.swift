import Testing

@testable import TrackSift

struct StoppedAltitudeHoldTests {
  /// A barometer that warms by 3 m while its wearer stands adds nothing; the walk's own rise
  /// after the stop counts whole.
  @Test func driftWhileStandingIsHeldOut() {
    var hold = StoppedAltitudeHold()
    var counted: [Double] = []
    for second in 0..<300 {
      let standing = (100..<200).contains(second)
      let drift = standing ? 0.03 * Double(second - 100) : (second >= 200 ? 3 : 0)
      let climb = second >= 200 ? 0.05 * Double(second - 200) : 0
      if let altitude = hold.counted(altitudeMeters: 50 + drift + climb, isMoving: !standing) {
        counted.append(altitude)
      }
    }
    #expect(abs(hold.heldOutMeters - 2.97) < 1e-9)
    #expect(abs(counted[150] - 50) < 1e-9)
    #expect(abs(counted[299] - (50 + 0.03 + 4.95)) < 1e-9)
    #expect(hold.counted(altitudeMeters: nil, isMoving: false) == nil)
  }

  /// The refined climb of a flat walk whose barometer drifts 4 m during a ten-minute stop is
  /// nothing with the hold, and the drift without it.
  @Test(arguments: [true, false]) func refinedClimbIgnoresDriftWhileStopped(holds: Bool) {
    var inputs: [ClimbSeries.Input] = []
    for second in 0..<1_200 {
      let standing = (300..<900).contains(second)
      let drift = 4 * Double(min(max(second - 300, 0), 600)) / 600
      let walkedSeconds = min(second, 300) + max(second - 900, 0)
      inputs.append(
        .init(
          timeSeconds: Double(second),
          coordinate: Coordinate(latitudeDegrees: 50, longitudeDegrees: -2),
          distanceMeters: 1.2 * Double(walkedSeconds), altitudeMeters: 10 + drift,
          verticalAccuracyMeters: nil, isMoving: !standing))
    }
    let noise = AltitudeNoise(
      inputs.map {
        (
          timeSeconds: $0.timeSeconds, altitudeMeters: $0.altitudeMeters!,
          verticalAccuracyMeters: nil
        )
      })
    var configuration = ClimbConfiguration()
    configuration.holdsAltitudeWhileStopped = holds
    var counter = ClimbCounter(hasTerrainModel: false)
    counter.add(
      ClimbSeries(inputs, noise: noise, elevationModel: nil, configuration: configuration))
    #expect(abs(counter.chosen.gainMeters - (holds ? 0 : 4)) < 0.1, "\(counter.chosen.gainMeters)")
  }

  /// The counter's lowest and highest altitudes are the ones given, not the held ones: a
  /// barometer that sank 3 m while its wearer stood still reached that low.
  @Test func extremesAreTheAltitudesGiven() {
    var counter = SwingCounter()
    for (altitude, isMoving) in [(100.0, true), (98.0, false), (95.0, false), (97.0, true)] {
      counter.add(altitudeMeters: altitude, deadBandMeters: 1, isMoving: isMoving)
    }
    #expect(counter.minimumAltitudeMeters == 95)
    #expect(counter.maximumAltitudeMeters == 100)
    // Held: 100, 98, 98, 100.
    #expect(counter.gainMeters == 2)
    #expect(counter.lossMeters == 2)
  }
}
