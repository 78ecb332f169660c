/// The forward pass both vertical smoothers share (``VerticalSmoother``,
/// ``GNSSAltitudeSmoother``): each altitude is predicted from the one before, left out when it
/// is a spike (`VerticalSmoother.Configuration.isSpike`), and measured otherwise. A run starts
/// at the first sample, at a sample not later than the one before, and after three spikes in a
/// row (the altitude moved for good); no smoothing joins two runs.
///
/// - Complexity: O(n) time and memory for n samples.
enum VerticalRuns {
  /// One sample's filtered state, whether it starts a run, and whether it was measured.
  struct Record<State> {
    var state: State
    var startsRun: Bool
    var isMeasured: Bool
  }

  /// Filters `samples` forward.
  /// - Parameters:
  ///   - samples: the samples, in time order.
  ///   - spikes: the spike rule.
  ///   - timeSeconds: a sample's time.
  ///   - start: a run's first state, its sample already measured.
  ///   - predict: moves a state from the earlier sample's time to the later's.
  ///   - innovation: how far a sample lies from a predicted state's altitude, and the spread
  ///     (one standard deviation, the sample's own noise included) expected of it, in meters.
  ///   - update: measures a sample.
  /// - Returns: one record per sample, and the samples that start a run.
  static func filtered<Sample, State>(
    _ samples: [Sample], spikes: VerticalSmoother.Configuration,
    timeSeconds: (Sample) -> Double, start: (Sample) -> State,
    predict: (inout State, _ earlier: Sample, _ later: Sample) -> Void,
    innovation: (State, Sample) -> (meters: Double, spreadMeters: Double),
    update: (inout State, Sample) -> Void
  ) -> (records: [Record<State>], runStarts: Set<Int>) {
    var runStarts: Set<Int> = []
    var records: [Record<State>] = []
    records.reserveCapacity(samples.count)
    var rejectedInRow = 0
    var current: State?
    for (index, sample) in samples.enumerated() {
      let dt = index == 0 ? 0 : timeSeconds(sample) - timeSeconds(samples[index - 1])
      guard index > 0, dt > 0, dt.isFinite, rejectedInRow < 3, var state = current else {
        let state = start(sample)
        current = state
        rejectedInRow = 0
        runStarts.insert(index)
        records.append(Record(state: state, startsRun: true, isMeasured: true))
        continue
      }
      predict(&state, samples[index - 1], sample)
      let (meters, spread) = innovation(state, sample)
      let isSpike = spikes.isSpike(innovationMeters: meters, spreadMeters: spread, seconds: dt)
      if isSpike {
        rejectedInRow += 1
      } else {
        rejectedInRow = 0
        update(&state, sample)
      }
      current = state
      records.append(Record(state: state, startsRun: false, isMeasured: !isSpike))
    }
    return (records, runStarts)
  }
}
