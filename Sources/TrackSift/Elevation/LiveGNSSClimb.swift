/// The live climb of GNSS altitudes: the refined climb's ground-from-wander smoother
/// (``GNSSAltitudeSmoother``) run as altitudes arrive, with a fixed lag, and counted swing by
/// swing as the refined climb is.
///
/// A receiver's altitude wanders by about its vertical accuracy for minutes; counted as it
/// comes, that wander is climb. Only the altitudes that follow tell a wander (which comes back
/// in time) from the ground (which stays where it is along the way), so each altitude is
/// counted once ``lagSamples`` later ones are in: every ``batchSamples`` altitudes, the
/// smoother's backward pass runs over the window and the oldest ``batchSamples`` are counted.
/// The figure lags by two to two and a half minutes at one altitude a second; a segment's end
/// (a pause, the recording's end) counts the rest. A filter without lag parts nothing: it
/// follows the wander as it would the ground.
///
/// The altitudes' white noise, which the smoother measures against and the swings must clear,
/// is measured on the first ``AltitudeNoise/minimumDifferenceCount`` to
/// ``LiveAltitudeSource/decisionDifferenceCount`` close second differences (``AltitudeNoise``'s
/// estimate, at least ``ClimbConfiguration/gnssSigmaFloorMeters``); altitudes wait for it.
///
/// - Complexity: O(1) amortized per altitude (about `lagSamples / batchSamples` backward
///   steps), memory O(``lagSamples``).
struct LiveGNSSClimb: Sendable, Hashable {
  /// How many later altitudes an altitude waits for before it is counted: two minutes at one
  /// a second, as long as the wander takes to come back (its time constant, 120 s).
  static let lagSamples = 120
  /// How many altitudes are counted at a time, so the backward pass runs every so many.
  static let batchSamples = 30

  /// One altitude as it arrives.
  struct Sample: Sendable, Hashable {
    var timeSeconds: Double
    /// Distance travelled along the route, in meters.
    var distanceMeters: Double
    var altitudeMeters: Double
    var verticalAccuracyMeters: Double?
    var horizontalAccuracyMeters: Double?
    /// Whether the wearer moved over the interval ending here.
    var isMoving: Bool
  }

  /// A filtered altitude in the window, and what the backward pass needs to reach the one
  /// before it: the state predicted here from there, and that one's RTS gain.
  private struct Entry: Sendable, Hashable {
    var isMoving: Bool
    var startsRun: Bool
    var isMeasured: Bool
    /// The filtered ground, grade and wander.
    var filtered: SIMD3<Double>
    /// This state as predicted from the one before (before the altitude was measured).
    var predicted: SIMD3<Double>
    /// The one before's RTS gain, P·Fᵀ·P⁻¹ₚ, by rows: the backward pass gives it
    /// `filtered + gain·(smoothed here − predicted)`.
    var gain: Gain
  }

  /// A 3×3 matrix by rows.
  private struct Gain: Sendable, Hashable {
    var first = SIMD3<Double>()
    var second = SIMD3<Double>()
    var third = SIMD3<Double>()
    func times(_ vector: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3((first * vector).sum(), (second * vector).sum(), (third * vector).sum())
    }
  }

  private struct Filtered: Sendable, Hashable {
    var sample: GNSSAltitudeSmoother.Sample
    var state: GNSSAltitudeSmoother.State
  }

  /// The refined climb's knobs: the same smoother, floor and band.
  private static let configuration = ClimbConfiguration()
  /// The white noise, once measured; the dead band is as wide.
  private var whiteSigmaMeters: Double?
  private var noise = ArrivingAltitudeNoise()
  /// Altitudes waiting for the white noise.
  private var waiting: [Sample] = []
  /// Altitudes filtered and not yet counted.
  private var window: [Entry] = []
  private var forward = VerticalRuns.Forward<GNSSAltitudeSmoother.State>()
  /// The sample filtered last, and its filtered state, while the segment goes on.
  private var last: Filtered?
  private var counter = SwingCounter()

  /// Creates an empty climb.
  init() {}

  /// Climb counted so far, in meters.
  var gainMeters: Double { counter.gainMeters }
  /// Descent counted so far, in meters (a positive number).
  var lossMeters: Double { counter.lossMeters }

  /// Takes one altitude of the current segment, in time order.
  mutating func add(_ sample: Sample) {
    guard let white = whiteSigmaMeters else {
      noise.add(altitudeMeters: sample.altitudeMeters, timeSeconds: sample.timeSeconds)
      waiting.append(sample)
      if noise.differenceCount >= LiveAltitudeSource.decisionDifferenceCount
        || waiting.count >= Self.lagSamples + Self.batchSamples
      {
        measureWhiteNoise()
      }
      return
    }
    filter(sample, whiteSigmaMeters: white)
    if window.count >= Self.lagSamples + Self.batchSamples { count(Self.batchSamples) }
  }

