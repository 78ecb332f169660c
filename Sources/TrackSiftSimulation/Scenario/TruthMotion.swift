import Foundation
import TrackSift

/// Moves a traveller along a route: cruise with a slowly varying speed, slow down in time for
/// turns (a braking envelope of the cornering speed limits), stop at traffic lights and in the
/// middle, and accelerate within the activity's limits.
struct TruthMotion {
  /// A planned stop: braking starts at `startSeconds`, the standstill lasts `durationSeconds`.
  struct PlannedStop: Sendable, Hashable {
    var startSeconds: Double
    var durationSeconds: Double
  }

  let route: SimulatedRoute
  let limits: MotionLimits
  private let east: [Double]
  private let north: [Double]
  /// Highest speed at each route point that still allows braking for the turns ahead, when
  /// travelling forward and backward along the route.
  private let forwardEnvelope: [Double]
  private let backwardEnvelope: [Double]

  init(route: SimulatedRoute, plane: LocalTangentPlane, limits: MotionLimits) {
    self.route = route
    self.limits = limits
    let projected = route.points.map { plane.project($0) }
    east = projected.map(\.eastMeters)
    north = projected.map(\.northMeters)
    let turnLimits = route.curvaturesPerMeter.map { curvature in
      curvature > 0
        ? (limits.lateralAccelerationMetersPerSecondSquared / curvature).squareRoot()
        : Double.infinity
    }
    var forwardLimits = turnLimits
    var backwardLimits = turnLimits
    if !route.isClosed, !turnLimits.isEmpty {
      // Open routes are turned around at their ends.
      forwardLimits[forwardLimits.count - 1] = MotionLimits.turnaroundMetersPerSecond
      backwardLimits[0] = MotionLimits.turnaroundMetersPerSecond
    }
    let deceleration = limits.decelerationMetersPerSecondSquared
    forwardEnvelope = Self.envelope(
      forwardLimits, along: route.alongMeters, deceleration: deceleration,
      closed: route.isClosed, reversed: false)
    backwardEnvelope = Self.envelope(
      backwardLimits, along: route.alongMeters, deceleration: deceleration,
      closed: route.isClosed, reversed: true)
  }

  /// The braking envelope: `min(limit_i, sqrt(envelope_next² + 2·a·gap))`, swept against the
  /// direction of travel (twice round a closed route, so turns after the seam count).
  private static func envelope(
    _ limits: [Double], along: [Double], deceleration: Double, closed: Bool, reversed: Bool
  ) -> [Double] {
    var result = limits
    let count = limits.count
    guard count > 1 else { return result }
    let sweeps = closed ? 2 : 1
    for _ in 0..<sweeps {
      for k in 0..<count {
        // Travelling forward, the next point is i + 1, so sweep from the end.
        let i = reversed ? k : count - 1 - k
        let next: Int
        if reversed {
          guard i > 0 || closed else { continue }
          next = i > 0 ? i - 1 : count - 2
        } else {
          guard i < count - 1 || closed else { continue }
          next = i < count - 1 ? i + 1 : 1
        }
        let gap = abs(along[next] - along[i])
        let reachable = (result[next] * result[next] + 2 * deceleration * gap).squareRoot()
        result[i] = min(result[i], reachable)
      }
    }
    return result
  }

  /// The stops of a recording: traffic lights every `every` seconds (±20 %) lasting 20-45 s,
  /// and a stop of `middleSeconds` at half time.
  static func plannedStops(
    durationSeconds: Double, every: Double?, middleSeconds: Double, random: inout SplitMix64
  ) -> [PlannedStop] {
    var stops: [PlannedStop] = []
    let middle = durationSeconds / 2
    if middleSeconds > 0 {
      stops.append(PlannedStop(startSeconds: middle, durationSeconds: middleSeconds))
    }
    if let every, every > 0 {
      var time = every * (0.8 + 0.4 * random.nextUnit())
      while time < durationSeconds - 60 {
        let duration = 20 + 25 * random.nextUnit()
        // Keep clear of the middle stop.
        if middleSeconds <= 0 || time + duration + 30 < middle || time > middle + middleSeconds + 30
        {
          stops.append(PlannedStop(startSeconds: time, durationSeconds: duration))
        }
        time += every * (0.8 + 0.4 * random.nextUnit())
      }
    }
    return stops.sorted { $0.startSeconds < $1.startSeconds }
  }

  /// Where on the route a travelled distance is: the distance along the route and whether the
  /// traveller is going backward (on the way back of an open route).
  func routePosition(travelledMeters: Double) -> (alongMeters: Double, backward: Bool) {
    let length = route.lengthMeters
    guard length > 0 else { return (0, false) }
    if route.isClosed {
      return (travelledMeters.truncatingRemainder(dividingBy: length), false)
    }
    let lap = travelledMeters.truncatingRemainder(dividingBy: 2 * length)
    return lap <= length ? (lap, false) : (2 * length - lap, true)
  }

