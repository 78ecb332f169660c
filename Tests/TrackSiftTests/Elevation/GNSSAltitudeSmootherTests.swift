import Foundation
import Testing

@testable import TrackSift

struct GNSSAltitudeSmootherTests {
  /// One sample a second: the distance travelled and the altitude measured at each second.
  private static func samples(
    count: Int, wanderSigmaMeters: Double = 5,
    distanceMeters: (Double) -> Double, altitudeMeters: (Double) -> Double
  ) -> [GNSSAltitudeSmoother.Sample] {
    (0..<count).map {
      let time = Double($0)
      return GNSSAltitudeSmoother.Sample(
        timeSeconds: time, distanceMeters: distanceMeters(time),
        altitudeMeters: altitudeMeters(time), wanderSigmaMeters: wanderSigmaMeters,
        whiteSigmaMeters: 1)
    }
  }

  /// A slow wander of the receiver: two swings of 4 and 3 m over minutes.
  private static func wanderMeters(_ time: Double) -> Double {
    4 * sin(2 * .pi * time / 300) + 3 * sin(2 * .pi * time / 170 + 1)
  }

  private static func climbMeters(_ result: VerticalSmoother.Result, bandMeters: Double = 1)
    -> Double
  {
    var counter = SwingCounter()
    for altitude in result.altitudesMeters {
      counter.add(altitudeMeters: altitude, deadBandMeters: bandMeters)
    }
    return counter.gainMeters
  }

  /// Standing for 20 minutes while the altitude wanders by up to 7 m: the ground does not
  /// move, so nothing is climbed. The smoother over time alone follows the wander.
  @Test func aWanderWhileStandingIsNoClimb() {
    let samples = Self.samples(
      count: 1_200, distanceMeters: { _ in 0 }, altitudeMeters: { 50 + Self.wanderMeters($0) })
    let ground = GNSSAltitudeSmoother.smoothed(samples)
    #expect(Self.climbMeters(ground) == 0)
    let overTime = VerticalSmoother.smoothed(
      samples.map {
        VerticalSmoother.Sample(
          timeSeconds: $0.timeSeconds, altitudeMeters: $0.altitudeMeters, sigmaMeters: 5)
      })
    #expect(Self.climbMeters(overTime) > 5)
  }

  /// Walking at 1.25 m/s up a 6 % grade for 20 minutes (90 m) with the same wander: the
  /// ground's rise is within 5 % of the true 90 m, where the wander alone adds swings of
  /// several meters.
  @Test func aSteadyClimbIsKeptThroughTheWander() {
    let samples = Self.samples(
      count: 1_201, distanceMeters: { 1.25 * $0 },
      altitudeMeters: { 100 + 0.06 * 1.25 * $0 + Self.wanderMeters($0) })
    let ground = GNSSAltitudeSmoother.smoothed(samples)
    let climb = Self.climbMeters(ground)
    #expect(abs(climb - 90) < 4.5, "\(climb)")
  }

  /// Cycling over rolling ground (4 m swings every 400 m, 20 of them) at 5 m/s: the ground's
  /// swings are kept within 15 %.
  @Test func rollingGroundIsKept() {
    let samples = Self.samples(
      count: 1_600, wanderSigmaMeters: 3, distanceMeters: { 5 * $0 },
      altitudeMeters: { 20 + 2 * sin(2 * .pi * 5 * $0 / 400) + 0.3 * Self.wanderMeters($0) })
    let climb = Self.climbMeters(GNSSAltitudeSmoother.smoothed(samples))
    #expect(abs(climb - 80) < 12, "\(climb)")
  }

