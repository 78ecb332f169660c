import Foundation
import TrackSift

/// Makes a reproducible recording of a run (or walk, ride, drive) round a city block loop, with
/// the error model of a suburban phone (see `shared/ERROR-MODEL.md`): slow wander, chip
/// low-pass, a little white noise, single-fix spikes, signal gaps whose first fix is often a
/// spike, traffic-light stops, invalid (-1) and spurious 0.0 Doppler speeds.
///
/// This is the small generator behind the shipped sample and the benchmarks' big files.
public struct SyntheticActivityGenerator: Sendable {
  /// Knobs of the simulation.
  public struct Configuration: Sendable, Hashable {
    /// The activity, which sets the cruising speed.
    public var activity: ActivityKind = .running
    /// Length of the recording in seconds (one fix a second).
    public var durationSeconds: Int = 2_700
    /// Seed of the random number generator.
    public var seed: UInt64 = 1
    /// South-west corner of the loop.
    public var origin = Coordinate(latitudeDegrees: 52.2297, longitudeDegrees: 21.0122)
    /// Start time.
    public var startDate = Date(timeIntervalSince1970: 1_790_000_000)
    /// Standard deviation of the wandering error per axis, meters.
    public var wanderSigmaMeters = 3.0
    /// Correlation time of the wander, seconds.
    public var wanderTimeConstantSeconds = 45.0
    /// White noise per axis, meters.
    public var whiteNoiseMeters = 0.3
    /// Probability per fix of a single-fix spike of 50-300 m.
    public var spikeProbability = 0.002
    /// Seconds between signal gaps (0 for none); each gap lasts 8-30 s.
    public var gapIntervalSeconds = 900
    /// Seconds between traffic-light stops (0 for none); each stop lasts 20-45 s.
    public var stopIntervalSeconds = 600

    /// The default configuration.
    public init() {}
  }

  /// The configuration in use.
  public var configuration: Configuration

  /// Creates a generator.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// The loop, in meters east and north of the origin: five 90-degree corners, 1800 m a lap.
  static let loopMeters: [(Double, Double)] = [
    (0, 0), (400, 0), (400, 300), (200, 300), (200, 500), (0, 500), (0, 0),
  ]

  private static func cruisingSpeed(_ activity: ActivityKind) -> Double {
    switch activity {
    case .walking: 1.4
    case .running: 3.1
    case .cycling: 6.5
    case .driving: 12
    }
  }

  /// Generates the activity.
  /// - Complexity: O(duration).
  public func generate() -> SyntheticActivity {
    var generation = Generation(configuration)
    for second in 0..<max(configuration.durationSeconds, 0) {
      generation.step(second: second)
    }
    return SyntheticActivity(
      track: Track(
        name: "Synthetic \(configuration.activity.rawValue)",
        segments: [Segment(fixes: generation.fixes)]),
      truth: generation.truth, truthDistanceMeters: generation.alongMeters)
  }

  /// A generation under way, one second at a time: the motion round the loop, the error
  /// processes, the signal gaps, and the truth and fixes made so far.
  private struct Generation {
    let configuration: Configuration
    var random: SplitMix64
    let plane: LocalTangentPlane
    /// The start time, seconds since the reference date.
    let start: Double
    private(set) var fixes: [Fix] = []
    private(set) var truth: [TruthPoint] = []

    // Motion: cruise with traffic-light stops.
    let cruiseMetersPerSecond: Double
    let accelerationMetersPerSecondSquared: Double
    private(set) var alongMeters = 0.0
    var speedMetersPerSecond = 0.0
    var stopRemainingSeconds = 0.0

    // Error per axis: a slow bias, a wander through the chip's low pass, white noise; and the
    // Doppler velocity's noise.
    var bias: (Double, Double)
    var wander = (0.0, 0.0)
    var chip = (0.0, 0.0)
    var dopplerNoise = (0.0, 0.0)
    let wanderDecay: Double
    let wanderStep: Double
    let chipGain = 1 - exp(-1 / 2.0)
    let dopplerDecay = exp(-1 / 3.0)
    let dopplerStep: Double