  /// Ends the segment: every altitude still in the window is counted, and the next one
  /// starts afresh.
  mutating func breakSegment() {
    if whiteSigmaMeters == nil, !waiting.isEmpty { measureWhiteNoise() }
    count(window.count)
    counter.breakSegment()
    forward = VerticalRuns.Forward()
    last = nil
  }

  /// Measures the white noise on the altitudes so far and filters those waiting for it.
  private mutating func measureWhiteNoise() {
    let white = max(noise.whiteSigmaMeters ?? 0, Self.configuration.gnssSigmaFloorMeters)
    whiteSigmaMeters = white
    noise = ArrivingAltitudeNoise()
    let samples = waiting
    waiting = []
    for sample in samples { filter(sample, whiteSigmaMeters: white) }
  }

  private mutating func filter(_ input: Sample, whiteSigmaMeters white: Double) {
    let sample = GNSSAltitudeSmoother.Sample(
      timeSeconds: input.timeSeconds, distanceMeters: input.distanceMeters,
      altitudeMeters: input.altitudeMeters,
      wanderSigmaMeters: Self.configuration.gnssWanderSigmaMeters(
        verticalAccuracyMeters: input.verticalAccuracyMeters,
        horizontalAccuracyMeters: input.horizontalAccuracyMeters),
      whiteSigmaMeters: white)
    let step = last.map {
      GNSSAltitudeSmoother.Step(
        from: $0.sample, to: sample, configuration: Self.configuration.gnssSmoother)
    }
    let gradeSigma = Self.configuration.gnssSmoother.gradeSigma
    var predicted: GNSSAltitudeSmoother.State?
    let record = forward.next(
      sample, afterSeconds: last.map { sample.timeSeconds - $0.sample.timeSeconds },
      spikes: Self.configuration.gnssSmoother.spikes,
      start: { GNSSAltitudeSmoother.runStart($0, gradeSigma: gradeSigma) },
      predict: { state in
        if let step { state.predict(step) }
        predicted = state
      },
      innovation: GNSSAltitudeSmoother.innovation, update: GNSSAltitudeSmoother.measure)
    var entry = Entry(
      isMoving: input.isMoving, startsRun: record.startsRun, isMeasured: record.isMeasured,
      filtered: SIMD3(record.state.x.0, record.state.x.1, record.state.x.2),
      predicted: SIMD3(), gain: Gain())
    if let step, let before = last?.state, let predicted, !record.startsRun {
      (entry.predicted, entry.gain) = Self.transition(from: before, to: predicted, over: step)
    }
    last = Filtered(sample: sample, state: record.state)
    window.append(entry)
  }

  /// The mean predicted over `step` from a filtered state, and the filtered state's RTS gain
  /// (``GNSSAltitudeSmoother``'s backward step, `P·Fᵀ·P⁻¹ₚ`, kept so that the pass over the
  /// window costs a matrix-vector product a step).
  private static func transition(
    from filtered: GNSSAltitudeSmoother.State, to predicted: GNSSAltitudeSmoother.State,
    over step: GNSSAltitudeSmoother.Step
  ) -> (predicted: SIMD3<Double>, gain: Gain) {
    let mean = SIMD3(predicted.x.0, predicted.x.1, predicted.x.2)
    // P·Fᵀ, with F = [[1, rise, 0], [0, gradeDecay, 0], [0, 0, decay]].
    let (r, g, a) = (step.rise, step.gradeDecay, step.decay)
    let f = filtered
    let m = (
      SIMD3(f.p00 + r * f.p01, g * f.p01, a * f.p02),
      SIMD3(f.p01 + r * f.p11, g * f.p11, a * f.p12),
      SIMD3(f.p02 + r * f.p12, g * f.p12, a * f.p22)
    )
    // Times P⁻¹ₚ: each row of P·Fᵀ solved against the symmetric Pₚ.
    func solved(_ row: SIMD3<Double>) -> SIMD3<Double> {
      let u = predicted.solve((row.x, row.y, row.z))
      return SIMD3(u.0, u.1, u.2)
    }
    return (mean, Gain(first: solved(m.0), second: solved(m.1), third: solved(m.2)))
  }

  /// Smooths the window back from its newest altitude and counts its oldest `countToCount`.
  private mutating func count(_ countToCount: Int) {
    guard countToCount > 0, let newest = window.last else { return }
    var smoothed = [Double?](repeating: nil, count: countToCount)
    var later = newest.filtered
    for index in window.indices.reversed() {
      let entry = window[index]
      if index < window.count - 1 {
        let next = window[index + 1]
        later =
          next.startsRun
          ? entry.filtered : entry.filtered + next.gain.times(later - next.predicted)
      }
      if index < countToCount { smoothed[index] = entry.isMeasured ? later.x : nil }
    }
    let band = max(Self.configuration.gnssDeadBandMeters, whiteSigmaMeters ?? 0)
    for (entry, altitude) in zip(window, smoothed) {
      if entry.startsRun { counter.breakSegment() }
      counter.add(
        altitudeMeters: altitude, deadBandMeters: band,
        isMoving: entry.isMoving || !Self.configuration.holdsAltitudeWhileStopped)
    }
    window.removeFirst(countToCount)
  }
}
