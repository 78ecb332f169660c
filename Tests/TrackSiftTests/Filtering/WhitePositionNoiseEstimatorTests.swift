import Foundation
import Testing
import TrackSiftSimulation

@testable import TrackSift

@Suite struct WhitePositionNoiseEstimatorTests {
  /// Feeds positions at `times`, from `path(t)` plus white noise of `noiseMeters` per axis.
  static func estimate(
    times: [Double], noiseMeters: Double, seed: UInt64,
    path: (Double) -> (east: Double, north: Double)
  ) -> Double? {
    var random = SplitMix64(seed: seed)
    var estimator = WhitePositionNoiseEstimator()
    for time in times {
      let (east, north) = path(time)
      estimator.add(
        timeSeconds: time, eastMeters: east + noiseMeters * random.nextGaussian(),
        northMeters: north + noiseMeters * random.nextGaussian())
    }
    return estimator.sigmaMeters
  }

  /// A runner on a circle of 20 m at 3 m/s: a turning path, 0.45 m/s^2 of acceleration.
  static func circle(_ time: Double) -> (east: Double, north: Double) {
    let angle = 3 * time / 20
    return (20 * sin(angle), 20 * cos(angle))
  }

  @Test(arguments: [0.5, 2, 5])
  func measuresWhiteNoiseOnATurningPath(noiseMeters: Double) throws {
    // An hour at 1 Hz: the estimate's own noise is about a tenth of the noise.
    let times = (0..<3_600).map(Double.init)
    let sigma = try #require(
      Self.estimate(times: times, noiseMeters: noiseMeters, seed: 7, path: Self.circle))
    #expect(abs(sigma - noiseMeters) < 0.2 * noiseMeters, "\(sigma) m")
  }

  @Test func measuresNoWhiteNoiseOnASmoothPath() throws {
    let times = (0..<1_200).map(Double.init)
    let sigma = try #require(
      Self.estimate(times: times, noiseMeters: 0, seed: 7, path: Self.circle))
    // What a steady turn leaves (its acceleration turns a little between the lags) is far
    // below the 1 m floor of the filters.
    #expect(sigma < 0.1, "\(sigma) m")
  }

  @Test func unequalIntervalsGiveNoEstimate() {
    // Intervals alternating 1 and 2 s: no second difference cancels the velocity.
    let times = (0..<600).map { Double($0 / 2 * 3 + $0 % 2) }
    #expect(Self.estimate(times: times, noiseMeters: 2, seed: 3, path: Self.circle) == nil)
  }

  @Test func fewPositionsGiveNoEstimate() {
    let times = (0..<40).map(Double.init)
    #expect(Self.estimate(times: times, noiseMeters: 2, seed: 3, path: Self.circle) == nil)
  }

  @Test func timesThatDoNotAdvanceRestartTheChainAndNeverTrap() {
    var estimator = WhitePositionNoiseEstimator()
    for time in [0.0, 1, 1, 0, .nan, 2, 3] {
      estimator.add(timeSeconds: time, eastMeters: time.isNaN ? 0 : time, northMeters: 0)
    }
    estimator.add(timeSeconds: 4, eastMeters: .infinity, northMeters: 0)
    #expect(estimator.sigmaMeters == nil)
  }

  /// Watch positions without an accuracy, on a circle, with little white noise: a smoother that
  /// takes the assumed 5 m for white noise cuts the bend; one weighing the measured noise keeps
  /// its length.
  @Test func refinedPassKeepsTheBendOfFixesWithoutAnAccuracy() throws {
    var random = SplitMix64(seed: 11)
    let origin = Coordinate(latitudeDegrees: 52.23, longitudeDegrees: 21.01)
    let plane = LocalTangentPlane(origin: origin)
    var fixes: [Fix] = []
    var trueLength = 0.0
    var previous = Self.circle(0)
    for second in 0..<600 {
      let (east, north) = Self.circle(Double(second))
      trueLength += hypot(east - previous.east, north - previous.north)
      previous = (east, north)
      let position = plane.unproject(
        eastMeters: east + 0.1 * random.nextGaussian(),
        northMeters: north + 0.1 * random.nextGaussian())
      fixes.append(
        Fix(
          timestamp: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(second)),
          latitudeDegrees: position.latitudeDegrees, longitudeDegrees: position.longitudeDegrees,
          source: .satellite))
    }
    let analysis = TrackAnalysis(track: Track(segments: [Segment(fixes: fixes)]), profile: .running)
    let refinedError = analysis.refinedMetrics.distanceMeters / trueLength - 1
    let liveError = analysis.liveMetrics.distanceMeters / trueLength - 1
    #expect(abs(refinedError) < 0.005, "refined \(refinedError * 100) %")
    #expect(abs(liveError) < 0.01, "live \(liveError * 100) %")
  }
}
