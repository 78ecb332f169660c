import Dispatch
import Foundation
import TrackSift
import TrackSiftGPSD

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything `record` reacts to, merged into one stream: gpsd's events, a tick a second, key
/// presses and the termination signals.
final class RecordInputs: @unchecked Sendable {
  // Set up in init and only read afterwards, except through stop(), called once.
  enum Input: Sendable {
    case gpsd(GPSDEvent)
    case gpsdEnded(String)
    case tick
    case key(Character)
    case signal(Int32)
  }

  let stream: AsyncStream<Input>
  private let continuation: AsyncStream<Input>.Continuation
  private var tasks: [Task<Void, Never>] = []
  private var signalSources: [any DispatchSourceSignal] = []
  private let keys: TerminalKeys?

  init(endpoint: GPSDEndpoint, connectTimeoutSeconds: Double, interactive: Bool) {
    (stream, continuation) = AsyncStream.makeStream(of: Input.self)
    let continuation = continuation
    let client = GPSDClient(
      configuration: GPSDClient.Configuration(
        host: endpoint.host, port: endpoint.port, connectTimeoutSeconds: connectTimeoutSeconds))
    tasks.append(
      Task {
        do {
          for try await event in client.events() { continuation.yield(.gpsd(event)) }
        } catch {
          continuation.yield(.gpsdEnded("\(error)"))
        }
      })
    tasks.append(
      Task {
        while !Task.isCancelled {
          try? await Task.sleep(nanoseconds: 1_000_000_000)
          continuation.yield(.tick)
        }
      })
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(.signal(number)) }
      source.resume()
      signalSources.append(source)
    }
    if interactive {
      let keys = TerminalKeys()
      keys.startReading { continuation.yield(.key($0)) }
      self.keys = keys
    } else {
      keys = nil
    }
  }

  /// Stops every source and restores the terminal.
  func stop() {
    for task in tasks { task.cancel() }
    for source in signalSources { source.cancel() }
    keys?.restore()
    continuation.finish()
  }
}
