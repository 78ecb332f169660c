import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftReport

/// `tracksift report FILE...`: one self-contained HTML page that shows what TrackSift did.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract:
      "Write one offline HTML page: map of raw fixes and cleaned route, refused fixes, stops, charts, splits.",
    discussion: """
      Several files (the same route recorded by several devices) share one map and one set of \
      charts, each in its own colour. The page makes no network request; a basemap is read \
      only from a local MBTiles file given with --basemap.
      """)

  @Argument(help: "GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger files (told apart by content).")
  var files: [String]

  @Option(
    name: .shortAndLong,
    help: "The HTML file to write (default: the first file's name with .html, here).")
  var output: String?

  @Option(
    help: "An MBTiles file of raster tiles to draw under the route (read locally, never fetched).")
  var basemap: String?

  @OptionGroup var profileOptions: ProfileOptions

  @OptionGroup var terrainOptions: TerrainOptions

  @OptionGroup var inputOptions: InputOptions

  func run() throws {
    // A basemap that cannot be read is refused before any file is analysed.
    let tiles = try basemap.map(MBTilesBasemap.init)
    let terrain = try terrainOptions.elevationModel()
    let activities = try files.map { path in
      let file = try inputOptions.read(path, allowingNoPositions: true)
      return ReportedActivity(
        title: (path as NSString).lastPathComponent, file: file,
        choice: profileOptions.choice(for: file), elevationModel: terrain)
    }
    let destination = output ?? Self.defaultOutput(for: files[0])
    try Self.write(
      ActivityReport(activities: activities, basemap: tiles),
      to: destination, inputs: files)
  }

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Give at least one activity file.") }
  }

  /// `run.gpx` gives `run.html` in the current directory.
  static func defaultOutput(for path: String) -> String {
    ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".html"
  }

  /// Writes the page and says what it holds.
  static func write(_ report: ActivityReport, to output: String, inputs: [String]) throws {
    let html = report.html()
    try OutputFile.write(html, to: output, inputs: inputs)
    let fixes = report.activities.reduce(0) { $0 + $1.track.fixCount }
    print(
      "\(output): report of \(Formatting.count(report.activities.count, "activity", plural: "activities")), \(Formatting.count(fixes, "fix", plural: "fixes")), \(html.utf8.count / 1024) KiB"
    )
  }
}
