import Foundation

/// Something that happened in a ``Recorder``, for the app to show, announce or store.
public struct RecorderEvent: Sendable, Hashable, Codable {
  /// When it happened: the device clock given to the recorder (for a fix's verdict, the
  /// moment the verdict became final).
  public var time: Date
  /// What happened.
  public var kind: Kind

  /// Creates an event.
  public init(time: Date, kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// What happened.
  public enum Kind: Sendable, Hashable, Codable {
    /// The state changed (started, paused by the user, resumed, finished).
    case stateChanged(RecorderState)
    /// A fix arrived and was recorded under this sequence number (from 0, in arrival order),
    /// in this segment; its verdict follows once final.
    case fixReceived(sequence: Int, segmentIndex: Int, fix: Fix)
    /// A fix was judged: accepted, or rejected with its reason. Comes up to
    /// ``Recorder/lookAheadFixes`` fixes after the fix, whose excursion check needs them.
    case fixJudged(sequence: Int, verdict: Verdict)
    /// A new segment began (after a resume or an interrupted source); distance never bridges
    /// two segments.
    case segmentStarted(index: Int)
    /// The person stood still for the dwell time: the figures count the time since `since` as
    /// stopped from here on.
    case autoPaused(since: Date)
    /// The person left the stop.
    case autoResumed
    /// A split line was crossed: its number, length and time.
    case splitReached(Split, unit: SplitUnit)
    /// The signal quality changed.
    case signalQualityChanged(SignalQuality)
    /// The platform should request this of the location service.
    case acquisitionPolicyChanged(AcquisitionPolicy)
    /// The displayed speed now comes from the motion sensors (`source`), or, with `nil`,
    /// again from satellite fixes.
    case readingEstimated(SensorFallback.Source?)
    /// The recording has held a speed for ``HeldSpeed/holdSeconds`` that the profile's gate
    /// refuses (a drive recorded as a run): fixes that fast may be refused. Once a recording.
    case profileOutpaced(heldMetersPerSecond: Double, maximumMetersPerSecond: Double)
  }
}

extension RecorderEvent: CustomStringConvertible {
  /// One line: the time (UTC, ISO 8601) and what happened, e.g.
  /// `2024-05-01T07:00:12Z split 1 km in 5:12`.
  public var description: String {
    "\(time.formatted(.iso8601)) \(summary)"
  }

  /// What happened, in words, with the times it names told from the event's own, e.g.
  /// `auto-paused (still for 12 s)`; for a timeline that shows the event's time beside it.
  public var summary: String {
    guard case .autoPaused(let since) = kind else { return "\(kind)" }
    let seconds = max(0, time.timeIntervalSince(since))
    // Times come from fixes, which a file can stamp anywhere: no integer conversion.
    return "auto-paused (still for \(String(format: "%.0f", seconds)) s)"
  }
}

extension RecorderEvent.Kind: CustomStringConvertible {
  /// A short human-readable form.
  public var description: String {
    switch self {
    case .stateChanged(let state): "state \(state.name)"
    case .fixReceived(let sequence, let segmentIndex, _):
      "fix \(sequence) received (segment \(segmentIndex))"
    case .fixJudged(let sequence, let verdict): "fix \(sequence) \(verdict.code)"
    case .segmentStarted(let index): "segment \(index) started"
    case .autoPaused(let since): "auto-paused (still since \(since.formatted(.iso8601)))"
    case .autoResumed: "auto-resumed"
    case .splitReached(let split, let unit):
      "split \(split.number) \(unit == .kilometer ? "km" : "mi") in "
        + PaceFormatter.string(secondsPerKilometer: split.durationSeconds, unit: .kilometer)
    case .signalQualityChanged(let quality): "signal \(quality.rawValue)"
    case .acquisitionPolicyChanged(let policy):
      "acquisition \(policy.phase.rawValue)"
        + (policy.distanceFilterMeters.map { " (distance filter \(Int($0)) m)" } ?? "")
    case .readingEstimated(nil): "reading from satellites"
    case .readingEstimated(.some(.none)): "reading estimated: no motion sensed, speed 0"
    case .readingEstimated(.some(let source)): "reading estimated from \(source.rawValue)"
    case .profileOutpaced(let held, let maximum):
      "held \(String(format: "%.1f", held)) m/s for half a minute, faster than the profile"
        + " accepts (\(String(format: "%.1f", maximum)) m/s): fixes that fast may be refused"
    }
  }
}
