import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftReport
import TrackSiftSimulation

/// `tracksift bench report`: times the HTML report of one recording, the page alone and with
/// the reading and analysis before it, and gives the page's size.
///
/// Build with `-c release`; a debug build is many times slower.
struct BenchReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Time the HTML report of a recording (use a release build).")

  @Argument(help: "An activity file; without one, a simulated run of --points seconds at 1 Hz.")
  var file: String?

  @Option(help: "Seconds of the simulated run when no file is given (about one fix a second).")
  var points: Int = 100_000

  @Option(name: .customLong("repeat"), help: "Runs per stage; the median is reported.")
  var repetitions: Int = 5

  func validate() throws {
    guard (1...1_000).contains(repetitions) else {
      throw ValidationError("--repeat must be between 1 and 1000")
    }
    guard (2...50_000_000).contains(points) else {
      throw ValidationError("--points must be between 2 and 50,000,000 (not \(points))")
    }
  }

  func run() throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-bench-\(UUID().uuidString).gpx")
    defer { try? FileManager.default.removeItem(at: scratch) }
    if file == nil {
      let recording = ScenarioSimulator(
        configuration: ScenarioConfiguration(durationSeconds: points, seed: 7)
      ).run()
      try GPXWriter.write(
        GPXDocument(creator: "TrackSift bench", tracks: [recording.track]), to: scratch)
    }
    let path = file ?? scratch.path
    var bytes = 0
    var fixes = 0
    let wholeSeconds = try BenchTiming.medianSeconds(repetitions: repetitions) {
      let activity = try Self.analyzed(path)
      bytes = ActivityReport(activities: [activity]).html().utf8.count
      fixes = activity.track.fixCount
    }
    let activity = try Self.analyzed(path)
    let pageSeconds = BenchTiming.medianSeconds(repetitions: repetitions) {
      bytes = ActivityReport(activities: [activity]).html().utf8.count
    }
    print(
      Formatting.table([
        ["stage", "median", ""],
        [
          "page (from the analysis)", String(format: "%.3f s", pageSeconds),
          String(format: "%.2f MB of HTML", Double(bytes) / 1e6),
        ],
        [
          "read + analyze + page", String(format: "%.3f s", wholeSeconds),
          "\(Formatting.count(fixes)) fixes",
        ],
      ]))
    print(
      "\(repetitions) runs each, medians; peak memory "
        + String(format: "%.0f MB", BenchTiming.peakResidentMegabytes()))
  }

  /// The file at `path` read and analysed as a run, as `report` does by default.
  private static func analyzed(_ path: String) throws -> ReportedActivity {
    let read = try ActivityFile.read(atPath: path)
    return ReportedActivity(
      title: (path as NSString).lastPathComponent, file: read,
      analysis: TrackAnalysis(track: read.track), profileName: "running")
  }
}
