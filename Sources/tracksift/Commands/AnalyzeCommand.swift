import ArgumentParser
import Foundation
import TrackSift
import TrackSiftBatch
import TrackSiftFormats

/// `tracksift analyze FILE`: the figures of an activity, raw, live and refined.
struct AnalyzeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Print distance, times, pace, splits and verdict counts of an activity file.",
    discussion: """
      A file without positions but with the device's own totals (an indoor or treadmill \
      activity) gives those totals.
      """)

  @Argument(
    help: "A GPX, TCX, FIT, NMEA, CSV, GeoJSON or Android GnssLogger file (told apart by content).")
  var file: String

  @OptionGroup var profileOptions: ProfileOptions

  @OptionGroup var terrainOptions: TerrainOptions

  @Option(help: "Units of distances, speeds, paces and climbs: metric or imperial.")
  var units: DisplayUnitsArgument?

  @Option(help: "Split unit of the splits table: km or mi (default: the units' own).")
  var splits: SplitUnitArgument?

  @Flag(help: "Print one JSON object instead of the tables.")
  var json = false

  @OptionGroup var inputOptions: InputOptions

  func run() throws {
    let input = try inputOptions.read(file, allowingNoPositions: true)
    let choice = profileOptions.choice(for: input)
    let terrain = try terrainOptions.elevationModel()
    let analysis = choice.analysis(of: input.track, elevationModel: terrain)
    let report = AnalysisSummary(
      file: file, track: input.track, analysis: analysis, device: input.deviceTotals,
      readerNotes: input.notes, profileReason: choice.reason,
      sessions: SessionSummary.sessions(of: input, choice: choice, elevationModel: terrain),
      gradeWindows: json)
    if json {
      print(try report.json())
    } else {
      let shown = DisplayUnitsArgument.resolve(units, splits: splits)
      print(report.text(units: shown.units, splitUnit: shown.splitUnit))
    }
  }
}

/// `km` or `mi` on the command line.
enum SplitUnitArgument: String, ExpressibleByArgument, CaseIterable {
  case km
  case mi

  var unit: SplitUnit { self == .km ? .kilometer : .mile }
}

/// `metric` or `imperial` on the command line.
enum DisplayUnitsArgument: String, ExpressibleByArgument, CaseIterable {
  case metric
  case imperial

  var units: DisplayUnits { self == .metric ? .metric : .imperial }

  /// The units and split unit shown: each given one as given; `--splits mi` alone means
  /// imperial units, `--units imperial` alone mile splits.
  static func resolve(
    _ units: DisplayUnitsArgument?, splits: SplitUnitArgument?
  ) -> (units: DisplayUnits, splitUnit: SplitUnit) {
    let shown = units?.units ?? (splits == .mi ? .imperial : .metric)
    return (shown, splits?.unit ?? shown.splitUnit)
  }
}
