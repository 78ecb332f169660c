import ArgumentParser

/// `tracksift bench`: the speed benchmarks of this build, batch (the default) or live.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Time this build: parsing and analysis (batch, the default) or live recording.",
    subcommands: [BenchBatchCommand.self, BenchLiveCommand.self, BenchReportCommand.self],
    defaultSubcommand: BenchBatchCommand.self)
}