    // Signal gaps.
    var gapRemainingSeconds = 0
    var afterGap = false

    init(_ configuration: Configuration) {
      let c = configuration
      self.configuration = c
      random = SplitMix64(seed: c.seed)
      plane = LocalTangentPlane(origin: c.origin)
      start = c.startDate.timeIntervalSinceReferenceDate
      fixes.reserveCapacity(c.durationSeconds)
      truth.reserveCapacity(c.durationSeconds)
      cruiseMetersPerSecond = SyntheticActivityGenerator.cruisingSpeed(c.activity)
      accelerationMetersPerSecondSquared = c.activity == .driving ? 2.0 : 1.0
      bias = (random.nextGaussian() * 1.5, random.nextGaussian() * 1.5)
      wanderDecay = exp(-1 / c.wanderTimeConstantSeconds)
      wanderStep = c.wanderSigmaMeters * (1 - wanderDecay * wanderDecay).squareRoot()
      dopplerStep = 0.15 * (1 - dopplerDecay * dopplerDecay).squareRoot()
    }

    /// The truth at `second`, and the fix unless the signal is gone.
    mutating func step(second: Int) {
      let c = configuration
      move(second: second)
      let (east, north, heading) = SyntheticActivityGenerator.position(alongMeters: alongMeters)
      let time = start + Double(second)
      let trueCoordinate = plane.unproject(eastMeters: east, northMeters: north)
      truth.append(
        TruthPoint(
          timeSeconds: time, coordinate: trueCoordinate, speedMetersPerSecond: speedMetersPerSecond,
          distanceMeters: alongMeters))
      let error = nextError()

      if c.gapIntervalSeconds > 0, second > 0, second % c.gapIntervalSeconds == 0 {
        gapRemainingSeconds = 8 + Int(random.nextUnit() * 22)
      }
      if gapRemainingSeconds > 0 {
        gapRemainingSeconds -= 1
        afterGap = true
        return
      }
      fixes.append(
        reportedFix(
          timeSeconds: time, trueEastMeters: east, trueNorthMeters: north, headingRadians: heading,
          error: error))
      afterGap = false
    }

    /// Moves on a second: towards the cruising speed (a little varying), or to a stop and
    /// through it.
    private mutating func move(second: Int) {
      let c = configuration
      if c.stopIntervalSeconds > 0, second > 0, second % c.stopIntervalSeconds == 0 {
        stopRemainingSeconds = 20 + random.nextUnit() * 25
      }
      let target =
        stopRemainingSeconds > 0 ? 0 : cruiseMetersPerSecond * (1 + 0.04 * sin(Double(second) / 97))
      let acceleration = accelerationMetersPerSecondSquared
      if speedMetersPerSecond < target {
        speedMetersPerSecond = min(target, speedMetersPerSecond + acceleration)
      } else {
        speedMetersPerSecond = max(target, speedMetersPerSecond - acceleration * 1.5)
      }
      if stopRemainingSeconds > 0, speedMetersPerSecond == 0 { stopRemainingSeconds -= 1 }
      alongMeters += speedMetersPerSecond
    }

    /// Moves the error processes on a second; the position error east and north, meters.
    private mutating func nextError() -> (Double, Double) {
      bias.0 = bias.0 * 0.9994 + random.nextGaussian() * 0.05
      bias.1 = bias.1 * 0.9994 + random.nextGaussian() * 0.05
      wander.0 = wander.0 * wanderDecay + wanderStep * random.nextGaussian()
      wander.1 = wander.1 * wanderDecay + wanderStep * random.nextGaussian()
      chip.0 += (wander.0 - chip.0) * chipGain
      chip.1 += (wander.1 - chip.1) * chipGain
      let errorEast = bias.0 + chip.0 + configuration.whiteNoiseMeters * random.nextGaussian()
      let errorNorth = bias.1 + chip.1 + configuration.whiteNoiseMeters * random.nextGaussian()
      dopplerNoise.0 = dopplerNoise.0 * dopplerDecay + dopplerStep * random.nextGaussian()
      dopplerNoise.1 = dopplerNoise.1 * dopplerDecay + dopplerStep * random.nextGaussian()
      return (errorEast, errorNorth)
    }

