import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP connection to gpsd, owned and used by the client's reading thread alone (so it is
/// not `Sendable`). The descriptor is non-blocking; every wait is a `poll()` that also watches
/// the ``GPSDWakeSignal``, so cancellation interrupts connecting, reading and writing.
final class GPSDSocket {
  /// The peer's numeric address, such as `127.0.0.1:2947` or `[::1]:2947`.
  let address: String
  private let descriptor: Int32

  private init(descriptor: Int32, address: String) {
    self.descriptor = descriptor
    self.address = address
  }

  deinit {
    _ = systemClose(descriptor)
  }

  /// Connects to the configuration's host and port, trying every address the host resolves
  /// to (IPv6 and IPv4) in order, each for up to its connect timeout.
  ///
  /// Name resolution (`getaddrinfo`) blocks and cannot be cancelled; numeric addresses and
  /// `localhost` resolve at once.
  /// - Returns: the connection, or `nil` when `wake` was signalled meanwhile.
  /// - Throws: ``GPSDError`` naming the endpoint when the name does not resolve or no address
  ///   accepts the connection (the error of the last address tried).
  static func connect(
    _ configuration: GPSDClient.Configuration, wake: GPSDWakeSignal
  ) throws(GPSDError) -> GPSDSocket? {
    let endpoint = configuration.endpoint
    let timeoutSeconds = configuration.connectTimeoutSeconds
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamSocketType
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(
      configuration.hostName, String(configuration.port), &hints, &list)
    guard status == 0, let list else {
      let message = String(cString: gai_strerror(status))
      throw GPSDError(reason: "cannot resolve the host: \(message)", context: endpoint)
    }
    defer { freeaddrinfo(list) }

    var failure = GPSDError(reason: "the host has no address", context: endpoint)
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let current = entry?.pointee {
      entry = current.ai_next
      guard let socketAddress = current.ai_addr else { continue }
      let address = numericAddress(socketAddress, length: current.ai_addrlen) ?? endpoint
      let descriptor = socket(
        current.ai_family, current.ai_socktype | closeOnExecSocketFlag, current.ai_protocol)
      guard descriptor >= 0 else {
        failure = GPSDError(
          reason: "cannot create a socket: \(systemErrorMessage(errno))", context: address)
        continue
      }
      let connection = GPSDSocket(descriptor: descriptor, address: address)
      connection.configure()
      do throws(GPSDError) {
        guard
          try connection.complete(
            systemConnect(descriptor, socketAddress, current.ai_addrlen),
            timeoutSeconds: timeoutSeconds, wake: wake)
        else { return nil }
        return connection
      } catch {
        failure = error
      }
    }
    throw failure
  }

