import ArgumentParser

@main
struct TrackSiftCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tracksift",
    abstract: "Honest routes and honest numbers from GPS fixes.",
    subcommands: [
      AnalyzeCommand.self, CleanCommand.self, DemoCommand.self, EvalCommand.self,
      ConvertCommand.self, SimulateCommand.self, RecordCommand.self, ReplayCommand.self,
      ActivitiesCommand.self,
      BenchCommand.self,
    ])
}
