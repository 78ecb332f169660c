import Foundation
import Testing
import TrackSiftTestSupport

/// Runs the built `tracksift` binary, which SwiftPM puts next to the test bundle.
struct CommandRunner {
  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  static let binary: URL? = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("tracksift")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  /// Runs the binary with `arguments`; `environment` adds to (or replaces) variables of this
  /// process's environment, and `directory` (when given) is its working directory.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil
  ) throws -> Output {
    let process = Process()
    guard let binary else { throw CommandRunnerError.binaryNotFound }
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the binary with `arguments` (a command printing one JSON object, such as
  /// `analyze --json`), expects it to succeed and returns the object.
  static func jsonObject(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    let result = try run(arguments)
    #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
      sourceLocation: sourceLocation)
  }

  /// A fresh temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracksift-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `shared/data` beside the repository.
  static let sharedData: URL? = sharedDataDirectory
}

/// Why a command could not be run.
enum CommandRunnerError: Error {
  /// The `tracksift` binary is not next to the test bundle.
  case binaryNotFound
}