  /// A -75 m sample in a flat walk at 30 m (105 m in a second, beyond what a body falls) is
  /// left out, and its neighbours stay level.
  @Test func aSpikeIsLeftOut() {
    var samples = Self.samples(
      count: 120, distanceMeters: { 1.2 * $0 }, altitudeMeters: { _ in 30 })
    samples[60].altitudeMeters = -75
    let result = GNSSAltitudeSmoother.smoothed(samples)
    #expect(result.altitudesMeters[60] == nil)
    for (index, altitude) in result.altitudesMeters.enumerated() where index != 60 {
      #expect(abs(altitude! - 30) < 1e-3, "\(index): \(altitude!)")
    }
    #expect(result.runStarts == [0])
  }

  /// No samples, no altitudes.
  @Test func nothingGivesNothing() {
    let result = GNSSAltitudeSmoother.smoothed([])
    #expect(result.altitudesMeters.isEmpty && result.runStarts.isEmpty)
  }

  /// A sample not later than the one before starts a new run.
  @Test func aRepeatedTimeStartsARun() {
    var samples = Self.samples(
      count: 20, distanceMeters: { $0 }, altitudeMeters: { 10 + 0.05 * $0 })
    samples[10].timeSeconds = samples[9].timeSeconds
    let result = GNSSAltitudeSmoother.smoothed(samples)
    #expect(result.runStarts == [0, 10])
    #expect(result.altitudesMeters.allSatisfy { $0 != nil })
  }

  /// The grade's noise over a step is an Ornstein-Uhlenbeck process's, σ²·(1 - e^(-2d/L)):
  /// below 10 m/s as is, above it falling with the square of the speed (a car's road changes
  /// grade gently).
  @Test func theGradesNoiseIsGentlerAtSpeed() {
    let configuration = GNSSAltitudeSmoother.Configuration()
    func gradeVariance(meters: Double) -> Double {
      GNSSAltitudeSmoother.Step(
        meters: meters, seconds: 1, wanderSigmaMeters: 5, configuration: configuration
      ).q11
    }
    #expect(abs(gradeVariance(meters: 5) - 0.01 * (1 - exp(-0.05))) < 1e-12)
    #expect(abs(gradeVariance(meters: 10) - 0.01 * (1 - exp(-0.1))) < 1e-12)
    #expect(abs(gradeVariance(meters: 20) - 0.0025 * (1 - exp(-0.2))) < 1e-12)
    #expect(gradeVariance(meters: 0) == 0)
  }

  /// After a two-minute signal loss over 800 m of flat ground, the altitudes read 480 m
  /// higher, stated to 60 m: the ground, whose grade is bounded, does not follow them up.
  @Test func theGroundDoesNotFollowAFarAltitudeAfterASignalLoss() {
    var samples = Self.samples(
      count: 600, distanceMeters: { 1.25 * $0 }, altitudeMeters: { 5 + Self.wanderMeters($0) })
    for second in 0..<20 {
      samples.append(
        GNSSAltitudeSmoother.Sample(
          timeSeconds: 724 + Double(second), distanceMeters: 1_550 + 6 * Double(second),
          altitudeMeters: 485, wanderSigmaMeters: 60, whiteSigmaMeters: 1))
    }
    let ground = GNSSAltitudeSmoother.smoothed(samples).altitudesMeters.compactMap { $0 }
    let highest = ground.max() ?? 0
    #expect(highest < 5 + 240, "\(highest)")
  }

  /// The covariance solve inverts a symmetric positive-definite matrix.
  @Test func theSolveInvertsTheCovariance() {
    let state = GNSSAltitudeSmoother.State(
      x: (0, 0, 0), p00: 4, p01: 0.5, p02: -1, p11: 0.2, p12: 0.1, p22: 3)
    let u = state.solve((1, 2, 3))
    let back = (
      4 * u.0 + 0.5 * u.1 - 1 * u.2, 0.5 * u.0 + 0.2 * u.1 + 0.1 * u.2,
      -1 * u.0 + 0.1 * u.1 + 3 * u.2
    )
    #expect(abs(back.0 - 1) < 1e-9 && abs(back.1 - 2) < 1e-9 && abs(back.2 - 3) < 1e-9)
  }
}
