import Foundation

/// A Kalman filter and Rauch-Tung-Striebel smoother for GNSS altitudes that tells the ground
/// from the receiver's wander: the ground is a function of the distance travelled, the wander
/// a function of time.
///
/// A GNSS altitude is the ground, plus a slow wander of about its stated vertical accuracy
/// (multipath and the atmosphere; it decorrelates over minutes, `shared/ERROR-MODEL.md`), plus
/// a little white noise. A filter over time alone (``VerticalSmoother``) cannot part the first
/// two: a walker covers 150 m in the two minutes a wander takes to swing by ten meters, so the
/// swing reads as a 7 % street. Here the state is the ground's altitude, its grade per meter
/// travelled, and the wander:
/// - the grade is an Ornstein-Uhlenbeck process in distance (``Configuration/gradeSigma``
///   over ``Configuration/gradeCorrelationMeters``), so the ground cannot move while the
///   wearer stands, moves little over a short way, and keeps to the grades ground has over a
///   long one;
/// - the wander is an Ornstein-Uhlenbeck process in time, of each sample's
///   ``Sample/wanderSigmaMeters`` and ``Configuration/wanderTimeConstantSeconds``;
/// - each altitude measures ground plus wander, with white noise ``Sample/whiteSigmaMeters``.
///
/// The smoothed ground is what the climb counts. Spikes and runs are treated as in
/// ``VerticalSmoother``.
///
/// - Complexity: O(n) time and memory for n samples.
public enum GNSSAltitudeSmoother {
  /// The smoother's knobs.
  public struct Configuration: Sendable, Hashable {
    /// The ground's grade (rise per meter) as a standard deviation: 0.1, a 10 % grade. Paths
    /// and streets bend up and down, but a grade far steeper than that is rare and short;
    /// roads built for cars change grade far more slowly
    /// (``gentleGradeSpeedMetersPerSecond``).
    public var gradeSigma: Double
    /// The distance over which the grade loses its memory (1/e), in meters: 200, about a
    /// quarter of a rolling hill's length. Over a few meters the grade holds; over a signal
    /// loss of a kilometer it is no longer known, but no steeper than ``gradeSigma`` says.
    public var gradeCorrelationMeters: Double
    /// Above this speed, in meters per second, the grade's noise falls with the square of the
    /// speed: roads are built so that a vehicle's vertical acceleration (speed² times the
    /// grade's change per meter) stays gentle, with vertical curves whose length grows with
    /// the square of the design speed (AASHTO's Green Book).
    public var gentleGradeSpeedMetersPerSecond: Double
    /// The wander's 1/e correlation time, in seconds (consumer receivers: 25-240 s,
    /// `shared/ERROR-MODEL.md`).
    public var wanderTimeConstantSeconds: Double
    /// Spikes and runs, as ``VerticalSmoother`` finds them (its acceleration noise is unused).
    public var spikes: VerticalSmoother.Configuration

    /// Creates a configuration.
    public init(
      gradeSigma: Double = 0.1, gradeCorrelationMeters: Double = 200,
      gentleGradeSpeedMetersPerSecond: Double = 10,
      wanderTimeConstantSeconds: Double = 120,
      spikes: VerticalSmoother.Configuration = VerticalSmoother.Configuration()
    ) {
      self.gradeSigma = gradeSigma
      self.gradeCorrelationMeters = gradeCorrelationMeters
      self.gentleGradeSpeedMetersPerSecond = gentleGradeSpeedMetersPerSecond
      self.wanderTimeConstantSeconds = wanderTimeConstantSeconds
      self.spikes = spikes
    }
  }

  /// One altitude to smooth; every value finite (the pipeline passes valid altitudes only).
  public struct Sample: Sendable, Hashable {
    /// Time in seconds.
    public var timeSeconds: Double
    /// Distance travelled along the route, in meters; never decreasing within a run.
    public var distanceMeters: Double
    /// The measured altitude in meters.
    public var altitudeMeters: Double
    /// The receiver's vertical wander (one standard deviation) in meters; positive.
    public var wanderSigmaMeters: Double
    /// The altitude's white noise (one standard deviation) in meters; positive.
    public var whiteSigmaMeters: Double

    /// Creates a sample.
    public init(
      timeSeconds: Double, distanceMeters: Double, altitudeMeters: Double,
      wanderSigmaMeters: Double, whiteSigmaMeters: Double
    ) {
      self.timeSeconds = timeSeconds
      self.distanceMeters = distanceMeters
      self.altitudeMeters = altitudeMeters
      self.wanderSigmaMeters = wanderSigmaMeters
      self.whiteSigmaMeters = whiteSigmaMeters
    }
  }

