import ArgumentParser
import Foundation
import TrackSift
import TrackSiftBatch
import TrackSiftTerrain

/// `tracksift bench dem`: times elevation lookups in HGT tiles (``HGTTileFolder``) along a
/// walking-like path inside one tile: a synthetic 1 arc-second tile it writes, or the first
/// tile of `--dem`.
///
/// Build with `-c release`; a debug build is many times slower.
struct BenchDEMCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dem",
    abstract: "Time elevation lookups in DEM (HGT) tiles (use a release build).",
    discussion: """
      The path is a walk of one-second steps (1.4 m, heading changes up to 20 degrees) \
      inside one tile, looked up through ElevationModel as the analysis does. Without \
      --dem, a synthetic 1 arc-second tile (N46E007, 25.9 MB) is written to --directory \
      and removed afterwards.
      """)

  @Option(help: "A folder of HGT tiles; the path stays in its first tile (south-west first).")
  var dem: String?

  @Option(parsing: .unconditional, help: "Lookups in a run.")
  var lookups: Int = 1_000_000

  @Option(
    name: .customLong("repeat"), parsing: .unconditional,
    help: "Timed runs; the median is reported.")
  var repetitions: Int = 11

  @Option(parsing: .unconditional, help: "Seed of the path.")
  var seed: UInt64 = 1

  @Option(help: "Where to write the synthetic tile (removed afterwards).")
  var directory: String = FileManager.default.temporaryDirectory.path

  @Flag(help: "Print the results as JSON.")
  var json = false

  /// The tile the benchmark writes when no `--dem` is given.
  static let syntheticTile = HGTTileName(southLatitudeDegrees: 46, westLongitudeDegrees: 7)!

  func validate() throws {
    guard (1...100_000_000).contains(lookups) else {
      throw ValidationError("--lookups must be between 1 and 100000000")
    }
    guard (1...1_000).contains(repetitions) else {
      throw ValidationError("--repeat must be between 1 and 1000")
    }
  }

  func run() throws {
    var temporary: URL?
    defer { temporary.map { try? FileManager.default.removeItem(at: $0) } }
    let folderURL: URL
    if let dem {
      folderURL = URL(fileURLWithPath: dem)
    } else {
      let made = URL(fileURLWithPath: directory)
        .appendingPathComponent("tracksift-bench-dem-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
      temporary = made
      try Self.writeSyntheticTile(toFolder: made)
      folderURL = made
    }
    let folder = try HGTTileFolder(folder: folderURL)
    guard let name = folder.tileNames.first else {
      throw ValidationError("\(folderURL.path): no HGT tile files (like N37W122.hgt) in it")
    }
    guard let tile = try folder.tile(named: name) else {
      throw ValidationError("\(folderURL.path): no file for \(name)")
    }
    let benchmark = DEMBenchmark(
      model: try HGTTileFolder(folder: folderURL),
      path: DEMBenchmark.walk(in: name, lookups: lookups, seed: seed))
    let result = benchmark.run(
      repetitions: repetitions, tile: name, resolution: tile.resolution,
      synthetic: dem == nil)
    print(json ? try JSONText.printable(result) : Self.text(result))
  }

  /// A synthetic 1 arc-second tile: hills of a few hundred meters on a few kilometers.
  static func writeSyntheticTile(toFolder folder: URL) throws {
    let side = HGTResolution.oneArcSecond.samplesPerSide
    let byRow = (0..<side).map { 600 * sin(Double($0) / 170) }
    let byColumn = (0..<side).map { 400 * cos(Double($0) / 230) }
    var samples: [Int16] = []
    samples.reserveCapacity(side * side)
    for row in 0..<side {
      for column in 0..<side {
        samples.append(Int16(1_500 + byRow[row] + byColumn[column] + Double((row ^ column) & 7)))
      }
    }
    try HGTTile.write(samplesMeters: samples, name: syntheticTile, toFolder: folder)
  }

  /// The result in words.
  static func text(_ result: DEMBenchmark.Result) -> String {
    "\(result.tile) (\(result.resolution)\(result.synthetic ? ", synthetic" : "")), "
      + "\(Formatting.count(result.lookups)) lookups a run along a walk, "
      + "median of \(Formatting.count(result.nanosecondsPerLookup.count, "run"))\n"
      + String(
        format: "%.1f ns per lookup (runs from %.1f to %.1f ns)\n",
        result.medianNanosecondsPerLookup, result.fastestNanosecondsPerLookup,
        result.nanosecondsPerLookup.max)
      + String(format: "first lookup, reading the tile: %.2f ms\n", result.firstLookupMilliseconds)
      + "\(Formatting.count(result.elevations)) of \(Formatting.count(result.lookups)) "
      + "lookups gave an elevation"
  }
}
