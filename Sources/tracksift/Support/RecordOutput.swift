import Foundation
import TrackSift
import TrackSiftStore

/// What `record` prints: a live panel on a terminal, one line per event otherwise.
struct RecordOutput {
  let interactive: Bool
  let profile: ActivityKind
  let source: String
  private var display = LiveDisplay()
  private var lastEvent: String?
  private let start = Date()

  init(interactive: Bool, profile: ActivityKind, source: String) {
    self.interactive = interactive
    self.profile = profile
    self.source = source
  }

  /// A message of the command itself (connection, resume).
  mutating func note(_ text: String) {
    if interactive {
      lastEvent = text
    } else {
      line(text)
    }
  }

  /// Shows an input's events and, on a terminal, the panel.
  mutating func show(_ events: [RecorderEvent], session: RecordingSession) {
    for event in events {
      guard let text = TimelineLine.text(for: event, since: start, listingFixes: false) else {
        continue
      }
      if interactive {
        lastEvent = text.trimmingCharacters(in: .whitespaces)
      } else {
        printFlushed(text)
      }
    }
    if let problem = session.storeProblem { note("store: \(problem)") }
    guard interactive else { return }
    display.draw(
      LiveDisplay.lines(
        for: session.recorder.liveMetrics, profile: profile, source: source,
        lastEvent: lastEvent, splitUnit: session.recorder.configuration.splitUnit))
  }

  /// The closing summary.
  func finish(session: RecordingSession, store: String) {
    let live = session.recorder.liveMetrics
    print(
      "Distance \(Formatting.distance(live.metrics.distanceMeters)), moving "
        + "\(Formatting.duration(live.movingSeconds)), timer "
        + "\(Formatting.duration(live.timerSeconds)), "
        + "\(Formatting.count(live.receivedFixCount)) fixes")
    if let activity = session.activity { print("Saved as activity \(activity) in \(store)") }
  }

  /// The closing message of a recording that received no fix and was not stored.
  func finishWithoutFix(reason: String) {
    FileHandle.standardError.write(Data("No fix received: \(reason). Nothing was stored.\n".utf8))
  }

  private func line(_ text: String) {
    let offset = Formatting.duration(Date().timeIntervalSince(start))
    printFlushed(String(repeating: " ", count: max(0, 8 - offset.count)) + offset + "  " + text)
  }

  /// Prints a line at once: piped, standard output is block-buffered, and a log or a
  /// supervising process should see each event as it happens, not kilobytes later.
  private func printFlushed(_ text: String) {
    print(text)
    fflush(nil)  // every output stream: `stdout` itself is not concurrency-safe in Swift 6
  }
}
