import ArgumentParser
import Foundation
import TrackSift
import TrackSiftArchives
import TrackSiftBatch

/// `tracksift batch`: many activity files through the pipeline, and shard summaries merged.
struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract:
      "Measure every activity file of folders, .gz files and .zip archives; merge shard summaries.",
    subcommands: [BatchRunCommand.self, BatchMergeCommand.self],
    defaultSubcommand: BatchRunCommand.self)
}

/// `tracksift batch [run] PATH...`.
struct BatchRunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Measure every activity file in PATH... (files, folders, .gz files, .zip archives).",
    discussion: """
      Each file (or archive member) gives one JSON Lines row: its SHA-256, status, format, \
      profile, raw/live/refined figures as `analyze --json` prints them, the device's totals, \
      verdicts and reader notes. A file that cannot be read gives an error row and the batch \
      goes on; the exit status is 1 if any failed. Rows come in the files' order whatever \
      --jobs is. Archives are read in place, never unpacked to disk. A folder's file is \
      taken by its extension (gpx, tcx, fit, nmea, nma, csv, geojson, and their .gz) or by \
      its content (a GnssLogger .txt, a receiver's .log); the last line counts the files \
      passed over.
      """)

  @Argument(
    help: "Activity files, folders, .gz files and .zip archives (a Strava or Garmin export).")
  var paths: [String]

  @Flag(help: "Look into subfolders of the folders given.")
  var recursive = false

  @Option(help: "Files measured at once (default: every core).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(
    help:
      "Write the summary here: JSON Lines, or CSV for a .csv name (default: JSON Lines on standard output)."
  )
  var summary: String?

  @Option(
    help:
      "Write cleaned files (--clean) and/or reports (--report) here, under the inputs' relative paths."
  )
  var out: String?

  @Flag(help: "Write each file's cleaned GPX into --out.")
  var clean = false

  @Flag(help: "Write each file's HTML report into --out.")
  var report = false

  @Option(
    help: "The profile of every file: walking, running, cycling or driving (default: running).")
  var profile: ActivityKind?

  @Flag(
    help: """
      Take each file's profile from its sport (FIT, TCX), else --profile, else the slowest \
      profile its motion allows, as analyze chooses.
      """)
  var profileFromSport = false

  @Flag(
    help: "Keep the rows already in --summary (same content and configuration) and do the rest.")
  var resume = false

  @Option(
    help:
      "Only shard I of N (I from 0), by a stable hash of each file's relative path; or auto (Slurm job array, or JOB_COMPLETION_INDEX with --shard-count)."
  )
  var shard: String?

  @Option(help: "The number of shards for --shard auto under a Kubernetes Indexed Job.")
  var shardCount: Int?

  @Option(
    help:
      "Progress on standard error: auto (a live line on a terminal, plain lines otherwise), plain or none."
  )
  var progress: BatchProgressStyle = .auto

  @OptionGroup var inputOptions: InputOptions

  @OptionGroup var terrainOptions: TerrainOptions

  func validate() throws {
    guard !paths.isEmpty else {
      throw ValidationError("Give at least one file, folder or archive.")
    }
    guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    if resume && summary == nil {
      throw ValidationError("--resume needs --summary FILE to resume from")
    }
    if (clean || report) && out == nil {
      throw ValidationError("--clean and --report write into --out DIR")
    }
    if let shard, shard != "auto", Shard(shard) == nil {
      throw ValidationError("--shard must be I/N with 0 <= I < N, or auto (not \(shard))")
    }
  }

  func run() throws {
    let configuration = BatchConfiguration(
      profile: profile, profileFromSport: profileFromSport, strict: inputOptions.strict,
      outputDirectory: out, writesCleanedFiles: clean, writesReports: report,
      terrainDirectory: terrainOptions.dem)
    var listing = try BatchSources.listing(in: paths, recursive: recursive)
    if let shard {
      guard let selected = shard == "auto" ? Shard.automatic(count: shardCount) : Shard(shard)
      else {
        throw ValidationError(
          "--shard auto: no SLURM_ARRAY_TASK_ID (with SLURM_ARRAY_TASK_COUNT), nor JOB_COMPLETION_INDEX with --shard-count"
        )
      }
      listing.sources = listing.sources.filter { selected.contains(relativePath: $0.relativePath) }
      listing.passedOver = listing.passedOver.filter(selected.contains(relativePath:))
    }
    let sources = listing.sources
    let file = try summary.map { try SummaryFile(path: $0, resuming: resume) }
    if let file,
      let other = file.existingConfigurationHashes.first(where: { $0 != configuration.hash })
    {
      throw BatchError(
        "\(file.path): its rows were made with configuration \(other), this batch's is "
          + "\(configuration.hash) (another --profile, --profile-from-sport, --strict or engine): "
          + "resume with the same options, or write a new summary")
    }
    var display = BatchProgressDisplay(style: progress)
    let runner = BatchRunner(
      configuration: configuration, jobs: jobs,
      elevationModel: try terrainOptions.elevationModel())
    let totals = try runner.run(
      sources, skippingRowsOf: file,
      emit: { row in
        if let file { try file.append(row) } else { print(try row.jsonLine()) }
      },
      progress: { display.show($0) })
    display.finish()
    var lines = Self.totalsLine(totals, fileCount: sources.count)
    if let passed = Self.passedOverLine(listing) { lines += "\n" + passed }
    if summary == nil {
      FileHandle.standardError.write(Data((lines + "\n").utf8))
    } else {
      print(lines)
    }
    if totals.failed > 0 { throw ExitCode(1) }
  }

  /// `120 files: 118 measured, 2 failed, 0 skipped (already in the summary); 431,220 fixes, 1,204.3 km`.
  static func totalsLine(_ totals: BatchRunner.Totals, fileCount: Int) -> String {
    "\(Formatting.count(fileCount, "file")): \(Formatting.count(totals.measured)) measured, "
      + "\(Formatting.count(totals.failed)) failed, \(Formatting.count(totals.skipped)) skipped "
      + "(already in the summary); \(Formatting.count(totals.fixes, "fix", plural: "fixes")), "
      + String(format: "%.1f km", totals.refinedDistanceMeters / 1000)
  }
}

