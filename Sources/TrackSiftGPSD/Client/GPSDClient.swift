import Foundation
import TrackSift

/// A client of gpsd's JSON protocol over TCP (IPv4 or IPv6) that delivers fixes as an async
/// sequence, and reconnects when gpsd goes away.
///
/// ```swift
/// let client = GPSDClient(configuration: .init(host: "localhost"))
/// for try await event in client.events() {
///   switch event {
///   case .fix(let fix): recorder.add(fix)
///   case .connected(_, let session) where session > 1: recorder.startSegment()
///   default: break
///   }
/// }
/// ```
///
/// Each stream owns one connection, made and read on a dedicated thread with POSIX sockets
/// (blocking calls stay off Swift's cooperative thread pool). On connecting, the client sends
/// `?WATCH={"enable":true,"json":true};` and reads gpsd's newline-delimited JSON: lines are
/// reassembled across reads and capped at ``Configuration/maximumLineBytes``, decoded as
/// ``GPSDReport`` values and turned into fixes by a ``GPSDFixAssembler`` (which starts afresh
/// with every connection). When the connection fails or gpsd closes it, the client delivers
/// ``GPSDEvent/disconnected(_:)`` and tries again after the waits of
/// ``Configuration/reconnect``, announcing each with
/// ``GPSDEvent/retrying(attempt:delaySeconds:reason:)``.
///
/// Connecting starts when a stream is created. Cancelling the task that iterates it, or
/// releasing the stream, wakes the thread at once, closes the socket and ends the thread
/// (leaving a `for await` loop with `break` does neither while the stream value is kept). The
/// stream ends with a ``GPSDError`` only when the reconnect policy's
/// ``GPSDReconnectPolicy/maximumRetries`` runs out.
public struct GPSDClient: Sendable {
  /// Where gpsd is and how to talk to it.
  public var configuration: Configuration
  /// The device clock, read when a line arrives, for `Fix.arrivalTime`; tests
  /// inject a fixed one.
  public var clock: @Sendable () -> Date

  /// Creates a client.
  /// - Parameters:
  ///   - configuration: where gpsd is and how to talk to it.
  ///   - clock: the device clock; `Date()` by default.
  public init(
    configuration: Configuration = Configuration(),
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.configuration = configuration
    self.clock = clock
  }

  /// A new connection's events: fixes and connection changes.
  ///
  /// Events are buffered until consumed (at gpsd's 1-10 reports a second, a few hundred
  /// bytes a second).
  /// - Returns: a stream that ends only when cancelled or when the reconnect policy gives up;
  ///   it then throws a ``GPSDError``.
  public func events() -> AsyncThrowingStream<GPSDEvent, any Error> {
    stream { $0 }
  }

  /// A new connection's fixes alone, for consumers that do not care where the breaks are.
  /// - Returns: a stream as ``events()`` gives, keeping only the fixes.
  public func fixes() -> AsyncThrowingStream<Fix, any Error> {
    stream { event in
      if case .fix(let fix) = event { fix } else { nil }
    }
  }

  private func stream<Element: Sendable>(
    _ transform: @escaping @Sendable (GPSDEvent) -> Element?
  ) -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream { continuation in
      let wake: GPSDWakeSignal
      do {
        wake = try GPSDWakeSignal()
      } catch {
        continuation.finish(throwing: error)
        return
      }
      continuation.onTermination = { _ in wake.signal() }
      let loop = GPSDConnectionLoop(
        configuration: configuration, clock: clock, wake: wake,
        emit: { event in
          if let element = transform(event) { continuation.yield(element) }
        })
      let thread = Thread {
        let failure = loop.run()
        wake.close()
        continuation.finish(throwing: failure)
      }
      thread.name = "TrackSiftGPSD \(configuration.endpoint)"
      thread.start()
    }
  }
}
