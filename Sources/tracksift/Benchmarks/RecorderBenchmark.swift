import TrackSift

/// Times a ``Recorder`` as a live app pays for it: every input of a replay (the start, each fix,
/// the ticks between fixes, the finish), with the ``LiveMetrics`` snapshot a display reads after
/// each fix. The inputs are made beforehand, so only the recorder is timed.
struct RecorderBenchmark {
  /// The figures of one benchmark.
  struct Result: Encodable {
    /// Fixes among the inputs.
    var fixes: Int
    /// Inputs of every kind (fixes, ticks, start, finish).
    var inputs: Int
    /// Events the recorder returned in one run.
    var events: Int
    /// The median over the runs of a run's time divided by its fixes, in nanoseconds.
    var medianNanosecondsPerFix: Double
    /// Each fix timed alone (its `receive` and the snapshot after it), pooled over the runs,
    /// in nanoseconds; the clock's own cost (tens of nanoseconds) is included.
    var perFixNanoseconds: BenchDistribution
  }

  let inputs: [RecordingReplay.Input]
  let configuration: RecorderConfiguration

  /// Runs the inputs through a new recorder `repetitions` times timing the whole run, then
  /// `repetitions` times timing each fix, after one run that is not timed.
  func run(repetitions: Int) -> Result {
    let fixes = inputs.count { if case .fix = $0.kind { true } else { false } }
    let events = wholeRun()
    let medianSeconds = BenchTiming.medianSeconds(repetitions: repetitions) {
      benchKeep(wholeRun())
    }
    var perFix: [Double] = []
    perFix.reserveCapacity(fixes * repetitions)
    for _ in 0..<repetitions { timeEachFix(into: &perFix) }
    return Result(
      fixes: fixes, inputs: inputs.count, events: events,
      medianNanosecondsPerFix: medianSeconds * 1e9 / Double(max(1, fixes)),
      perFixNanoseconds: BenchDistribution(perFix))
  }

  /// One run; returns the number of events.
  private func wholeRun() -> Int {
    var recorder = Recorder(configuration: configuration)
    var events = 0
    for input in inputs {
      events += RecordingReplay.apply(input, to: &recorder).count
      if case .fix = input.kind { benchKeep(recorder.liveMetrics) }
    }
    return events
  }

  /// One run that appends the time of each fix, in nanoseconds.
  private func timeEachFix(into times: inout [Double]) {
    var recorder = Recorder(configuration: configuration)
    for input in inputs {
      guard case .fix(let fix) = input.kind else {
        benchKeep(RecordingReplay.apply(input, to: &recorder))
        continue
      }
      let start = BenchTiming.nanoseconds()
      let events = recorder.receive(fix, at: input.time)
      let metrics = recorder.liveMetrics
      let end = BenchTiming.nanoseconds()
      benchKeep((events, metrics))
      times.append(Double(end - start))
    }
  }
}