extension BatchRunCommand {
  /// `passed over (no activity file by name or content): 26 files, .md 12, .tsv 8, .jpg 6`,
  /// at most five extensions named; nil when nothing was passed over.
  static func passedOverLine(_ listing: SourceListing) -> String? {
    guard !listing.passedOver.isEmpty else { return nil }
    let groups = listing.passedOverByExtension
    var named = groups.prefix(5).map { "\($0.name) \(Formatting.count($0.count))" }
    if groups.count > 5 { named.append("...") }
    return "passed over (no activity file by name or content): "
      + ([Formatting.count(listing.passedOver.count, "file")] + named).joined(separator: ", ")
  }
}

/// `tracksift batch merge SUMMARY...`.
struct BatchMergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join shard summaries into one, in one machine's order, refusing a file seen twice.")

  @Argument(help: "The shards' summaries (all JSON Lines, or all CSV).")
  var summaries: [String]

  @Option(name: .shortAndLong, help: "Write the merged summary here (default: standard output).")
  var output: String?

  func run() throws {
    let merged = try SummaryMerge.merge(summaries)
    let text = merged.lines.map { $0 + "\n" }.joined()
    let line =
      "merged \(Formatting.count(summaries.count, "summary", plural: "summaries")): "
      + BatchRunCommand.totalsLine(
        merged.totals, fileCount: merged.totals.measured + merged.totals.failed)
    if let output {
      try OutputFile.write(text, to: output, inputs: summaries)
      print(line)
    } else {
      print(text, terminator: "")
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    if merged.totals.failed > 0 { throw ExitCode(1) }
  }
}
