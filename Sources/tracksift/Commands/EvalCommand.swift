import ArgumentParser
import Dispatch
import Foundation
import TrackSift
import TrackSiftSimulation

/// `tracksift eval`: scores TrackSift and the common practices against truth.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Score TrackSift and the common practices against truth: the standard simulation "
      + "suite and the real recordings with references.")

  @Option(help: "standard (4 environments x 3 devices x walking/running/cycling) or quick.")
  var suite: SuiteArgument = .standard

  @Option(help: "Length of each simulated recording in seconds (default 2700, quick 900).")
  var durationSeconds: Int?

  @Option(parsing: .upToNextOption, help: "Seeds of the simulated recordings (default 1 2 3).")
  var seeds: [UInt64] = [1, 2, 3]

  @Option(help: "The shared/data folder with the real recordings (default: ../shared/data).")
  var data: String?

  @Flag(help: "Leave out the real recordings.")
  var simulatedOnly = false

  @Flag(help: "Print Markdown tables.")
  var markdown = false

  @Flag(help: "Print one JSON object.")
  var json = false

  func validate() throws {
    if let durationSeconds, !(60...86_400).contains(durationSeconds) {
      throw ValidationError("--duration-seconds must be between 60 and 86400")
    }
    guard !seeds.isEmpty else { throw ValidationError("give at least one seed") }
  }

  func run() throws {
    let start = DispatchTime.now().uptimeNanoseconds
    let configurations = suite.configurations(
      durationSeconds: durationSeconds ?? (suite == .quick ? 900 : 2_700), seeds: seeds)
    let simulated = ParallelMap.map(configurations) { configuration in
      let recording = ScenarioSimulator(configuration: configuration).run()
      let evaluationCase = EvaluationCase(recording: recording)
      return (evaluationCase.name, evaluationCase.scored())
    }
    var real: [(name: String, cards: [ScoreCard])] = []
    if !simulatedOnly, let folder = dataFolder() {
      let cases = try RealRecordings.cases(in: folder)
      real = ParallelMap.map(cases) { ($0.name, $0.scored()) }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let summary = EvaluationSummary(cards: simulated.map(\.1))
    if json {
      let report = EvalReport(
        suite: suite.rawValue, cases: simulated.map { .init(name: $0.0, cards: $0.1) },
        summary: summary, real: real.map { .init(name: $0.name, cards: $0.cards) },
        seconds: seconds)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      print(String(decoding: try encoder.encode(report), as: UTF8.self))
      return
    }
    let title =
      "\(suite.rawValue) simulation suite: \(simulated.count) recordings of "
      + "\(configurations.first?.durationSeconds ?? 0) s (medians and worst cases over them)"
    print(markdown ? "### \(title)\n" : title)
    print(markdown ? summary.markdown : summary.text)
    for recording in real {
      // One recording: its errors keep their sign.
      let summary = EvaluationSummary(cards: [recording.cards], signed: true)
      print(markdown ? "\n### \(recording.name)\n" : "\n\(recording.name)")
      print(markdown ? summary.markdown : summary.text)
    }
    print(String(format: "\n%.1f s", seconds))
  }

  private func dataFolder() -> URL? {
    let path = data ?? "../shared/data"
    return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
  }
}

/// Which simulated recordings `eval` scores.
enum SuiteArgument: String, ExpressibleByArgument, CaseIterable {
  case standard
  case quick

  func configurations(durationSeconds: Int, seeds: [UInt64]) -> [ScenarioConfiguration] {
    let all = ScenarioConfiguration.standardSuite(durationSeconds: durationSeconds, seeds: seeds)
    switch self {
    case .standard: return all
    case .quick:
      // Every environment and device, running only, the first seed.
      return all.filter { $0.activity == .running && $0.seed == seeds[0] }
    }
  }
}

/// What `eval --json` prints.
struct EvalReport: Encodable {
  struct Case: Encodable {
    var name: String
    var cards: [ScoreCard]
  }
  struct Real: Encodable {
    var name: String
    var cards: [ScoreCard]
  }
  var suite: String
  var cases: [Case]
  var summary: EvaluationSummary
  var real: [Real]
  var seconds: Double
}