  /// Sends all of `text`.
  /// - Throws: ``GPSDError`` when the connection fails.
  /// - Returns: false when `wake` was signalled before everything was sent.
  func sendAll(_ text: String, wake: GPSDWakeSignal) throws(GPSDError) -> Bool {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { buffer in
        send(descriptor, buffer.baseAddress, buffer.count, sendFlags)
      }
      if count >= 0 {
        sent += count
        continue
      }
      guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
        throw GPSDError(reason: "send failed: \(systemErrorMessage(errno))", context: address)
      }
      guard try waitFor(Int16(POLLOUT), timeoutMilliseconds: -1, wake: wake) != .woken else {
        return false
      }
    }
    return true
  }

  /// Reads what is available into `buffer`, waiting for data when there is none.
  /// - Returns: the number of bytes read, 0 when gpsd closed the connection, or `nil` when
  ///   `wake` was signalled.
  /// - Throws: ``GPSDError`` when the connection fails (reset by the peer, for instance).
  func receive(into buffer: inout [UInt8], wake: GPSDWakeSignal) throws(GPSDError) -> Int? {
    while true {
      guard try waitFor(Int16(POLLIN), timeoutMilliseconds: -1, wake: wake) != .woken else {
        return nil
      }
      let count = buffer.withUnsafeMutableBytes { buffer in
        recv(descriptor, buffer.baseAddress, buffer.count, 0)
      }
      if count >= 0 { return count }
      guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
        throw GPSDError(reason: "read failed: \(systemErrorMessage(errno))", context: address)
      }
    }
  }

  // MARK: - Private

  private enum WaitResult { case ready, timedOut, woken }

  /// Close on exec, non-blocking, and no SIGPIPE on Darwin (Linux passes `MSG_NOSIGNAL` to
  /// each send instead): a write to a connection gpsd closed must be an error, not a signal
  /// that ends the process.
  private func configure() {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Finishes a non-blocking `connect` that returned `result`.
  /// - Returns: true when connected, false when woken.
  private func complete(
    _ result: Int32, timeoutSeconds: Double, wake: GPSDWakeSignal
  ) throws(GPSDError) -> Bool {
    if result == 0 { return true }
    guard errno == EINPROGRESS || errno == EINTR else {
      throw GPSDError(reason: "cannot connect: \(systemErrorMessage(errno))", context: address)
    }
    let milliseconds = Int32(clamping: Int((max(timeoutSeconds, 0) * 1_000).rounded(.up)))
    switch try waitFor(Int16(POLLOUT), timeoutMilliseconds: milliseconds, wake: wake) {
    case .woken:
      return false
    case .timedOut:
      throw GPSDError(
        reason: "cannot connect: no answer within \(timeoutSeconds) s", context: address)
    case .ready:
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else {
        throw GPSDError(reason: "cannot connect: \(systemErrorMessage(errno))", context: address)
      }
      guard code == 0 else {
        throw GPSDError(reason: "cannot connect: \(systemErrorMessage(code))", context: address)
      }
      return true
    }
  }

  /// Waits until the socket is ready for `events`, the time runs out (a negative timeout
  /// waits for ever) or `wake` is signalled.
  private func waitFor(
    _ events: Int16, timeoutMilliseconds: Int32, wake: GPSDWakeSignal
  ) throws(GPSDError) -> WaitResult {
    let deadline = Date().addingTimeInterval(Double(timeoutMilliseconds) / 1_000)
    while true {
      if wake.isSignalled { return .woken }
      var timeout = timeoutMilliseconds
      if timeoutMilliseconds >= 0 {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return .timedOut }
        timeout = Int32((remaining * 1_000).rounded(.up))
      }
      var entries = [
        pollfd(fd: descriptor, events: events, revents: 0),
        pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let count = poll(&entries, 2, timeout)
      if count < 0 {
        guard errno == EINTR else {
          throw GPSDError(reason: "poll failed: \(systemErrorMessage(errno))", context: address)
        }
        continue
      }
      if entries[1].revents != 0 || wake.isSignalled { return .woken }
      // Errors and hang-ups count as ready: the next call reports them.
      if entries[0].revents != 0 { return .ready }
      if count == 0 { return .timedOut }
    }
  }
}

// MARK: - Platform differences

#if canImport(Glibc)
  private let streamSocketType = Int32(SOCK_STREAM.rawValue)
  // Atomic close-on-exec: a process spawned meanwhile (by another thread) must not inherit the
  // connection, or closing it would not end it.
  private let closeOnExecSocketFlag = Int32(SOCK_CLOEXEC.rawValue)
  private let sendFlags = Int32(MSG_NOSIGNAL)
  private func systemConnect(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: socklen_t
  ) -> Int32 {
    Glibc.connect(descriptor, address, length)
  }
#else
  private let streamSocketType = SOCK_STREAM
  private let closeOnExecSocketFlag: Int32 = 0  // configure() sets FD_CLOEXEC
  private let sendFlags: Int32 = 0
  private func systemConnect(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: socklen_t
  ) -> Int32 {
    Darwin.connect(descriptor, address, length)
  }
#endif

/// The numeric form of a socket address: `127.0.0.1:2947` or `[::1]:2947`.
private func numericAddress(_ address: UnsafeMutablePointer<sockaddr>, length: socklen_t)
  -> String?
{
  var host = [CChar](repeating: 0, count: 1_025)
  var service = [CChar](repeating: 0, count: 32)
  let flags = NI_NUMERICHOST | NI_NUMERICSERV
  guard
    getnameinfo(
      address, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
      flags) == 0
  else { return nil }
  func text(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  let hostText = text(host)
  let serviceText = text(service)
  return hostText.contains(":") ? "[\(hostText)]:\(serviceText)" : "\(hostText):\(serviceText)"
}