    /// The fix reported at the true position plus `error`: maybe a spike (often the first fix
    /// after a gap), with the Doppler speed and course, none over the first two fixes and
    /// after a gap, a spurious 0.0 now and then.
    private mutating func reportedFix(
      timeSeconds time: Double, trueEastMeters east: Double, trueNorthMeters north: Double,
      headingRadians heading: Double, error: (Double, Double)
    ) -> Fix {
      var (errorEast, errorNorth) = error
      var accuracy = 4.1 * exp(0.3 * random.nextGaussian() * 0.5)
      let spike =
        random.nextUnit() < configuration.spikeProbability
        || (afterGap && random.nextUnit() < 0.3)
      if spike {
        let size = 50 + random.nextUnit() * 250
        let angle = random.nextUnit() * 2 * .pi
        errorEast += size * cos(angle)
        errorNorth += size * sin(angle)
        if random.nextUnit() < 0.5 { accuracy *= 3 + random.nextUnit() * 7 }
      }
      let coordinate = plane.unproject(
        eastMeters: east + errorEast, northMeters: north + errorNorth)
      let speed = speedMetersPerSecond
      let vEast = speed * sin(heading) + dopplerNoise.0
      let vNorth = speed * cos(heading) + dopplerNoise.1
      var reportedSpeed = (vEast * vEast + vNorth * vNorth).squareRoot()
      var course: Double? = atan2(vEast, vNorth) * 180 / .pi
      if let value = course, value < 0 { course = value + 360 }
      if fixes.count < 2 || afterGap {
        reportedSpeed = -1
        course = nil
      } else if speed > 0.5, random.nextUnit() < 0.002 {
        reportedSpeed = 0
      } else if speed < 0.3 {
        reportedSpeed = 0
        course = nil
      }
      return Fix(
        timestamp: Date(timeIntervalSinceReferenceDate: time),
        // Receivers report about 1 cm (1e-7 degrees) and 0.1 m of resolution.
        latitudeDegrees: (coordinate.latitudeDegrees * 1e7).rounded() / 1e7,
        longitudeDegrees: (coordinate.longitudeDegrees * 1e7).rounded() / 1e7,
        altitudeMeters: ((110 + 8 * sin(alongMeters / 300) + random.nextGaussian() * 1.5) * 10)
          .rounded() / 10,
        horizontalAccuracyMeters: (accuracy * 10).rounded() / 10,
        speedMetersPerSecond: (reportedSpeed * 100).rounded() / 100,
        courseDegrees: course.map { ($0 * 10).rounded() / 10 },
        source: .simulated)
    }
  }

  /// Position along the loop: east and north in meters and the heading in radians.
  static func position(alongMeters: Double) -> (Double, Double, Double) {
    let loop = loopMeters
    var lapLength = 0.0
    for i in 1..<loop.count {
      lapLength += hypot(loop[i].0 - loop[i - 1].0, loop[i].1 - loop[i - 1].1)
    }
    var remaining = alongMeters.truncatingRemainder(dividingBy: lapLength)
    for i in 1..<loop.count {
      let (x0, y0) = loop[i - 1]
      let (x1, y1) = loop[i]
      let length = hypot(x1 - x0, y1 - y0)
      if remaining <= length {
        let f = remaining / length
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, atan2(x1 - x0, y1 - y0))
      }
      remaining -= length
    }
    return (0, 0, 0)
  }
}
