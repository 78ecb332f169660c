import ArgumentParser
import Foundation
import TrackSift
import TrackSiftTerrain

/// `--dem DIR` of the commands that count a climb: a folder of HGT tiles the refined climb is
/// counted on where they cover the track.
struct TerrainOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      """
      A folder of DEM tiles (SRTM or Copernicus HGT: N37W122.hgt, .hgt.gz, .hgt.zip) the \
      refined climb is counted on where they cover the track.
      """, valueName: "dir"))
  var dem: String?

  /// The folder's tiles, or `nil` without `--dem`. A tile that cannot be read is named on
  /// standard error; its lookups give nothing.
  func elevationModel() throws -> HGTTileFolder? {
    guard let dem else { return nil }
    let folder = try HGTTileFolder(folder: URL(fileURLWithPath: dem))
    if folder.tileNames.isEmpty {
      throw ValidationError("--dem \(dem): no HGT tiles in the folder")
    }
    for problem in folder.problems {
      FileHandle.standardError.write(Data("warning: \(problem)\n".utf8))
    }
    return folder
  }
}
