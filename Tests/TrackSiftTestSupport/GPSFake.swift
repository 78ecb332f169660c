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

/// gpsd replaying an NMEA log through `gpsfake`, on a port of its own, from the log's first
/// sentence once a client watches.
///
/// gpsfake writes its log whether or not anyone reads it: with `-n` gpsd reads it at once, so a
/// client that connects late (a test under load) misses the first epochs; without `-n` gpsd
/// opens the device only when a client sends `?WATCH` and throws away what was written before.
/// So gpsfake runs without `-n`, through ``watchGate``, which holds its replay until gpsd says
/// (`?DEVICES`) that it has opened the device: the client's `?WATCH` has come, and it gets the
/// whole log.
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

  /// Starts gpsd listening on `port`, which replays `log` once at `secondsPerSentence` as soon
  /// as a client watches.
  public init(log: URL, port: UInt16, secondsPerSentence: Double, limitSeconds: Int = 60) throws {
    guard let gpsfakePath, let timeoutPath else {
      throw TestError("gpsfake or timeout is not on PATH")
    }
    // The Python that has gpsfake's `gps` module: the one on its `#!` line.
    let python = try Self.interpreterCommand(of: gpsfakePath)
    self.port = port
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-gpsfake-\(port)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    outputURL = directory.appendingPathComponent("gpsfake.out")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    process.executableURL = URL(fileURLWithPath: timeoutPath)
    process.arguments =
      ["-k", "2", "\(limitSeconds)"] + python + [
        "-c", Self.watchGate, gpsfakePath, "-1", "-c", "\(secondsPerSentence)", "-W", "5", "-P",
        "\(port)", log.path,
      ]
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["TMPDIR": directory.path]) { _, new in new }
    try process.run()
  }

  /// Runs gpsfake (its path and arguments follow) with its replay held until gpsd has opened
  /// the fake device, which gpsd without `-n` does when a client sends `?WATCH` (or at once
  /// when a client already watches as the device is added). gpsfake's `TestSession.run` feeds
  /// the device; the gate runs before it, asking gpsd's `?DEVICES` every 50 ms (which does not
  /// itself open a device): a device gpsd has opened has an `activated` time.
  ///
  /// gpsfake adds its device once, over gpsd's control socket, as soon as the socket's file
  /// exists; gpsd may not listen on it yet, and the device is then silently not added. The gate
  /// adds it again while gpsd does not list it. While it waits it says why every 5 s (in
  /// ``output``).
  static let watchGate = """
    import runpy, socket, sys, time
    import gps.fake

    def devices(port):
        try:
            with socket.create_connection(("localhost", port), timeout=2) as s:
                replies = s.makefile("rb")
                replies.readline()  # VERSION
                s.sendall(b"?DEVICES;")
                return replies.readline().decode(errors="replace").strip()
        except OSError as error:
            return str(error)

    def wait_for_a_watcher(session):
        start = said = time.time()
        readded = set()
        while True:
            reply = devices(session.port)
            if '"activated"' in reply:
                print("gate: replay starts after %.2f s" % (time.time() - start),
                      file=sys.stderr, flush=True)
                return
            if '"class":"DEVICES"' in reply:
                for path in session.fakegpslist:
                    if '"%s"' % path not in reply:
                        if path not in readded:
                            print("gate: gpsd lacks %s: adding it" % path, file=sys.stderr, flush=True)
                            readded.add(path)
                        session.daemon.add_device(path)
            if time.time() - said > 5:
                said = time.time()
                print("gate: no client watches yet; gpsd: %s" % reply, file=sys.stderr, flush=True)
            time.sleep(0.05)

    replay = gps.fake.TestSession.run
    def run_once_watched(session):
        wait_for_a_watcher(session)
        replay(session)
    gps.fake.TestSession.run = run_once_watched
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
    """

  /// The interpreter a script names on its `#!` line, with its arguments
  /// (`["/usr/bin/python3"]`, `["/usr/bin/env", "python3"]`).
  private static func interpreterCommand(of script: String) throws -> [String] {
    let text = try String(contentsOfFile: script, encoding: .utf8)
    let first = text.prefix { $0 != "\n" }
    let command = first.dropFirst(2).split(separator: " ").map(String.init)
    guard first.hasPrefix("#!"), !command.isEmpty else {
      throw TestError("\(script) names no interpreter on its first line")
    }
    return command
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
