import Foundation
import TrackSiftTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny TCP server on 127.0.0.1 that plays gpsd's part from a script, with blocking POSIX
/// calls meant for a dedicated thread (see ``onOwnThread(_:)``).
final class LoopbackServer: @unchecked Sendable {
  // @unchecked: each server is used by one script thread after the test creates it.
  let port: UInt16
  private var listener: Int32

  /// Listens on `port`, or on a free port chosen by the system when `port` is 0; with
  /// `listens` false, only holds the port (see ``refusing()``).
  init(port: UInt16 = 0, listens: Bool = true) throws {
    let listener = socket(AF_INET, streamType, 0)
    guard listener >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
    var on: Int32 = 1
    if listens {
      _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, !listens || listen(listener, 8) == 0 else {
      let message = String(cString: strerror(errno))
      _ = systemClose(listener)
      throw ServerError("bind or listen on port \(port): \(message)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.listener = listener
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close() }

  /// A port bound without listening and without `SO_REUSEADDR`, for as long as the server
  /// lives: a client's connection is refused, and no other socket (another test's server
  /// asking the system for a free port) can take the port meanwhile, as it could take one
  /// that ``unusedPort()`` released.
  static func refusing() throws -> LoopbackServer {
    try LoopbackServer(listens: false)
  }

  /// A port that nothing listens on (just released by a server that bound it), for a program
  /// that must bind it itself (gpsfake).
  static func unusedPort() throws -> UInt16 {
    let server = try LoopbackServer()
    let port = server.port
    server.close()
    return port
  }

  /// Waits up to `timeoutSeconds` for a client.
  func accept(timeoutSeconds: Double) throws -> Connection {
    guard waitReadable(listener, timeoutSeconds: timeoutSeconds) else {
      throw ServerError("no client connected within \(timeoutSeconds) s")
    }
    let descriptor = systemAccept(listener)
    guard descriptor >= 0 else { throw ServerError("accept: \(String(cString: strerror(errno)))") }
    return Connection(descriptor: descriptor)
  }

  /// Stops listening: new connections are refused.
  func close() {
    if listener >= 0 {
      _ = systemClose(listener)
      listener = -1
    }
  }

  /// One accepted client.
  final class Connection {
    private var descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }
    deinit { close() }

    /// Sends `text` at once.
    func write(_ text: String) {
      let bytes = Array(text.utf8)
      var sent = 0
      while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes {
          send(descriptor, $0.baseAddress, $0.count, sendFlags)
        }
        guard count > 0 else { return }
        sent += count
      }
    }

    /// Reads until a line feed arrives; `nil` when the client closed or the time ran out.
    func readLine(timeoutSeconds: Double) -> String? {
      var line: [UInt8] = []
      while waitReadable(descriptor, timeoutSeconds: timeoutSeconds) {
        var byte: UInt8 = 0
        guard recv(descriptor, &byte, 1, 0) == 1 else { return nil }
        if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
        line.append(byte)
      }
      return nil
    }

    /// Waits up to `timeoutSeconds` for the client to close its end, discarding what it
    /// sends; true when it did.
    func waitForClose(timeoutSeconds: Double) -> Bool {
      let deadline = Date().addingTimeInterval(timeoutSeconds)
      var buffer = [UInt8](repeating: 0, count: 1_024)
      while case let remaining = deadline.timeIntervalSinceNow, remaining > 0 {
        guard waitReadable(descriptor, timeoutSeconds: remaining) else { return false }
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count <= 0 { return true }
      }
      return false
    }

    func close() {
      if descriptor >= 0 {
        _ = systemClose(descriptor)
        descriptor = -1
      }
    }
  }
}

struct ServerError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

private func waitReadable(_ descriptor: Int32, timeoutSeconds: Double) -> Bool {
  var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
  return poll(&entry, 1, Int32(timeoutSeconds * 1_000)) > 0
}

#if canImport(Glibc)
  // Close on exec: a process another test spawns must not keep the server's sockets open.
  private let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
  private let sendFlags = Int32(MSG_NOSIGNAL)
  private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
  private func systemAccept(_ descriptor: Int32) -> Int32 {
    let connection = Glibc.accept(descriptor, nil, nil)
    if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
    return connection
  }
#else
  private let streamType = SOCK_STREAM
  private let sendFlags: Int32 = 0
  private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
  private func systemAccept(_ descriptor: Int32) -> Int32 { Darwin.accept(descriptor, nil, nil) }
#endif
