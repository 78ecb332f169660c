import ArgumentParser
import Dispatch
import Foundation
import TrackSift
import TrackSiftGPSD
import TrackSiftStore

/// `tracksift record`: records an activity live from gpsd into a store.
struct RecordCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record an activity live from gpsd, saving it to a SQLite store as it goes.",
    discussion: """
      On a terminal a live panel shows speed, current pace, distance, times, signal and pause \
      state; keys: p pause, r resume, f finish. Piped (or in CI) it prints one line per event. \
      SIGINT or SIGTERM finishes the recording cleanly. An unfinished activity left in the \
      store by a crash is finished first, or continued with --resume. Each failed connection \
      to gpsd is reported with its reason (refused, unknown host, closed, timed out) and \
      retried after a wait that doubles from 0.25 s up to 5 s. A recording that received no \
      fix is not stored, and the command then exits with status 1.
      """)

  @Option(help: ArgumentHelp("Where gpsd listens.", valueName: "host:port"))
  var gpsd = "localhost:2947"

  @Option(
    parsing: .unconditional, help: "How long one connection attempt to gpsd may take, in seconds.")
  var connectTimeout: Double = 5

  @Option(help: "The SQLite store to save to (created if missing).")
  var store: String

  // Not ProfileOptions: there is no file whose sport could choose, and the recorder needs its
  // profile before the first fix.
  @Option(help: "The activity's thresholds: walking, running, cycling or driving.")
  var profile: ActivityKind = .running

  @Option(help: "A name for the activity.")
  var name: String?

  @Option(help: "Split unit of the cues: km or mi.")
  var splits: SplitUnitArgument = .km

  @Flag(help: "Continue the store's unfinished activity instead of finishing it.")
  var resume = false

  @Flag(
    help: """
      Do not refuse fixes as stale: for a source whose fix times lie in the past, such as \
      gpsfake replaying an old log.
      """)
  var ignoreStaleness = false

  @Option(parsing: .unconditional, help: "Finish by itself after this many seconds.")
  var durationSeconds: Double?

  func validate() throws {
    _ = try GPSDEndpoint(gpsd)
    if let durationSeconds, !(durationSeconds > 0) {
      throw ValidationError("--duration-seconds must be positive")
    }
    guard connectTimeout > 0, connectTimeout <= 3_600 else {
      throw ValidationError("--connect-timeout must be more than 0 and at most 3600 seconds")
    }
  }

  func run() async throws {
    let endpoint = try GPSDEndpoint(gpsd)
    let activityStore = try ActivityStore(path: store)
    var configuration = RecorderConfiguration(profile: ActivityProfile(activity: profile))
    configuration.splitUnit = splits.unit
    let interactive = TerminalKeys.isInteractive
    var output = RecordOutput(interactive: interactive, profile: profile, source: endpoint.text)

    var session = try openSession(activityStore, configuration, &output)
    let resumed = session.recorder.liveMetrics.receivedFixCount > 0
    let inputs = RecordInputs(
      endpoint: endpoint, connectTimeoutSeconds: connectTimeout, interactive: interactive)
    defer { inputs.stop() }
    let deadline = durationSeconds.map { Date().addingTimeInterval($0) }
    var connection = ConnectionHistory()

    loop: for await input in inputs.stream {
      let now = Date()
      var events: [RecorderEvent] = []
      switch input {
      case .gpsd(.fix(var fix)):
        // Without an arrival time the gate cannot judge staleness.
        if ignoreStaleness { fix.arrivalTime = nil }
        events = session.apply { $0.receive(fix, at: now) }
      case .gpsd(.connected(let address, let number)):
        connection.sessions = number
        output.note("gpsd connected at \(address)")
        if number > 1 { events = session.apply { $0.startNewSegment(at: now) } }
      case .gpsd(.disconnected(let error)): output.note("gpsd disconnected: \(error)")
      case .gpsd(.retrying(let attempt, let delay, let reason)):
        connection.lastFailure = reason
        output.note(
          "gpsd: attempt \(attempt) failed: \(reason); retrying in "
            + String(format: "%g s", delay))
      case .gpsd: break
      case .gpsdEnded(let error): output.note("gpsd: \(error)")
      case .tick:
        events = session.apply { $0.tick(at: now) }
        session.flushIfDue()
        if let deadline, now >= deadline { break loop }
      case .key("p"): events = session.apply { $0.pause(at: now) }
      case .key("r"): events = session.apply { $0.resume(at: now) }
      case .key("f"), .key("q"): break loop
      case .key: break
      case .signal(let number):
        output.note(number == SIGINT ? "interrupted: finishing" : "terminated: finishing")
        break loop
      }
      output.show(events, session: session)
    }
    if !resumed, session.recorder.liveMetrics.receivedFixCount == 0 {
      try session.discard()
      output.finishWithoutFix(reason: connection.reasonForNoFix(source: endpoint.text))
      throw ExitCode.failure
    }
    let events = try session.finish(at: Date())
    output.show(events, session: session)
    output.finish(session: session, store: store)
  }

  /// Finishes or resumes what a crash left unfinished, then starts recording.
  private func openSession(
    _ store: ActivityStore, _ configuration: RecorderConfiguration, _ output: inout RecordOutput
  ) throws -> RecordingSession {
    let now = Date()
    var unfinished = try store.unfinishedActivities()
    if resume, let last = unfinished.popLast() {
      var session = try RecordingSession(
        resuming: last.id, in: store, configuration: configuration)
      output.note(
        "resuming activity \(last.id) ("
          + Formatting.count(last.fixCount, "fix", plural: "fixes") + " stored)")
      _ = session.apply { $0.startNewSegment(at: now) }
      for activity in unfinished { try finishUnfinished(activity, store, configuration, &output) }
      return session
    }
    for activity in unfinished { try finishUnfinished(activity, store, configuration, &output) }
    var session = try RecordingSession(
      configuration: configuration, store: store,
      name: name ?? "\(profile.rawValue) \(now.formatted(.iso8601))", at: now)
    output.show(session.apply { $0.start(at: now) }, session: session)
    return session
  }

  private func finishUnfinished(
    _ activity: ActivitySummary, _ store: ActivityStore, _ configuration: RecorderConfiguration,
    _ output: inout RecordOutput
  ) throws {
    // An activity a crash left without a single fix is not worth keeping, as `record` itself
    // keeps none.
    if activity.fixCount == 0, !activity.isDamaged {
      try store.deleteActivity(activity.id)
      output.note("removed activity \(activity.id), left unfinished without a fix")
      return
    }
    let session = try RecordingSession.finishUnfinished(
      activity, in: store, configuration: configuration)
    output.note(
      "finished activity \(activity.id), left unfinished: "
        + Formatting.distance(session.recorder.liveMetrics.metrics.distanceMeters))
  }
}

