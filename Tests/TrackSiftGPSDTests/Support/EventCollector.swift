import Foundation
import Testing
import TrackSift
import TrackSiftGPSD
import TrackSiftTestSupport

/// Events gathered so far, readable from the test after a timeout.
final class EventLog: @unchecked Sendable {
  // @unchecked: every access goes through `lock`.
  private let lock = NSLock()
  private var stored: [GPSDEvent] = []

  var events: [GPSDEvent] { lock.withLock { stored } }

  func append(_ event: GPSDEvent) -> [GPSDEvent] {
    lock.withLock {
      stored.append(event)
      return stored
    }
  }
}

/// The outcome of reading a stream for a while.
struct Collected {
  var events: [GPSDEvent]
  /// True when `until` was satisfied; false after a timeout or the end of the stream.
  var finished: Bool
  /// The error that ended the stream, if it ended with one.
  var error: (any Error)?

  var fixes: [Fix] {
    events.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
  }
}

/// Reads `stream` until `until` holds for the events so far, the stream ends, or
/// `timeoutSeconds` pass; then cancels the reading (which closes the client's connection).
func collect(
  _ stream: AsyncThrowingStream<GPSDEvent, any Error>,
  timeoutSeconds: Double,
  log: EventLog = EventLog(),
  until done: @escaping @Sendable ([GPSDEvent]) -> Bool
) async -> Collected {
  enum Outcome: Sendable {
    case done
    case ended
    case failed(String)
    case timedOut
  }
  let outcome = await withTaskGroup(of: Outcome.self) { group in
    group.addTask {
      do {
        for try await event in stream where done(log.append(event)) {
          return .done
        }
        return .ended
      } catch {
        return .failed(String(describing: error))
      }
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(timeoutSeconds))
      return .timedOut
    }
    let first = await group.next() ?? .timedOut
    group.cancelAll()
    return first
  }
  switch outcome {
  case .done: return Collected(events: log.events, finished: true)
  case .ended, .timedOut: return Collected(events: log.events, finished: false)
  case .failed(let message):
    return Collected(events: log.events, finished: false, error: TestError(message))
  }
}

extension Collection<GPSDEvent> {
  var fixCount: Int { count { if case .fix = $0 { true } else { false } } }
}

extension [GPSDEvent] {
  /// The first event that is not ``GPSDEvent/retrying(attempt:delaySeconds:reason:)``.
  var firstNonRetry: GPSDEvent? {
    first { if case .retrying = $0 { false } else { true } }
  }

  /// The events in a compact form for failure messages.
  var summary: String {
    map { event in
      switch event {
      case .connected(let address, let session): "connected(\(address), \(session))"
      case .fix(let fix): "fix(\(fix.timestamp.map { "\($0.timeIntervalSince1970)" } ?? "-"))"
      case .report(let report): "report(\(report))"
      case .lineSkipped(let error): "lineSkipped(\(error))"
      case .disconnected(let error): "disconnected(\(error))"
      case .retrying(let attempt, let delay, let reason):
        "retrying(\(attempt), \(delay), \(reason))"
      }
    }.joined(separator: "\n")
  }
}
