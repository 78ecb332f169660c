import ArgumentParser
import Foundation
import TrackSift
import TrackSiftBatch
import TrackSiftFormats
import TrackSiftSimulation

/// `tracksift bench [batch]`: times GPX, TCX and FIT parsing, the whole analysis and
/// Douglas-Peucker in this build.
///
/// Build with `-c release`; a debug build is many times slower.
struct BenchBatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract:
      "Time GPX, TCX and FIT parsing, the analysis pipeline and Douglas-Peucker (use a release build)."
  )

  @Argument(
    help: "A GPX file; without one, a simulated run of --points seconds at 1 Hz is used.")
  var file: String?

  @Option(
    parsing: .unconditional,
    help: "Seconds of the simulated run when no file is given (about one fix a second).")
  var points: Int = 1_000_000

  @Option(
    name: .customLong("repeat"), parsing: .unconditional,
    help: "Runs per stage; the median is reported.")
  var repetitions: Int = 5

  @Option(parsing: .unconditional, help: "Douglas-Peucker tolerance in meters.")
  var toleranceMeters: Double = 3

  @Option(
    help: """
      A FIT file for the FIT stage; by default the largest FIT activity of ../shared/data, \
      when it is there.
      """)
  var fit: String?

  @Flag(help: "Print the results as JSON.")
  var json = false

  func validate() throws {
    guard repetitions >= 1, repetitions <= 1_000 else {
      throw ValidationError("--repeat must be between 1 and 1000")
    }
    guard points >= 2, points <= 50_000_000 else {
      throw ValidationError("--points must be between 2 and 50,000,000 (not \(points))")
    }
    guard toleranceMeters.isFinite, toleranceMeters >= 0 else {
      throw ValidationError("--tolerance-meters must be a number of meters, 0 or more")
    }
  }

  func run() throws {
    // The simulated GPX and the TCX made from it (81 MB for a million points) are removed
    // at the end.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracksift-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try file ?? simulatedFile(in: scratch)
    let url = URL(fileURLWithPath: path)
    let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    var document = GPXDocument()
    // As `analyze` reads: from the file (memory-mapped, pages given back as they are parsed).
    let parseSeconds = try median {
      document = GPXDocument()
      document = try GPXReader.read(contentsOf: url)
    }
    var track = Track(segments: document.tracks.flatMap(\.segments))
    let fixCount = track.fixCount
    document = GPXDocument()

    // The same track as TCX, read as `analyze` reads it.
    let tcxURL = scratch.appendingPathComponent(
      "\(url.deletingPathExtension().lastPathComponent).tcx")
    try TCXWriter.write(track, to: tcxURL, sport: "Running")
    let tcxBytes = try FileManager.default.attributesOfItem(atPath: tcxURL.path)[.size] as? Int ?? 0
    let tcxSeconds = try median { _ = try TCXReader.read(contentsOf: tcxURL) }

    // A real FIT file is small: decode it from memory often enough for the clock.
    var fitStage: BenchResult.Parse?
    if let fitPath = fit ?? Self.defaultFITFile {
      let data = try Data(contentsOf: URL(fileURLWithPath: fitPath))
      let rounds = max(1, 100_000_000 / max(1, data.count))
      var fitFixes = 0
      let fitSeconds = try median {
        for _ in 0..<rounds { fitFixes = try FITReader.read(data: data).track.fixCount }
      }
      fitStage = .init(
        file: fitPath, medianSeconds: fitSeconds / Double(rounds),
        megabytesPerSecond: Double(data.count * rounds) / 1e6 / fitSeconds,
        pointsPerSecond: Double(fitFixes * rounds) / fitSeconds)
    }

    var acceptedCount = 0
    let analysisSeconds = median {
      acceptedCount = TrackAnalysis(track: track).verdictCounts.acceptedCount
    }

    let coordinates = track.allFixes.map(\.coordinate)
    track = Track()
    var kept = 0
    let simplifySeconds = median {
      kept =
        DouglasPeucker.simplifiedIndices(of: coordinates, toleranceMeters: toleranceMeters)
        .count
    }

    let result = BenchResult(
      file: path, bytes: bytes, fixes: fixCount, repetitions: repetitions,
      gpxParse: .init(
        file: path, medianSeconds: parseSeconds,
        megabytesPerSecond: Double(bytes) / 1e6 / parseSeconds,
        pointsPerSecond: Double(fixCount) / parseSeconds),
      tcxParse: .init(
        file: tcxURL.path, medianSeconds: tcxSeconds,
        megabytesPerSecond: Double(tcxBytes) / 1e6 / tcxSeconds,
        pointsPerSecond: Double(fixCount) / tcxSeconds),
      fitDecode: fitStage,
      analysis: .init(
        medianSeconds: analysisSeconds, fixesPerSecond: Double(fixCount) / analysisSeconds,
        accepted: acceptedCount),
      douglasPeucker: .init(
        medianSeconds: simplifySeconds,
        pointsPerSecond: Double(coordinates.count) / simplifySeconds, kept: kept),
      peakResidentMegabytes: BenchTiming.peakResidentMegabytes())
    if json {
      print(try JSONText.printable(result))
    } else {
      print(result.text)
    }
  }

  /// The largest FIT activity of the shared data, when it is beside the repository.
  private static let defaultFITFile: String? = {
    let path = "../shared/data/corpus/fit/activities/activity-large-fenxi2-multisport.fit"
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }()

  private func simulatedFile(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("simulated-\(points).gpx").path
    // The suburban phone run `simulate` makes by default, a fix a second.
    let recording = ScenarioSimulator(
      configuration: ScenarioConfiguration(durationSeconds: points, seed: 7)
    ).run()
    try GPXWriter.write(
      GPXDocument(creator: "TrackSift bench", tracks: [recording.track]),
      to: URL(fileURLWithPath: path))
    return path
  }

  private func median(_ body: () throws -> Void) rethrows -> Double {
    try BenchTiming.medianSeconds(repetitions: repetitions, body)
  }
}