  /// Smooths the altitudes of one segment into the ground's. Samples must be in time order; a
  /// sample not later than the one before starts a new run.
  public static func smoothed(
    _ samples: [Sample], configuration: Configuration = Configuration()
  ) -> VerticalSmoother.Result {
    let (records, runStarts) = VerticalRuns.filtered(
      samples, spikes: configuration.spikes,
      judged: {
        VerticalRuns.Judged(
          timeSeconds: $0.timeSeconds, altitudeMeters: $0.altitudeMeters,
          sigmaMeters: $0.whiteSigmaMeters)
      },
      start: { runStart($0, gradeSigma: configuration.gradeSigma) },
      predict: { $0.predict(Step(from: $1, to: $2, configuration: configuration)) },
      innovation: innovation, update: measure)
    return VerticalSmoother.Result(
      altitudesMeters: backward(records, samples, configuration), runStarts: runStarts)
  }

  /// A run's first state, its sample already measured.
  static func runStart(_ sample: Sample, gradeSigma: Double) -> State {
    var state = State.start(sample, gradeSigma: gradeSigma)
    state.update(sample.altitudeMeters, measurementVariance: sample.whiteVariance)
    return state
  }

  /// How far a sample lies from a predicted state's altitude, and the spread expected of it
  /// (one standard deviation, the sample's white noise included).
  static func innovation(_ state: State, _ sample: Sample) -> (
    meters: Double, spreadMeters: Double
  ) {
    (
      abs(sample.altitudeMeters - state.measured),
      (state.measuredVariance + sample.whiteVariance).squareRoot()
    )
  }

  /// Measures a sample's altitude into a predicted state.
  static func measure(_ state: inout State, _ sample: Sample) {
    state.update(sample.altitudeMeters, measurementVariance: sample.whiteVariance)
  }

  /// The RTS pass, from the last record back, never across the start of a run. Each step is
  /// made again from its samples rather than kept (a million fixes would keep 56 MB of them).
  private static func backward(
    _ records: [VerticalRuns.Record<State>], _ samples: [Sample], _ configuration: Configuration
  ) -> [Double?] {
    var result = [Double?](repeating: nil, count: records.count)
    guard let last = records.last else { return result }
    var later = last.state.x
    result[records.count - 1] = last.isMeasured ? later.0 : nil
    for index in records.indices.dropLast().reversed() {
      let record = records[index]
      if records[index + 1].startsRun {
        later = record.state.x
      } else {
        let step = Step(from: samples[index], to: samples[index + 1], configuration: configuration)
        later = record.state.smoothed(towards: later, over: step)
      }
      result[index] = record.isMeasured ? later.0 : nil
    }
    return result
  }
}

extension GNSSAltitudeSmoother.Sample {
  /// The white noise as a variance, in m², never zero.
  var whiteVariance: Double { max(whiteSigmaMeters * whiteSigmaMeters, 1e-6) }
}

extension GNSSAltitudeSmoother {
  /// One step's transition: the distance and time between two samples.
  struct Step: Hashable {
    /// The grade's decay over the step, e^(-d/L).
    var gradeDecay: Double
    /// How far the ground rises per unit of grade over the step, L·(1 - e^(-d/L)) meters.
    var rise: Double
    /// The wander's decay over the step, e^(-dt/τ).
    var decay: Double
    /// Process noise of the ground (altitude, altitude-grade, grade) and of the wander.
    var q00: Double, q01: Double, q11: Double, qWander: Double

    init(
      meters: Double, seconds: Double, wanderSigmaMeters: Double, configuration: Configuration
    ) {
      decay = exp(-seconds / configuration.wanderTimeConstantSeconds)
      let length = configuration.gradeCorrelationMeters
      let lost = -expm1(-meters / length)
      gradeDecay = 1 - lost
      rise = length * lost
      // Faster roads bend up and down more gently: the grade's noise falls with the square
      // of the speed above the configuration's.
      let speed = meters / seconds
      let slower = configuration.gentleGradeSpeedMetersPerSecond / max(speed, 1e-9)
      let variance =
        configuration.gradeSigma * configuration.gradeSigma * min(1, slower * slower)
      // The grade's and the ground's noise over the step, an integrated Ornstein-Uhlenbeck
      // process's.
      q11 = variance * lost * (2 - lost)
      q01 = variance * length * lost * lost
      q00 = max(
        2 * variance * length * (meters - 2 * length * lost + length * lost * (2 - lost) / 2), 0)
      qWander = wanderSigmaMeters * wanderSigmaMeters * (1 - decay * decay)
    }

    /// The step from one sample to the next, later one.
    init(from earlier: Sample, to later: Sample, configuration: Configuration) {
      self.init(
        meters: max(later.distanceMeters - earlier.distanceMeters, 0),
        seconds: later.timeSeconds - earlier.timeSeconds,
        wanderSigmaMeters: later.wanderSigmaMeters, configuration: configuration)
    }
  }

