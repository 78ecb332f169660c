import ArgumentParser
import TrackSift

@main
struct TrackSiftCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tracksift",
    abstract: "Honest routes and honest numbers from GPS fixes.",
    version: "tracksift \(TrackSiftVersion.string)",
    subcommands: [
      AnalyzeCommand.self, CleanCommand.self, DemoCommand.self, EvalCommand.self,
      ConvertCommand.self, SimulateCommand.self, RecordCommand.self, ReplayCommand.self,
      ReportCommand.self, BatchCommand.self, ActivitiesCommand.self,
      BenchCommand.self,
    ])
}
