import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full path of `name` on `PATH`, or `nil`.
func executableOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").map { "\($0)/\(name)" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
}

let gpsfakePath = executableOnPath("gpsfake")
let timeoutPath = executableOnPath("timeout")

/// gpsd replaying an NMEA log through `gpsfake`, on a port of its own.
///
/// It runs under `timeout -k 2`, which puts gpsfake and its gpsd in a process group of their
/// own and kills them when the test forgets to; ``stop()`` sends SIGKILL to the whole group
/// (gpsfake can ignore SIGTERM) and waits for it.
final class GPSFake: @unchecked Sendable {
  // @unchecked: the test that starts a replay is the only one to stop it.
  let port: UInt16
  private let process = Process()
  private let outputURL: URL

  /// Starts replaying `log` once at `secondsPerSentence`, with gpsd listening on `port`.
  init(log: URL, port: UInt16, secondsPerSentence: Double, limitSeconds: Int = 60) throws {
    guard let gpsfakePath, let timeoutPath else {
      throw TestError("gpsfake or timeout is not on PATH")
    }
    self.port = port
    outputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("gpsfake-\(port)-\(UUID().uuidString).out")
    FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    process.executableURL = URL(fileURLWithPath: timeoutPath)
    process.arguments = [
      "-k", "2", "\(limitSeconds)", gpsfakePath, "-1", "-n", "-c", "\(secondsPerSentence)",
      "-W", "5", "-P", "\(port)", log.path,
    ]
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: outputURL)
  }

  /// What gpsfake printed, for failure messages.
  var output: String {
    (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
  }

  /// Kills gpsfake and its gpsd at once and waits for them.
  func stop() {
    guard process.isRunning else { return }
    let pid = process.processIdentifier
    // `timeout` leads its own process group; the second kill covers the instant before it
    // made the group.
    _ = kill(-pid, SIGKILL)
    _ = kill(pid, SIGKILL)
    process.waitUntilExit()
  }
}

/// Waits until `condition` holds, checking every 50 ms; false after `timeoutSeconds`.
func waitUntil(timeoutSeconds: Double, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(timeoutSeconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(50))
  }
  return condition()
}
