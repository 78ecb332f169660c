/// The forward pass both vertical smoothers share (``VerticalSmoother``,
/// ``GNSSAltitudeSmoother``, and live ``LiveGNSSClimb``): each altitude is predicted from the one
/// before, left out when it is a spike (`VerticalSmoother.Configuration.isSpike`), and measured
/// otherwise. A run starts at the first sample, at a sample not later than the one before, and
/// after three spikes in a row (the altitude moved for good); no smoothing joins two runs.
/// Over a whole record (``filtered(_:spikes:judged:start:predict:innovation:update:)``)
/// the samples of an out-and-back glitch (``AltitudeExcursions``) are left out too, without
/// counting towards a restart; live, ``ElevationAccumulator`` drops them before they arrive.
///
/// - Complexity: O(n) time and memory for n samples.
enum VerticalRuns {
  /// One sample's filtered state, whether it starts a run, and whether it was measured.
  struct Record<State> {
    var state: State
    var startsRun: Bool
    var isMeasured: Bool
  }

  /// The pass between two samples: the state after the last one, and the spikes since the
  /// last measured sample.
  struct Forward<State> {
    private var current: State?
    private var rejectedInRow = 0

    init() {}

    /// Filters one sample.
    /// - Parameters:
    ///   - sample: the sample.
    ///   - seconds: the time since the sample before; `nil` at a segment's first sample.
    ///   - spikes: the spike rule.
    ///   - isOutAndBack: whether the sample is part of an out-and-back glitch
    ///     (``AltitudeExcursions``): it is left out like a spike, but does not count towards
    ///     the altitude having moved for good.
    ///   - start: a run's first state, its sample already measured.
    ///   - predict: moves the state to the sample's time.
    ///   - innovation: how far the sample lies from a predicted state's altitude, and the
    ///     spread (one standard deviation, the sample's own noise included) expected of it.
    ///   - update: measures the sample.
    mutating func next<Sample>(
      _ sample: Sample, afterSeconds seconds: Double?, spikes: VerticalSmoother.Configuration,
      isOutAndBack: Bool = false, start: (Sample) -> State, predict: (inout State) -> Void,
      innovation: (State, Sample) -> (meters: Double, spreadMeters: Double),
      update: (inout State, Sample) -> Void
    ) -> Record<State> {
      guard let dt = seconds, dt > 0, dt.isFinite, rejectedInRow < 3, var state = current else {
        let state = start(sample)
        current = state
        rejectedInRow = 0
        return Record(state: state, startsRun: true, isMeasured: true)
      }
      predict(&state)
      if isOutAndBack {
        current = state
        return Record(state: state, startsRun: false, isMeasured: false)
      }
      let (meters, spread) = innovation(state, sample)
      let isSpike = spikes.isSpike(innovationMeters: meters, spreadMeters: spread, seconds: dt)
      if isSpike {
        rejectedInRow += 1
      } else {
        rejectedInRow = 0
        update(&state, sample)
      }
      current = state
      return Record(state: state, startsRun: false, isMeasured: !isSpike)
    }
  }

  /// Filters `samples` forward.
  /// - Parameters:
  ///   - samples: the samples, in time order.
  ///   - spikes: the spike rule.
  ///   - judged: a sample's time, altitude and noise: its time places it, and the three find
  ///     its out-and-back glitches (``AltitudeExcursions``), which are left out.
  ///   - start: a run's first state, its sample already measured.
  ///   - predict: moves a state from the earlier sample's time to the later's.
  ///   - innovation: how far a sample lies from a predicted state's altitude, and the spread
  ///     (one standard deviation, the sample's own noise included) expected of it, in meters.
  ///   - update: measures a sample.
  /// - Returns: one record per sample, and the samples that start a run.
  static func filtered<Sample, State>(
    _ samples: [Sample], spikes: VerticalSmoother.Configuration,
    judged: (Sample) -> Judged,
    start: (Sample) -> State,
    predict: (inout State, _ earlier: Sample, _ later: Sample) -> Void,
    innovation: (State, Sample) -> (meters: Double, spreadMeters: Double),
    update: (inout State, Sample) -> Void
  ) -> (records: [Record<State>], runStarts: Set<Int>) {
    var runStarts: Set<Int> = []
    var records: [Record<State>] = []
    records.reserveCapacity(samples.count)
    var forward = Forward<State>()
    let outAndBack = AltitudeExcursions.flags(
      count: samples.count, altitude: { judged(samples[$0]).altitudeMeters },
      isJump: { judged(samples[$0]).isSpike(to: judged(samples[$1]), spikes) })
    for (index, sample) in samples.enumerated() {
      let earlier = index == 0 ? nil : samples[index - 1]
      let record = forward.next(
        sample, afterSeconds: earlier.map { judged(sample).timeSeconds - judged($0).timeSeconds },
        spikes: spikes, isOutAndBack: outAndBack[index], start: start,
        predict: { state in if let earlier { predict(&state, earlier, sample) } },
        innovation: innovation, update: update)
      if record.startsRun { runStarts.insert(index) }
      records.append(record)
    }
    return (records, runStarts)
  }
}

extension VerticalRuns {
  /// What the out-and-back rule needs of a sample: its time, altitude and noise.
  struct Judged {
    var timeSeconds: Double
    var altitudeMeters: Double
    /// The altitude's noise (one standard deviation), in meters.
    var sigmaMeters: Double

    /// Whether the step to `later` is a spike by `spikes`, both noises combined; `nil` where
    /// `later` is not later.
    func isSpike(to later: Judged, _ spikes: VerticalSmoother.Configuration) -> Bool? {
      let seconds = later.timeSeconds - timeSeconds
      guard seconds > 0 else { return nil }
      return spikes.isSpike(
        innovationMeters: abs(later.altitudeMeters - altitudeMeters),
        spreadMeters: (sigmaMeters * sigmaMeters + later.sigmaMeters * later.sigmaMeters)
          .squareRoot(),
        seconds: seconds)
    }
  }
}

extension VerticalRuns.Record: Sendable where State: Sendable {}
extension VerticalRuns.Record: Equatable where State: Equatable {}
extension VerticalRuns.Record: Hashable where State: Hashable {}
extension VerticalRuns.Forward: Sendable where State: Sendable {}
extension VerticalRuns.Forward: Equatable where State: Equatable {}
extension VerticalRuns.Forward: Hashable where State: Hashable {}
