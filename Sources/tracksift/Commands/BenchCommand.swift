import ArgumentParser

/// `tracksift bench`: the speed benchmarks of this build: batch (the default), live, report and
/// dem.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract:
      "Time this build: parsing and analysis (batch, the default), live recording, reports, "
      + "or elevation lookups in DEM tiles (dem).",
    subcommands: [
      BenchBatchCommand.self, BenchLiveCommand.self, BenchReportCommand.self,
      BenchDEMCommand.self,
    ],
    defaultSubcommand: BenchBatchCommand.self)
}
