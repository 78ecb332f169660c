import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wakes the client's reading thread out of `poll()` when the consumer stops listening.
///
/// A self-pipe: ``signal()`` writes one byte, which makes the pipe's read end readable, and
/// every wait of the reading thread polls that end beside its socket. Cancellation is so
/// seen at once, with no polling interval.
///
/// `@unchecked Sendable`: `signal()` runs on whatever thread cancels the stream while the
/// reading thread waits; the flags are read and changed only under `lock`, and the pipe is
/// written and closed only under it, so a byte never goes to a closed (or reused) descriptor.
final class GPSDWakeSignal: @unchecked Sendable {
  /// The read end, for `poll()`; valid until ``close()``.
  let readDescriptor: Int32
  private let writeDescriptor: Int32
  private let lock = NSLock()
  private var signalled = false
  private var closed = false

  /// Creates the pipe.
  /// - Throws: ``GPSDError`` when the process is out of file descriptors.
  init() throws(GPSDError) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      throw GPSDError(reason: "cannot create a pipe: \(systemErrorMessage(errno))")
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
  }

  /// Whether ``signal()`` was called.
  var isSignalled: Bool {
    lock.withLock { signalled }
  }

  /// Wakes the reading thread; later calls do nothing.
  func signal() {
    lock.withLock {
      guard !signalled else { return }
      signalled = true
      guard !closed else { return }
      var byte: UInt8 = 1
      _ = write(writeDescriptor, &byte, 1)
    }
  }

  /// Waits up to `seconds`.
  /// - Returns: true when woken by ``signal()``, false when the time ran out.
  func wait(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !isSignalled {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return false }
      var entry = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&entry, 1, Int32(min((remaining * 1_000).rounded(.up), 60_000)))
    }
    return true
  }

  /// Closes the pipe; called once by the reading thread when it ends.
  func close() {
    lock.withLock {
      guard !closed else { return }
      closed = true
      _ = systemClose(readDescriptor)
      _ = systemClose(writeDescriptor)
    }
  }
}

/// `strerror` as a Swift string.
func systemErrorMessage(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// The C library's `close`, callable from types that have a `close()` of their own.
func systemClose(_ descriptor: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.close(descriptor)
  #else
    Darwin.close(descriptor)
  #endif
}
