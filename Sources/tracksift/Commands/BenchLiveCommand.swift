import ArgumentParser
import Foundation
import TrackSift
import TrackSiftSimulation

/// `tracksift bench live`: times what a live recording pays, on a simulated run: the
/// ``Recorder`` per fix, the store's appends and a commit. The CPU share of `record` itself,
/// against gpsd, is measured by `Scripts/bench-record-cpu.py`.
///
/// Build with `-c release`; a debug build is many times slower.
struct BenchLiveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "live",
    abstract:
      "Time the live recorder per fix and the store's appends and commits (use a release build).",
    discussion: """
      The fixes are a simulated run (tracksift simulate's error model, one fix a second), \
      replayed on a simulated clock. The stores are fresh SQLite files in --directory, \
      written as `record` writes them (WAL, synchronous FULL, a commit a second).
      """)

  @Option(help: "Length of the simulated run in seconds (one fix a second).")
  var durationSeconds: Int = 36_000

  @Option(help: "openSky, suburban, urbanCanyon or forest.")
  var environment: SimulatedEnvironment = .urbanCanyon

  @Option(help: "Seed of the simulation.")
  var seed: UInt64 = 1

  @Option(name: .customLong("repeat"), help: "Runs per stage; the median is reported.")
  var repetitions: Int = 11

  @Option(help: "Commits of one fix and one verdict to time.")
  var commits: Int = 300

  @Option(help: "Where to write the benchmark's stores (removed afterwards).")
  var directory: String = FileManager.default.temporaryDirectory.path

  @Flag(help: "Print the results as JSON.")
  var json = false

  func validate() throws {
    guard repetitions >= 1, repetitions <= 1_000 else {
      throw ValidationError("--repeat must be between 1 and 1000")
    }
    guard durationSeconds >= 60, durationSeconds <= 10_000_000 else {
      throw ValidationError("--duration-seconds must be between 60 and 10000000")
    }
    guard commits >= 1, commits <= 100_000 else {
      throw ValidationError("--commits must be between 1 and 100000")
    }
  }

  func run() throws {
    let scenario = ScenarioConfiguration(
      environment: environment, device: .phone, platform: .iOS, activity: .running,
      route: .streetGrid, durationSeconds: durationSeconds, seed: seed)
    let track = ScenarioSimulator(configuration: scenario).run().track
    let configuration = RecorderConfiguration(profile: ActivityProfile(activity: .running))
    let inputs = try RecordingReplay.inputs(for: track)

    let recorder = RecorderBenchmark(inputs: inputs, configuration: configuration)
      .run(repetitions: repetitions)
    var replayed = Recorder(configuration: configuration)
    let eventsPerInput = inputs.map { RecordingReplay.apply($0, to: &replayed) }
    let store = try StoreBenchmark(
      eventsPerInput: eventsPerInput, configuration: configuration,
      directory: URL(fileURLWithPath: directory)
    ).run(repetitions: repetitions, commits: commits)

    let result = LiveBenchResult(
      scenario: "running, \(environment.rawValue) phone (iOS), seed \(seed), 1 Hz",
      repetitions: repetitions, recorder: recorder, store: store,
      peakResidentMegabytes: BenchTiming.peakResidentMegabytes())
    print(json ? try JSONOutput.string(result) : result.text)
  }
}
