import Foundation
import TrackSift

/// The client's work on its reading thread: connect, ask gpsd to watch, read lines, turn them
/// into events, and reconnect with back-off when the connection fails, until the wake signal
/// says the consumer has gone.
struct GPSDConnectionLoop: Sendable {
  /// What the client sends on connecting: stream JSON reports from every device.
  static let watchCommand = "?WATCH={\"enable\":true,\"json\":true};\n"

  let configuration: GPSDClient.Configuration
  let clock: @Sendable () -> Date
  let wake: GPSDWakeSignal
  let emit: @Sendable (GPSDEvent) -> Void

  /// Runs until cancelled or out of retries.
  /// - Returns: `nil` when the consumer went away, or the last error when the reconnect
  ///   policy gave up.
  func run() -> GPSDError? {
    var session = 0
    var failures = 0
    while !wake.isSignalled {
      var connected = false
      let failure: GPSDError
      do throws(GPSDError) {
        guard let socket = try GPSDSocket.connect(configuration, wake: wake) else { return nil }
        connected = true
        session += 1
        emit(.connected(address: socket.address, session: session))
        guard try socket.sendAll(Self.watchCommand, wake: wake) else { return nil }
        guard let ending = try receive(from: socket, failures: &failures) else { return nil }
        failure = ending
      } catch {
        failure = error
      }
      if connected { emit(.disconnected(failure)) }
      if wake.isSignalled { return nil }
      failures += 1
      if let limit = configuration.reconnect.maximumRetries, failures > limit { return failure }
      let delay = configuration.reconnect.delaySeconds(forAttempt: failures)
      emit(.retrying(attempt: failures, delaySeconds: delay, reason: failure))
      if wake.wait(seconds: delay) { return nil }
    }
    return nil
  }

  /// Reads the session's lines until the connection ends.
  /// - Returns: why the connection ended, or `nil` when the consumer went away.
  private func receive(from socket: GPSDSocket, failures: inout Int) throws(GPSDError)
    -> GPSDError?
  {
    var splitter = GPSDLineSplitter(maximumLineBytes: configuration.maximumLineBytes)
    var assembler = GPSDFixAssembler()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let received: Int?
      do {
        received = try socket.receive(into: &buffer, wake: wake)
      } catch {
        // The epoch gpsd was still completing ends with the connection.
        if let fix = assembler.flush() { emit(.fix(fix)) }
        throw error
      }
      guard let count = received else { return nil }
      guard count > 0 else {
        if let fix = assembler.flush() { emit(.fix(fix)) }
        return GPSDError(reason: "gpsd closed the connection", context: socket.address)
      }
      let arrivalTime = clock()
      for piece in splitter.append(buffer[..<count]) {
        switch piece {
        case .line(let bytes):
          // A fix from gpsd: the back-off starts again at its initial delay. Any line would
          // not do: a gpsd that greets (VERSION) and then closes would be retried for ever at
          // the initial delay, as "attempt 1".
          if handle(bytes, arrivalTime: arrivalTime, assembler: &assembler) { failures = 0 }
        case .tooLong(let byteCount):
          emit(
            .lineSkipped(
              GPSDError(
                reason:
                  "line of \(byteCount) bytes is longer than the limit of "
                  + "\(configuration.maximumLineBytes)",
                context: socket.address)))
        }
      }
    }
  }

  /// Decodes a line and emits its events.
  /// - Returns: true when the line gave a fix.
  private func handle(_ line: [UInt8], arrivalTime: Date, assembler: inout GPSDFixAssembler)
    -> Bool
  {
    let report: GPSDReport
    do {
      report = try GPSDReport(parsing: Data(line))
    } catch {
      emit(.lineSkipped(error))
      return false
    }
    if configuration.includesReports { emit(.report(report)) }
    let fixes = assembler.fixes(for: report, arrivalTime: arrivalTime)
    for fix in fixes { emit(.fix(fix)) }
    return !fixes.isEmpty
  }
}
