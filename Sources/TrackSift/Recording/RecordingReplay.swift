import Foundation

/// Runs a recorded track through a ``Recorder`` on a simulated clock, as if it were recorded
/// live: the clock reads each fix's arrival time (or its own time when it has none, unless
/// that time jumped, see ``RejectionReason/timeJump``), ticks
/// every second between fixes, a new segment of the track starts a new segment of the
/// recording, and the recording starts at the first fix and finishes at the last.
///
/// The recorder's judged figures then equal ``TrackAnalysis/liveMetrics`` of the same track
/// and profile exactly (and of the same segment profiles, given to
/// ``apply(_:to:segmentProfiles:)``). A segment whose times say nothing (see
/// ``Segment/hasAdvancingTimes``) cannot be replayed, since a live recorder needs times.
public enum RecordingReplay {
  /// One input for the recorder, at a time on the simulated clock.
  public struct Input: Sendable, Hashable {
    /// The simulated device time.
    public var time: Date
    /// What happens.
    public var kind: Kind
    /// The index in the track of the segment being replayed (the one that starts at a
    /// `start` or `newSegment`).
    public var segment = 0

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
  /// - Complexity: O(n) in the fixes and the seconds between them; the result holds them all
  ///   (see ``forEachInput(for:_:)`` to stream them instead).
  public static func inputs(for track: Track) throws(ReplayError) -> [Input] {
    try validate(track)
    var inputs: [Input] = []
    inputs.reserveCapacity(track.fixCount + 16)
    generate(track) { inputs.append($0) }
    return inputs
  }

  /// Hands the inputs that replay a track to `body` one by one, without holding them.
  ///
  /// - Throws: ``ReplayError`` (before any input) when a segment's times say nothing or no
  ///   fix has a time, or what `body` throws.
  public static func forEachInput(for track: Track, _ body: (Input) throws -> Void) throws {
    try validate(track)
    try generate(track, body)
  }

  /// Checks that every segment with fixes has times that advance.
  private static func validate(_ track: Track) throws(ReplayError) {
    var hasFixes = false
    for (index, segment) in track.segments.enumerated() where !segment.fixes.isEmpty {
      let usability = segment.timeUsability
      guard usability == .usable else {
        throw ReplayError(segmentIndex: index, timeUsability: usability)
      }
      hasFixes = true
    }
    guard hasFixes else { throw ReplayError(segmentIndex: nil) }
  }

  /// The inputs of a validated track, in order.
  private static func generate(_ track: Track, _ body: (Input) throws -> Void) rethrows {
    var clock: Double?
    var untimedBeforeStart: [Fix] = []  // given at the first time, in their place
    for (segmentIndex, segment) in track.segments.enumerated() where !segment.fixes.isEmpty {
      func input(_ time: Double?, _ kind: Input.Kind) -> Input {
        Input(time: date(time), kind: kind, segment: segmentIndex)
      }
      if clock != nil {
        try body(input(clock, .newSegment))
      }
      let jumped = jumpedFixes(of: segment)
      for (index, fix) in segment.fixes.enumerated() {
        // A time that jumped does not move the clock: it arrives when its neighbours do.
        let arrival =
          fix.arrivalTime?.timeIntervalSinceReferenceDate
          ?? (jumped.contains(index) ? nil : fix.timeSeconds)
        if let arrival, arrival.isFinite {
          if let previous = clock {
            // Ticks for the seconds that pass without a fix (at most a day of them).
            var tick = previous.rounded(.down) + 1
            while tick < arrival, tick - previous < 86_400 {
              try body(input(tick, .tick))
              tick += 1
            }
          } else {
            try body(input(arrival, .start))
            for untimed in untimedBeforeStart {
              try body(input(arrival, .fix(untimed)))
            }
          }
          clock = max(clock ?? arrival, arrival)
        }
        if clock != nil {
          try body(input(clock, .fix(fix)))
        } else {
          untimedBeforeStart.append(fix)
        }
      }
    }
    try body(
      Input(
        time: date(clock), kind: .finish,
        segment: track.segments.lastIndex { !$0.fixes.isEmpty } ?? 0))
  }

  /// The indices of the fixes whose time jumped (see ``TimeJump``), among the in-range ones.
  private static func jumpedFixes(of segment: Segment) -> Set<Int> {
    var check = TimeJump()
    var jumped = Set<Int>()
    for (index, fix) in segment.fixes.enumerated() where fix.coordinate.isInRange {
      if let time = fix.timeSeconds {
        jumped.formUnion(check.append(sequence: index, timeSeconds: time))
      }
    }
    jumped.formUnion(check.finish())
    return jumped
  }

  /// Gives one input to a recorder.
  ///
  /// - Parameters:
  ///   - input: the input.
  ///   - recorder: the recorder that takes it.
  ///   - segmentProfiles: the profiles of segments measured otherwise than with the
  ///     recorder's (a multisport recording's, as ``TrackAnalysis/segmentProfiles``), by
  ///     segment index: each segment starts with its own, or with the recorder's.
  /// - Returns: the recorder's events.
  public static func apply(
    _ input: Input, to recorder: inout Recorder, segmentProfiles: [Int: ActivityProfile] = [:]
  ) -> [RecorderEvent] {
    let events =
      switch input.kind {
      case .start: recorder.start(at: input.time)
      case .fix(let fix): recorder.receive(fix, at: input.time)
      case .tick: recorder.tick(at: input.time)
      case .newSegment: recorder.startNewSegment(at: input.time)
      case .finish: recorder.finish(at: input.time)
      }
    if !segmentProfiles.isEmpty, input.kind == .start || input.kind == .newSegment {
      recorder.measureSegment(
        with: segmentProfiles[input.segment] ?? recorder.configuration.profile)
    }
    return events
  }

  /// Replays a track through a new recorder.
  ///
  /// - Parameters:
  ///   - track: the recorded track.
  ///   - configuration: the recorder's knobs, its profile the one segments start with.
  ///   - segmentProfiles: as in ``apply(_:to:segmentProfiles:)``.
  /// - Returns: every event, and the finished recorder (its ``Recorder/liveMetrics`` hold the
  ///   figures).
  /// - Throws: ``ReplayError`` when the track cannot be replayed.
  public static func run(
    _ track: Track, configuration: RecorderConfiguration,
    segmentProfiles: [Int: ActivityProfile] = [:]
  ) throws(ReplayError) -> (events: [RecorderEvent], recorder: Recorder) {
    var recorder = Recorder(configuration: configuration)
    var events: [RecorderEvent] = []
    for input in try inputs(for: track) {
      events += apply(input, to: &recorder, segmentProfiles: segmentProfiles)
    }
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
  /// Why the segment's times say nothing, when known.
  public var timeUsability: TimeUsability?

  /// Creates an error.
  public init(segmentIndex: Int?, timeUsability: TimeUsability? = nil) {
    self.segmentIndex = segmentIndex
    self.timeUsability = timeUsability
  }

  public var description: String {
    if let segmentIndex {
      let why = timeUsability.map { ": \($0.explanation)" } ?? ""
      return "segment \(segmentIndex) has no usable times (most of its fixes must have times "
        + "that advance\(why)): a live recorder cannot replay it"
    }
    return "no fix has a time: a live recorder cannot replay the track"
  }
}