  /// The state (ground altitude, grade, wander) and its symmetric covariance.
  struct State {
    var x: (Double, Double, Double)
    var p00: Double, p01: Double, p02: Double, p11: Double, p12: Double, p22: Double

    /// Before the first altitude of a run: the ground unknown, the grade as any ground's
    /// (`gradeSigma`, the process's own spread), the wander of the sample's size.
    static func start(_ sample: Sample, gradeSigma: Double) -> State {
      State(
        x: (sample.altitudeMeters, 0, 0), p00: 1e6, p01: 0, p02: 0,
        p11: gradeSigma * gradeSigma, p12: 0,
        p22: sample.wanderSigmaMeters * sample.wanderSigmaMeters)
    }

    /// What an altitude measures: ground plus wander.
    var measured: Double { x.0 + x.2 }
    /// The variance of ``measured``.
    var measuredVariance: Double { p00 + 2 * p02 + p22 }

    mutating func predict(_ step: Step) {
      let r = step.rise
      let g = step.gradeDecay
      let a = step.decay
      x = (x.0 + r * x.1, g * x.1, a * x.2)
      let n00 = p00 + 2 * r * p01 + r * r * p11 + step.q00
      let n01 = g * (p01 + r * p11) + step.q01
      let n02 = a * (p02 + r * p12)
      let n11 = g * g * p11 + step.q11
      let n12 = a * g * p12
      let n22 = a * a * p22 + step.qWander
      (p00, p01, p02, p11, p12, p22) = (n00, n01, n02, n11, n12, n22)
    }

    mutating func update(_ altitudeMeters: Double, measurementVariance r: Double) {
      // H = (1, 0, 1): the gain is P·Hᵀ over the innovation's variance.
      let k0 = p00 + p02
      let k1 = p01 + p12
      let k2 = p02 + p22
      let s = k0 + k2 + r
      let y = altitudeMeters - measured
      x = (x.0 + k0 / s * y, x.1 + k1 / s * y, x.2 + k2 / s * y)
      p00 -= k0 * k0 / s
      p01 -= k0 * k1 / s
      p02 -= k0 * k2 / s
      p11 -= k1 * k1 / s
      p12 -= k1 * k2 / s
      p22 -= k2 * k2 / s
    }

    /// The RTS step: this filtered state corrected by the smoothed state one step later,
    /// `x + P·Fᵀ·P⁻¹ₚ·(later − F·x)`, with Pₚ the prediction's covariance.
    func smoothed(towards later: (Double, Double, Double), over step: Step) -> (
      Double, Double, Double
    ) {
      var predicted = self
      predicted.predict(step)
      let d = (
        later.0 - predicted.x.0, later.1 - predicted.x.1, later.2 - predicted.x.2
      )
      let u = predicted.solve(d)
      // Fᵀ·u, then P·(Fᵀ·u).
      let v = (u.0, step.rise * u.0 + step.gradeDecay * u.1, step.decay * u.2)
      return (
        x.0 + p00 * v.0 + p01 * v.1 + p02 * v.2,
        x.1 + p01 * v.0 + p11 * v.1 + p12 * v.2,
        x.2 + p02 * v.0 + p12 * v.1 + p22 * v.2
      )
    }

    /// Solves P·u = d for the symmetric covariance P (by its adjugate).
    func solve(_ d: (Double, Double, Double)) -> (Double, Double, Double) {
      let c00 = p11 * p22 - p12 * p12
      let c01 = p02 * p12 - p01 * p22
      let c02 = p01 * p12 - p02 * p11
      let c11 = p00 * p22 - p02 * p02
      let c12 = p01 * p02 - p00 * p12
      let c22 = p00 * p11 - p01 * p01
      let determinant = p00 * c00 + p01 * c01 + p02 * c02
      guard determinant > 0, determinant.isFinite else { return (0, 0, 0) }
      return (
        (c00 * d.0 + c01 * d.1 + c02 * d.2) / determinant,
        (c01 * d.0 + c11 * d.1 + c12 * d.2) / determinant,
        (c02 * d.0 + c12 * d.1 + c22 * d.2) / determinant
      )
    }
  }
}

extension GNSSAltitudeSmoother.State: Hashable {
  static func == (a: Self, b: Self) -> Bool {
    a.x == b.x && (a.p00, a.p01, a.p02) == (b.p00, b.p01, b.p02)
      && (a.p11, a.p12, a.p22) == (b.p11, b.p12, b.p22)
  }

  func hash(into hasher: inout Hasher) {
    for value in [x.0, x.1, x.2, p00, p01, p02, p11, p12, p22] { hasher.combine(value) }
  }
}
