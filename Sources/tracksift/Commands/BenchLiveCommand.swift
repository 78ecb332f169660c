import ArgumentParser
import Foundation
import TrackSift
import TrackSiftBatch
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

  @Option(
    parsing: .unconditional,
    help: "Length of the simulated run for the recorder, in seconds (one fix a second).")
  var durationSeconds: Int = 7_200

  @Option(
    parsing: .unconditional,
    help: """
      Length of the simulated run for the store's appends, in seconds (a long one, so that \
      the time is not mostly the opening of the store).
      """)
  var storeDurationSeconds: Int = 100_000

  @Option(help: "The simulated activity and the recorder's profile: walking, running or cycling.")
  var activity: ActivityKind = .running

  @Option(help: "openSky, suburban, urbanCanyon or forest.")
  var environment: SimulatedEnvironment = .urbanCanyon

  @Option(parsing: .unconditional, help: "Seed of the simulation.")
  var seed: UInt64 = 1

  @Option(
    name: .customLong("repeat"), parsing: .unconditional,
    help: "Runs per stage; the median is reported.")
  var repetitions: Int = 11

  @Option(parsing: .unconditional, help: "Commits of one fix and one verdict to time.")
  var commits: Int = 300

  @Option(help: "Where to write the benchmark's stores (removed afterwards).")
  var directory: String = FileManager.default.temporaryDirectory.path

  @Flag(help: "Print the results as JSON.")
  var json = false

  func validate() throws {
    guard repetitions >= 1, repetitions <= 1_000 else {
      throw ValidationError("--repeat must be between 1 and 1000")
    }
    for (name, seconds) in [
      ("--duration-seconds", durationSeconds), ("--store-duration-seconds", storeDurationSeconds),
    ] where !(60...10_000_000).contains(seconds) {
      throw ValidationError("\(name) must be between 60 and 10000000")
    }
    guard activity != .driving else {
      throw ValidationError("--activity must be walking, running or cycling (no simulated drive)")
    }
    guard commits >= 1, commits <= 100_000 else {
      throw ValidationError("--commits must be between 1 and 100000")
    }
  }

  func run() throws {
    let configuration = RecorderConfiguration(profile: ActivityProfile(activity: activity))
    let recorder = RecorderBenchmark(
      inputs: try inputs(seconds: durationSeconds), configuration: configuration
    ).run(repetitions: repetitions)
    var replayed = Recorder(configuration: configuration)
    let eventsPerInput = try inputs(seconds: storeDurationSeconds).map {
      RecordingReplay.apply($0, to: &replayed)
    }
    let store = try StoreBenchmark(
      eventsPerInput: eventsPerInput, configuration: configuration,
      directory: URL(fileURLWithPath: directory)
    ).run(repetitions: repetitions, commits: commits)

    let result = LiveBenchResult(
      scenario: "\(activity.rawValue), \(environment.rawValue) phone (iOS), seed \(seed), 1 Hz",
      repetitions: repetitions, recorder: recorder, store: store,
      peakResidentMegabytes: BenchTiming.peakResidentMegabytes())
    print(json ? try JSONText.printable(result) : result.text)
  }

  /// The replay inputs of a simulated run of `seconds`.
  private func inputs(seconds: Int) throws -> [RecordingReplay.Input] {
    let scenario = ScenarioConfiguration(
      environment: environment, device: .phone, platform: .iOS, activity: activity,
      route: .streetGrid, durationSeconds: seconds, seed: seed)
    return try RecordingReplay.inputs(for: ScenarioSimulator(configuration: scenario).run().track)
  }
}