/// What became of the connections to gpsd, to say why a recording got no fix.
private struct ConnectionHistory {
  /// Connections made so far.
  var sessions = 0
  /// The reason of the latest failed attempt or ended connection.
  var lastFailure: GPSDError?

  func reasonForNoFix(source: String) -> String {
    switch (sessions, lastFailure) {
    case (0, let failure):
      return "gpsd at \(source) was never reached"
        + (failure.map { " (last attempt: \($0.reason))" } ?? "")
    case (let sessions, let failure?):
      return "gpsd at \(source) sent no fix in "
        + Formatting.count(sessions, "connection") + " (the last ended: \(failure.reason))"
    case (_, nil):
      return "gpsd at \(source) sent no fix (no receiver attached, or no satellite signal)"
    }
  }
}

/// `host:port`, `host` (port 2947) or `[v6-address]:port`.
struct GPSDEndpoint {
  var host: String
  var port: UInt16

  init(_ text: String) throws {
    var host = text
    var port = GPSDClient.Configuration.defaultPort
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      host = String(text[text.index(after: text.startIndex)..<close])
      let rest = text[text.index(after: close)...]
      if rest.hasPrefix(":") {
        guard let number = UInt16(rest.dropFirst()) else { throw Self.invalid(text) }
        port = number
      }
    } else if let colon = text.lastIndex(of: ":"), text.filter({ $0 == ":" }).count == 1 {
      host = String(text[..<colon])
      guard let number = UInt16(text[text.index(after: colon)...]) else {
        throw Self.invalid(text)
      }
      port = number
    }
    guard !host.isEmpty else { throw Self.invalid(text) }
    self.host = host
    self.port = port
  }

  var text: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  private static func invalid(_ text: String) -> ValidationError {
    ValidationError("--gpsd must be HOST:PORT, HOST or [IPv6]:PORT, not '\(text)'")
  }
}