/// The figures `bench` prints.
struct BenchResult: Encodable {
  struct Parse: Encodable {
    var file: String
    var medianSeconds: Double
    var megabytesPerSecond: Double
    var pointsPerSecond: Double
  }
  struct Analysis: Encodable {
    var medianSeconds: Double
    var fixesPerSecond: Double
    var accepted: Int
  }
  struct Simplification: Encodable {
    var medianSeconds: Double
    var pointsPerSecond: Double
    var kept: Int
  }
  var file: String
  var bytes: Int
  var fixes: Int
  var repetitions: Int
  var gpxParse: Parse
  var tcxParse: Parse
  var fitDecode: Parse?
  var analysis: Analysis
  var douglasPeucker: Simplification
  var peakResidentMegabytes: Double

  var text: String {
    func parseRow(_ name: String, _ stage: Parse) -> [String] {
      [
        name, String(format: "%.4f s", stage.medianSeconds),
        String(
          format: "%.0f MB/s, %.2f M points/s", stage.megabytesPerSecond,
          stage.pointsPerSecond / 1e6),
      ]
    }
    let rows: [[String]] =
      [
        ["stage", "median", "throughput"], parseRow("GPX parse", gpxParse),
        parseRow("TCX parse", tcxParse),
      ] + (fitDecode.map { [parseRow("FIT decode", $0)] } ?? []) + [
        [
          "analysis", String(format: "%.3f s", analysis.medianSeconds),
          String(format: "%.2f M fixes/s", analysis.fixesPerSecond / 1e6),
        ],
        [
          "Douglas-Peucker", String(format: "%.3f s", douglasPeucker.medianSeconds),
          String(
            format: "%.2f M points/s (kept %d)", douglasPeucker.pointsPerSecond / 1e6,
            douglasPeucker.kept),
        ],
      ]
    return "\(file): \(Formatting.count(bytes)) bytes, \(Formatting.count(fixes)) fixes, "
      + "median of \(repetitions)\n" + Formatting.table(rows)
      + String(format: "\npeak resident memory %.0f MB", peakResidentMegabytes)
  }
}
