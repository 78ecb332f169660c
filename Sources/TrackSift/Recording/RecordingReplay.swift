import Foundation

/// Runs a recorded track through a ``Recorder`` on a simulated clock, as if it were recorded
/// live: the clock reads each fix's arrival time (or its own time when it has none), ticks
/// every second between fixes, a new segment of the track starts a new segment of the
/// recording, and the recording starts at the first fix and finishes at the last.
///
/// The recorder's judged figures then equal ``TrackAnalysis/liveMetrics`` of the same track
/// and profile exactly. A segment whose times say nothing (see ``Segment/hasAdvancingTimes``)
/// cannot be replayed, since a live recorder needs times.
public enum RecordingReplay {
  /// One input for the recorder, at a time on the simulated clock.
  public struct Input: Sendable, Hashable {
    /// The simulated device time.
    public var time: Date
    /// What happens.
    public var kind: Kind

    /// What happens at an input.
    public enum Kind: Sendable, Hashable {
      /// The user starts the recording.
      case start
      /// A fix arrives.
      case fix(Fix)
      /// A second passes without a fix.
      case tick
      /// The source was interrupted: a new segment starts.
      case newSegment
      /// The user finishes.
      case finish
    }
  }

  /// The inputs that replay a track.
  ///
  /// - Parameter track: the recorded track.
  /// - Returns: the inputs in time order, from `start` to `finish`.
  /// - Throws: ``ReplayError`` when a segment's times say nothing or no fix has a time.
  public static func inputs(for track: Track) throws(ReplayError) -> [Input] {
    var inputs: [Input] = []
    inputs.reserveCapacity(track.fixCount + 16)
    var clock: Double?
    var untimedBeforeStart: [Fix] = []  // given at the first time, in their place
    for (index, segment) in track.segments.enumerated() where !segment.fixes.isEmpty {
      guard segment.hasAdvancingTimes else { throw ReplayError(segmentIndex: index) }
      if clock != nil {
        inputs.append(Input(time: date(clock), kind: .newSegment))
      }
      for fix in segment.fixes {
        let arrival = fix.arrivalTime?.timeIntervalSinceReferenceDate ?? fix.timeSeconds
        if let arrival, arrival.isFinite {
          if let previous = clock {
            // Ticks for the seconds that pass without a fix (at most a day of them).
            var tick = previous.rounded(.down) + 1
            while tick < arrival, tick - previous < 86_400 {
              inputs.append(Input(time: date(tick), kind: .tick))
              tick += 1
            }
          } else {
            inputs.append(Input(time: date(arrival), kind: .start))
            inputs += untimedBeforeStart.map { Input(time: date(arrival), kind: .fix($0)) }
          }
          clock = max(clock ?? arrival, arrival)
        }
        if clock != nil {
          inputs.append(Input(time: date(clock), kind: .fix(fix)))
        } else {
          untimedBeforeStart.append(fix)
        }
      }
    }
    guard clock != nil else { throw ReplayError(segmentIndex: nil) }
    inputs.append(Input(time: date(clock), kind: .finish))
    return inputs
  }

  /// Gives one input to a recorder.
  ///
  /// - Returns: the recorder's events.
  public static func apply(_ input: Input, to recorder: inout Recorder) -> [RecorderEvent] {
    switch input.kind {
    case .start: recorder.start(at: input.time)
    case .fix(let fix): recorder.receive(fix, at: input.time)
    case .tick: recorder.tick(at: input.time)
    case .newSegment: recorder.startNewSegment(at: input.time)
    case .finish: recorder.finish(at: input.time)
    }
  }

  /// Replays a track through a new recorder.
  ///
  /// - Returns: every event, and the finished recorder (its ``Recorder/liveMetrics`` hold the
  ///   figures).
  /// - Throws: ``ReplayError`` when the track cannot be replayed.
  public static func run(
    _ track: Track, configuration: RecorderConfiguration
  ) throws(ReplayError) -> (events: [RecorderEvent], recorder: Recorder) {
    var recorder = Recorder(configuration: configuration)
    var events: [RecorderEvent] = []
    for input in try inputs(for: track) { events += apply(input, to: &recorder) }
    return (events, recorder)
  }

  private static func date(_ seconds: Double?) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds ?? 0)
  }
}

/// Why a track cannot be replayed.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The segment whose times say nothing, or `nil` when no fix has a time.
  public var segmentIndex: Int?

  public var description: String {
    if let segmentIndex {
      return "segment \(segmentIndex) has no usable times (most of its fixes must have times "
        + "that advance): a live recorder cannot replay it"
    }
    return "no fix has a time: a live recorder cannot replay the track"
  }
}
