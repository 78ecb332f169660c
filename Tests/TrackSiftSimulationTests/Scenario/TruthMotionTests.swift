import Testing
import TrackSift

@testable import TrackSiftSimulation

@Suite struct TruthMotionTests {
  let origin = Coordinate(latitudeDegrees: 52.2297, longitudeDegrees: 21.0122)

  private func trace(
    _ shape: RouteShape, _ activity: ActivityKind, length: Double, seconds: Double,
    stops: [TruthMotion.PlannedStop] = []
  ) -> (TruthMotion, TruthTrace) {
    var random = SplitMix64(seed: 5)
    let route = SimulatedRoute.make(shape, origin: origin, lengthMeters: length, random: &random)
    let motion = TruthMotion(
      route: route, plane: LocalTangentPlane(origin: origin), limits: MotionLimits(activity))
    return (motion, motion.trace(durationSeconds: seconds, stops: stops, random: &random))
  }

  @Test(arguments: [ActivityKind.walking, .running, .cycling, .driving])
  func accelerationStaysWithinTheActivityLimits(activity: ActivityKind) {
    let (motion, trace) = trace(
      .streetGrid, activity, length: 3_000, seconds: 600,
      stops: [.init(startSeconds: 200, durationSeconds: 30)])
    let dt = TruthTrace.stepSeconds
    let speeds = trace.speedsMetersPerSecond
    for (a, b) in zip(speeds, speeds.dropFirst()) {
      #expect((b - a) / dt <= motion.limits.accelerationMetersPerSecondSquared + 1e-9)
      #expect((a - b) / dt <= motion.limits.decelerationMetersPerSecondSquared + 1e-9)
    }
    let cruise = motion.limits.cruiseMetersPerSecond
    let mean = speeds.reduce(0, +) / Double(speeds.count)
    #expect(mean > 0.75 * cruise && mean < 1.1 * cruise)
    // The stop holds still for its 30 s.
    let still = speeds.indices.filter { speeds[$0] == 0 && $0 > 0 }
    #expect(abs(Double(still.count) * dt - 30) < 0.25)
    #expect(still.first! * 10 >= 200 * 10 / 1)  // not before it is due
  }

  @Test func runnerSlowsForTheHairpin() {
    let (motion, trace) = trace(.outAndBackWithHairpin, .running, length: 600, seconds: 400)
    let passage = trace.passages.first!
    let speed = trace.state(atElapsed: passage.elapsedSeconds).speedMetersPerSecond
    let radius = 1 / motion.route.curvaturesPerMeter.max()!
    // Cornering limit sqrt(1.5 m/s² · r) is at most 2.74 m/s for r ≤ 5 m.
    #expect(speed <= (1.5 * radius).squareRoot() + 0.05)
    #expect(speed < 2.8)
    #expect(trace.speedsMetersPerSecond.max()! > 2.85)
  }

  @Test func passagesFollowTheRouteFeatures() {
    let (motion, trace) = trace(.streetGrid, .cycling, length: 2_000, seconds: 900)
    let lapsDone = 900 * 5.0 / motion.route.lengthMeters
    #expect(Double(trace.passages.count) > lapsDone * Double(motion.route.features.count) * 0.8)
    let times = trace.passages.map(\.elapsedSeconds)
    #expect(times == times.sorted())
  }
}