  /// Index of the route point at or before `alongMeters`.
  private func segmentIndex(alongMeters: Double) -> Int {
    let along = route.alongMeters
    var low = 0
    var high = along.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if along[mid] <= alongMeters { low = mid } else { high = mid }
    }
    return low
  }

  /// Simulates the whole recording.
  func trace(
    durationSeconds: Double, stops: [PlannedStop], random: inout SplitMix64
  ) -> TruthTrace {
    var trace = TruthTrace()
    let dt = TruthTrace.stepSeconds
    let steps = Int((durationSeconds / dt).rounded())
    trace.eastMeters.reserveCapacity(steps + 1)
    trace.northMeters.reserveCapacity(steps + 1)
    trace.speedsMetersPerSecond.reserveCapacity(steps + 1)
    trace.headingsRadians.reserveCapacity(steps + 1)
    trace.elevationsMeters.reserveCapacity(steps + 1)
    var travelled = 0.0
    var speed = 0.0
    var cruiseNoise = 0.0
    let cruiseDecay = exp(-dt / MotionLimits.cruiseVariationSeconds)
    let cruiseStep = (1 - cruiseDecay * cruiseDecay).squareRoot()
    var stopIndex = 0
    var standstillEnds: Double?
    var previous = routePosition(travelledMeters: 0)

    for step in 0...max(steps, 0) {
      let time = Double(step) * dt
      if step > 0 {
        cruiseNoise = cruiseNoise * cruiseDecay + cruiseStep * random.nextGaussian()
        var target =
          limits.cruiseMetersPerSecond * (1 + MotionLimits.cruiseVariation * cruiseNoise)
        if let ends = standstillEnds {
          if time < ends {
            target = 0
          } else {
            standstillEnds = nil
            stopIndex += 1
          }
        } else if stopIndex < stops.count, time >= stops[stopIndex].startSeconds {
          target = 0
        }
        target = min(target, envelope(at: previous))
        let old = speed
        if speed < target {
          speed = min(target, speed + limits.accelerationMetersPerSecondSquared * dt)
        } else {
          speed = max(target, speed - limits.decelerationMetersPerSecondSquared * dt)
        }
        if speed == 0, standstillEnds == nil, stopIndex < stops.count,
          time >= stops[stopIndex].startSeconds
        {
          standstillEnds = time + stops[stopIndex].durationSeconds
        }
        travelled += (old + speed) / 2 * dt
      }
      let current = routePosition(travelledMeters: travelled)
      recordPassages(from: previous, to: current, elapsedSeconds: time, into: &trace)
      previous = current
      let i = segmentIndex(alongMeters: current.alongMeters)
      let j = min(i + 1, east.count - 1)
      let span = route.alongMeters[j] - route.alongMeters[i]
      let f = span > 0 ? (current.alongMeters - route.alongMeters[i]) / span : 0
      trace.eastMeters.append(east[i] + (east[j] - east[i]) * f)
      trace.northMeters.append(north[i] + (north[j] - north[i]) * f)
      trace.speedsMetersPerSecond.append(speed)
      let heading = atan2(east[j] - east[i], north[j] - north[i])
      trace.headingsRadians.append(current.backward ? heading + .pi : heading)
      trace.elevationsMeters.append(
        route.terrain.elevationMeters(
          eastMeters: trace.eastMeters[step], northMeters: trace.northMeters[step]))
    }
    return trace
  }

  /// The envelope speed at a route position.
  private func envelope(at position: (alongMeters: Double, backward: Bool)) -> Double {
    let i = segmentIndex(alongMeters: position.alongMeters)
    let j = min(i + 1, east.count - 1)
    let values = position.backward ? backwardEnvelope : forwardEnvelope
    // The lower of the two neighbours, so a limit is never skipped between points.
    return min(values[i], values[j])
  }

  /// Notes the features crossed between two route positions.
  private func recordPassages(
    from start: (alongMeters: Double, backward: Bool),
    to end: (alongMeters: Double, backward: Bool),
    elapsedSeconds: Double, into trace: inout TruthTrace
  ) {
    guard start.alongMeters != end.alongMeters else { return }
    for (index, feature) in route.features.enumerated() {
      let along = feature.alongMeters
      let crossed: Bool
      if route.isClosed, end.alongMeters < start.alongMeters {
        crossed = along > start.alongMeters || along <= end.alongMeters  // wrapped round
      } else {
        let low = min(start.alongMeters, end.alongMeters)
        let high = max(start.alongMeters, end.alongMeters)
        crossed = along > low && along <= high
      }
      if crossed {
        trace.passages.append((index, elapsedSeconds))
      }
    }
  }
}
