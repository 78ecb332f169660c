import Foundation
import TrackSift

/// A `Recorder` saved as it goes: each fix is stored when it arrives, its verdict when final,
/// every other event beside them (as JSON), committed about once a second by a
/// ``RecordingWriter``: what an app or the CLI's `record` runs for a recording that survives a
/// crash.
///
/// A write that fails (a full disk, a read-only file) keeps the rows in memory: the session
/// goes on recording, ``storeProblem`` says what is wrong, and the next commit writes them.
public struct RecordingSession {
  /// The recorder, for its figures and state.
  public private(set) var recorder: Recorder
  private var writer: RecordingWriter?
  /// The activity in the store, when there is one.
  public let activity: ActivityID?
  private var nextEventSequence: Int
  /// The highest fix sequence committed to the store so far.
  public var highestCommittedFixSequence: Int? { writer?.highestCommittedFixSequence }
  /// The last write failure, cleared by the next successful commit.
  public private(set) var storeProblem: StoreError?

  /// A new recording, saved to `store` when given.
  public init(
    configuration: RecorderConfiguration, store: ActivityStore?, name: String, at now: Date
  )
    throws
  {
    recorder = Recorder(configuration: configuration)
    nextEventSequence = 0
    if let store {
      let id = try store.createActivity(
        name: name, kind: configuration.profile.activity, startedAt: now)
      activity = id
      writer = try RecordingWriter(store: store, activity: id)
    } else {
      activity = nil
    }
  }

  /// Continues an unfinished activity of the store: its stored fixes are replayed through a
  /// new recorder (rebuilding distance, times and verdicts; the verdicts still pending are
  /// written now), and a new segment starts, since the recording was interrupted.
  public init(
    resuming id: ActivityID, in store: ActivityStore, configuration: RecorderConfiguration
  )
    throws
  {
    let summary = try store.activity(id)
    let resumePoint = try store.resumePoint(for: id)
    activity = id
    nextEventSequence = resumePoint.nextEventSequence
    writer = try RecordingWriter(store: store, activity: id)
    recorder = Recorder(configuration: configuration)
    var events = recorder.start(at: summary.startedAt)
    var segment = 0
    var paused = false
    var now = summary.startedAt
    for stored in try store.fixes(of: id) {
      now = max(now, stored.fix.arrivalTime ?? stored.fix.timestamp ?? now)
      let pausedFix = stored.verdict == .rejected(.recordingPaused)
      if stored.segmentIndex > segment {
        events += paused ? recorder.resume(at: now) : recorder.startNewSegment(at: now)
        segment = stored.segmentIndex
        paused = false
      }
      if pausedFix, !paused {
        events += recorder.pause(at: now)
        paused = true
      }
      events += recorder.receive(stored.fix, at: now)
    }
    for event in events {
      if case .fixJudged(let sequence, let verdict) = event.kind {
        try writer?.judge(StoredVerdict(sequence: sequence, verdict: verdict))
      }
    }
  }

  /// Finishes an activity that a crash left unfinished: its stored fixes are replayed with the
  /// activity's own profile, and it is finished at its last fix time (its start without one).
  /// - Returns: the finished session, for its figures.
  public static func finishUnfinished(
    _ activity: ActivitySummary, in store: ActivityStore,
    configuration: RecorderConfiguration = RecorderConfiguration(
      profile: ActivityProfile(activity: .running))
  ) throws -> RecordingSession {
    var profileConfiguration = configuration
    profileConfiguration.profile = ActivityProfile(activity: activity.kind)
    var session = try RecordingSession(
      resuming: activity.id, in: store, configuration: profileConfiguration)
    _ = try session.finish(at: activity.lastFixTimestamp ?? activity.startedAt)
    return session
  }

  /// Applies an input's events: stores them and returns them for display.
  public mutating func record(_ events: [RecorderEvent]) -> [RecorderEvent] {
    guard writer != nil else { return events }
    for event in events {
      do {
        try store(event)
        storeProblem = nil
      } catch {
        storeProblem = error
      }
    }
    return events
  }

  /// Finishes the recording and commits everything; throws when the store cannot take the
  /// last rows (they are lost only then, and the error says how many).
  public mutating func finish(at now: Date) throws -> [RecorderEvent] {
    let events = record(recorder.finish(at: now))
    try writer?.finish(at: now, totals: ActivityTotals(recorder.liveMetrics.metrics))
    return events
  }

  /// Deletes the activity from the store instead of finishing it, for a recording that
  /// received no fix: an empty activity is not worth keeping. The rows not yet committed are
  /// dropped with it.
  public mutating func discard() throws(StoreError) {
    guard let store = writer?.store, let activity else { return }
    writer = nil
    try store.deleteActivity(activity)
  }

  /// Commits the pending rows when a second has passed since the last commit (for the
  /// seconds without events).
  public mutating func flushIfDue() {
    do {
      try writer?.flushIfDue()
      storeProblem = nil
    } catch {
      storeProblem = error
    }
  }

  /// Commits the pending rows now, whatever the time since the last commit.
  public mutating func commit() throws(StoreError) {
    try writer?.flush()
    storeProblem = nil
  }

  /// Runs an input on the recorder and records its events.
  public mutating func apply(_ input: (inout Recorder) -> [RecorderEvent]) -> [RecorderEvent] {
    record(input(&recorder))
  }

  private mutating func store(_ event: RecorderEvent) throws(StoreError) {
    guard writer != nil else { return }
    switch event.kind {
    case .fixReceived(let sequence, let segmentIndex, let fix):
      try writer?.append(
        StoredFix(sequence: sequence, segmentIndex: segmentIndex, fix: fix, verdict: nil))
    case .fixJudged(let sequence, let verdict):
      try writer?.judge(StoredVerdict(sequence: sequence, verdict: verdict))
    case .segmentStarted(let index):
      try writer?.startSegment(StoredSegment(index: index, startedAt: event.time))
      try appendEvent(event, kind: "segment")
    case .stateChanged: try appendEvent(event, kind: "state")
    case .autoPaused: try appendEvent(event, kind: "auto-paused")
    case .autoResumed: try appendEvent(event, kind: "auto-resumed")
    case .splitReached: try appendEvent(event, kind: "split")
    case .signalQualityChanged: try appendEvent(event, kind: "signal")
    case .acquisitionPolicyChanged: try appendEvent(event, kind: "acquisition")
    case .readingEstimated: try appendEvent(event, kind: "estimated")
    case .profileOutpaced: try appendEvent(event, kind: "profile-outpaced")
    }
  }

  private mutating func appendEvent(_ event: RecorderEvent, kind: String) throws(StoreError) {
    let payload = try? event.storedPayloadJSON()
    try writer?.append(
      StoredEvent(
        sequence: nextEventSequence, timestamp: event.time, kind: kind, payloadJSON: payload ?? "{}"
      ))
    nextEventSequence += 1
  }
}
