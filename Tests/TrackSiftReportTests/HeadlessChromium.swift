import Foundation

/// Debian's `chromium` run headless, as the browser tests drive it: the DOM after the page
/// loaded (and any script ran), or a screenshot.
struct HeadlessChromium {
  let executable: URL

  /// The browser on the `PATH`, or `nil` when none is installed.
  static let installed: HeadlessChromium? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      for name in ["chromium", "chromium-browser"] {
        let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) {
          return HeadlessChromium(executable: url)
        }
      }
    }
    return nil
  }()

  /// Whether a missing browser fails the browser tests (`TRACKSIFT_REQUIRE_BROWSER=1`, as
  /// `.ci/run` sets it, so CI cannot pass without running them); otherwise they are skipped,
  /// saying why, as the gpsd tests are without gpsd.
  static let required = ProcessInfo.processInfo.environment["TRACKSIFT_REQUIRE_BROWSER"] == "1"

  /// The serialized DOM of the page at `file` after load.
  func dumpDOM(of file: URL) throws -> String {
    try run(["--dump-dom", file.absoluteString])
  }

  /// Takes a screenshot of the page at `file`, `width` by `height` pixels, into `png`.
  func screenshot(of file: URL, to png: URL, width: Int = 1000, height: Int = 1900) throws {
    _ = try run([
      "--hide-scrollbars", "--screenshot=\(png.path)", "--window-size=\(width),\(height)",
      file.absoluteString,
    ])
  }

  private func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = executable
    // A fresh profile each run: nothing cached or remembered between pages.
    let profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--user-data-dir=\(profile.path)",
      ] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let timer = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: timer)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    timer.cancel()
    guard process.terminationStatus == 0 else {
      throw BrowserError("chromium exited with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}

struct BrowserError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
