import Foundation
import TrackSift

/// Simulates a recording: a traveller on a route with a realistic speed profile, and the fixes a
/// phone or watch would report, with the error model, events, session start and API conventions
/// of `shared/ERROR-MODEL.md`.
///
/// The same configuration always gives the same recording. Route, motion, errors, events and
/// session start draw from separate generators seeded from the configuration's seed, so
/// changing an event knob leaves the route and the motion as they were.
public struct ScenarioSimulator: Sendable {
  /// The configuration in use.
  public var configuration: ScenarioConfiguration

  /// Creates a simulator.
  public init(configuration: ScenarioConfiguration) {
    self.configuration = configuration
  }

  /// Runs the simulation.
  ///
  /// The route and its ground, the motion, the receiver's errors and the barometric
  /// altimeter each draw from a generator of their own.
  /// - Returns: The fixes as reported and the truth behind them.
  /// - Complexity: O(duration / 0.1 s + route length / 2 m).
  public func run() -> ScenarioRecording {
    let c = configuration
    var seeds = SplitMix64(seed: c.seed)
    var routeRandom = SplitMix64(seed: seeds.next())
    var motionRandom = SplitMix64(seed: seeds.next())
    let fixSeed = seeds.next()
    let altimeterSeed = seeds.next()
    let plane = LocalTangentPlane(origin: c.origin)
    let duration = Double(max(c.durationSeconds, 0))

    let route = SimulatedRoute.make(
      c.route, origin: c.origin, lengthMeters: c.routeLengthMeters, random: &routeRandom)
    let motion = TruthMotion(route: route, plane: plane, limits: MotionLimits(c.activity))
    let plannedStops = TruthMotion.plannedStops(
      durationSeconds: duration, every: c.stopsEverySeconds, middleSeconds: c.middleStopSeconds,
      random: &motionRandom)
    let trace = motion.trace(durationSeconds: duration, stops: plannedStops, random: &motionRandom)

    let start = c.startDate.timeIntervalSinceReferenceDate
    let dt = TruthTrace.stepSeconds
    var truth: [TruthPoint] = []
    truth.reserveCapacity(trace.eastMeters.count)
    var distance = 0.0
    var climb = 0.0
    var stops: [ClosedRange<Double>] = []
    var stillSince: Double?
    for i in trace.eastMeters.indices {
      let time = start + Double(i) * dt
      let coordinate = plane.unproject(
        eastMeters: trace.eastMeters[i], northMeters: trace.northMeters[i])
      let elevation = trace.elevationsMeters[i]
      if let previous = truth.last {
        distance += Geodesic.distanceMeters(from: previous.coordinate, to: coordinate)
        climb += max(0, elevation - trace.elevationsMeters[i - 1])
      }
      let speed = trace.speedsMetersPerSecond[i]
      truth.append(
        TruthPoint(
          timeSeconds: time, coordinate: coordinate, speedMetersPerSecond: speed,
          distanceMeters: distance, isMoving: speed > 0, elevationMeters: elevation))
      // A standstill runs from the first to the last truth point at zero speed.
      if speed == 0 {
        if stillSince == nil { stillSince = time }
      } else if let since = stillSince {
        let end = time - dt
        if end > since { stops.append(since...end) }
        stillSince = nil
      }
    }
    if let since = stillSince, let end = truth.last?.timeSeconds, end > since {
      stops.append(since...end)
    }
    let stoppedSeconds = stops.reduce(0) { $0 + $1.upperBound - $1.lowerBound }

    var generator = FixGenerator(
      configuration: c, trace: trace, plane: plane, random: SplitMix64(seed: fixSeed),
      altimeterRandom: SplitMix64(seed: altimeterSeed))
    let (fixes, fixTruths) = generator.generate()
    let name =
      "Scenario \(c.environment.rawValue) \(c.device.rawValue) \(c.platform.rawValue) "
      + "\(c.activity.rawValue) seed \(c.seed)"
    return ScenarioRecording(
      configuration: c, track: Track(name: name, segments: [Segment(fixes: fixes)]),
      terrain: route.terrain, truth: truth, fixTruths: fixTruths, truthDistanceMeters: distance,
      truthElevationGainMeters: climb, truthMovingTimeSeconds: max(0, duration - stoppedSeconds),
      stops: stops,
      features: trace.passages.map {
        FeaturePassage(
          feature: route.features[$0.featureIndex], timeSeconds: start + $0.elapsedSeconds)
      })
  }
}
