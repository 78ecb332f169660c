import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full path of `name` on `PATH`, or `nil`.
public func executableOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").map { "\($0)/\(name)" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// `gpsfake` and `timeout` on `PATH`, when installed.
public let gpsfakePath = executableOnPath("gpsfake")
/// `timeout` on `PATH`.
public let timeoutPath = executableOnPath("timeout")

/// gpsd replaying an NMEA log through `gpsfake`, on a port of its own.
///
/// It runs under `timeout -k 2`, which puts gpsfake and its gpsd in a process group of their
/// own and kills them when the test forgets to; ``stop()`` sends SIGKILL to the whole group
/// (gpsfake can ignore SIGTERM) and waits for it.
///
/// Each replay has a temporary directory of its own as `TMPDIR`, where gpsfake puts gpsd's
/// control socket (`gpsfake-<pid>.sock`). gpsfake never removes that socket, so in a shared
/// `/tmp` a later gpsfake that reuses the pid finds a stale one, takes it for gpsd being
/// ready, fails to add its device, and replays to no one (seen in CI).
public final class GPSFake: @unchecked Sendable {
  // @unchecked: the test that starts a replay is the only one to stop it.
  /// The port gpsd listens on.
  public let port: UInt16
  private let process = Process()
  private let directory: URL
  private let outputURL: URL

  /// Starts replaying `log` once at `secondsPerSentence`, with gpsd listening on `port`.
  public init(log: URL, port: UInt16, secondsPerSentence: Double, limitSeconds: Int = 60) throws {
    guard let gpsfakePath, let timeoutPath else {
      throw TestError("gpsfake or timeout is not on PATH")
    }
    self.port = port
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-gpsfake-\(port)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    outputURL = directory.appendingPathComponent("gpsfake.out")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    process.executableURL = URL(fileURLWithPath: timeoutPath)
    process.arguments = [
      "-k", "2", "\(limitSeconds)", gpsfakePath, "-1", "-n", "-c", "\(secondsPerSentence)",
      "-W", "5", "-P", "\(port)", log.path,
    ]
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["TMPDIR": directory.path]) { _, new in new }
    try process.run()
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// What gpsfake printed, for failure messages.
  public var output: String {
    (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
  }

  /// Kills gpsfake and its gpsd at once and waits for them.
  public func stop() {
    guard process.isRunning else { return }
    let pid = process.processIdentifier
    // `timeout` leads its own process group; the second kill covers the instant before it
    // made the group.
    _ = kill(-pid, SIGKILL)
    _ = kill(pid, SIGKILL)
    process.waitUntilExit()
  }
}

/// Runs a blocking test body (child processes, sleeps, blocking sockets) on a thread of its
/// own, so it does not hold one of the few threads Swift concurrency shares among the tests
/// running at once (on 2 cores two such bodies stall every async test).
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
