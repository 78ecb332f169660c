import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation

/// `tracksift simulate -o FILE.gpx`: a reproducible synthetic recording.
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Write a reproducible synthetic recording (a city loop with phone-like errors).")

  @Option(name: .shortAndLong, help: "The GPX file to write.")
  var output: String

  @Option(help: "walking, running, cycling or driving.")
  var activity: ActivityKind = .running

  @Option(help: "Length of the recording in seconds (one fix a second).")
  var durationSeconds: Int = 2_700

  @Option(help: "Seed of the random number generator.")
  var seed: UInt64 = 1

  @Option(help: "Probability per fix of a 50-300 m spike.")
  var spikeProbability: Double = 0.002

  func validate() throws {
    guard durationSeconds > 0, durationSeconds <= 100_000_000 else {
      throw ValidationError("--duration-seconds must be between 1 and 100000000")
    }
    guard (0...1).contains(spikeProbability) else {
      throw ValidationError("--spike-probability must be between 0 and 1")
    }
  }

  func run() throws {
    var configuration = SyntheticActivityGenerator.Configuration()
    configuration.activity = activity
    configuration.durationSeconds = durationSeconds
    configuration.seed = seed
    configuration.spikeProbability = spikeProbability
    let activity = SyntheticActivityGenerator(configuration: configuration).generate()
    let document = GPXDocument(creator: "TrackSift simulate", tracks: [activity.track])
    do {
      try GPXWriter.write(document, to: URL(fileURLWithPath: output))
    } catch {
      throw InputError(path: output, reason: "cannot write (\(error))")
    }
    print(
      "\(output): \(Formatting.count(activity.track.fixCount)) fixes, true distance "
        + Formatting.distance(activity.truthDistanceMeters))
  }
}
