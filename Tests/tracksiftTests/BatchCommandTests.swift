import Foundation
import Testing
import TrackSiftArchives
import TrackSiftBatch
import TrackSiftTestSupport
import ZIPFoundation

/// `tracksift batch` and `batch merge` on a folder holding plain, .gz and zipped files made
/// from the project's own simulated recordings, and on the shared recordings.
@Suite(.serialized) struct BatchCommandTests {
  /// The inputs of a corpus and, for each row's file, the plain file it was made from.
  struct Corpus {
    var directory: URL
    var originals: [String: URL]
  }

  /// `inputs/`: a.gpx, b.gpx.gz, broken.gpx, damaged.zip, export.zip (activities/c.gpx and
  /// activities/d.tcx.gz, as a Strava export holds them), sub/e.gpx; `runs` more plain GPX
  /// files `more/N.gpx` for the resume and shard tests.
  static func corpus(more extra: Int = 0, seconds: Int = 600) throws -> Corpus {
    let directory = try CommandRunner.temporaryDirectory()
    let inputs = directory.appendingPathComponent("inputs")
    let made = directory.appendingPathComponent("made")
    try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: inputs.appendingPathComponent("sub"), withIntermediateDirectories: true)
    var runs: [URL] = []
    for seed in 1...(4 + extra) {
      let path = made.appendingPathComponent("run-\(seed).gpx")
      let result = try CommandRunner.run([
        "simulate", "--seed", "\(seed)", "--duration-seconds", "\(seconds)", "-o", path.path,
      ])
      try #require(result.status == 0, "\(result.standardError)")
      runs.append(path)
    }
    let tcx = made.appendingPathComponent("run-1.tcx")
    try #require(try CommandRunner.run(["convert", runs[0].path, "-o", tcx.path]).status == 0)
    try FileManager.default.copyItem(at: runs[0], to: inputs.appendingPathComponent("a.gpx"))
    try Gzip.compress(Data(contentsOf: runs[1]))
      .write(to: inputs.appendingPathComponent("b.gpx.gz"))
    try Data("<?xml version=\"1.0\"?><gpx><trk><trkseg><trkpt lat=\"x\"".utf8)
      .write(to: inputs.appendingPathComponent("broken.gpx"))
    try Data("not a zip".utf8).write(to: inputs.appendingPathComponent("damaged.zip"))
    let archive = try Archive(
      url: inputs.appendingPathComponent("export.zip"), accessMode: .create)
    for (name, data) in [
      ("activities/c.gpx", try Data(contentsOf: runs[2])),
      ("activities/d.tcx.gz", Gzip.compress(try Data(contentsOf: tcx))),
    ] {
      try archive.addEntry(
        with: name, type: .file, uncompressedSize: Int64(data.count),
        compressionMethod: .deflate,
        provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
    }
    try FileManager.default.copyItem(at: runs[3], to: inputs.appendingPathComponent("sub/e.gpx"))
    var originals = [
      "a.gpx": runs[0], "b.gpx.gz": runs[1], "export.zip/activities/c.gpx": runs[2],
      "export.zip/activities/d.tcx.gz": tcx, "sub/e.gpx": runs[3],
    ]
    if runs.count > 4 {
      try FileManager.default.createDirectory(
        at: inputs.appendingPathComponent("more"), withIntermediateDirectories: true)
      for (index, run) in runs.dropFirst(4).enumerated() {
        let name = "more/\(index).gpx"
        try FileManager.default.copyItem(at: run, to: inputs.appendingPathComponent(name))
        originals[name] = run
      }
    }
    return Corpus(directory: directory, originals: originals)
  }

  static func lines(_ path: URL) throws -> [String] {
    try String(contentsOf: path, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  static func object(_ text: some StringProtocol) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  private func batch(_ arguments: [String], in corpus: Corpus) throws -> CommandRunner.Output {
    try CommandRunner.run(
      ["batch", "inputs", "--progress", "none"] + arguments, in: corpus.directory)
  }

  @Test func everyFileGetsARowEqualToAnalyze() throws {
    let corpus = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: corpus.directory) }
    let summary = corpus.directory.appendingPathComponent("summary.jsonl")
    let result = try batch(["--recursive", "--summary", summary.path], in: corpus)
    // The damaged file fails: exit status 1, and the last line says how many.
    #expect(result.status == 1)
    #expect(result.standardOutput.hasPrefix("7 files: 5 measured, 2 failed, 0 skipped"))
    let rows = try Self.lines(summary).map(Self.object)
    #expect(
      rows.map { $0["file"] as? String } == [
        "a.gpx", "b.gpx.gz", "broken.gpx", "damaged.zip", "export.zip/activities/c.gpx",
        "export.zip/activities/d.tcx.gz", "sub/e.gpx",
      ])
    let broken = rows[2]
    #expect(broken["status"] as? String == "error")
    #expect((broken["error"] as? String)?.contains("broken.gpx") == true)
    #expect((rows[3]["error"] as? String)?.contains("not a zip archive") == true)
    #expect(rows[4]["member"] as? String == "activities/c.gpx")
    for row in rows where row["status"] as? String == "ok" {
      let file = try #require(row["file"] as? String)
      #expect((row["sha256"] as? String)?.count == 64)
      let analyze = try CommandRunner.run([
        "analyze", "--json", "--profile", "running", try #require(corpus.originals[file]).path,
      ])
      var expected = try Self.object(analyze.standardOutput)
      var actual = try #require(row["analysis"] as? [String: Any])
      for key in ["file", "profileReason"] {
        expected[key] = nil
        actual[key] = nil
      }
      // A row carries the grade figures without the windows `analyze --json` lists.
      if var grade = expected["grade"] as? [String: Any] {
        #expect(grade["windows"] is [Any], "\(file)")
        grade["windows"] = nil
        expected["grade"] = grade
        #expect((actual["grade"] as? [String: Any])?["windows"] == nil, "\(file)")
      }
      #expect(NSDictionary(dictionary: actual).isEqual(to: expected), "\(file)")
    }
    // Without --recursive the subfolder is left out.
    let flat = try batch([], in: corpus)
    #expect(flat.standardOutput.split(separator: "\n").count == 6)
  }

  /// A receiver's log named `.log` is measured by its content; a file that is no activity
  /// file (a `.txt` that is no GnssLogger log included) is passed over, and the batch says so.
  @Test func aLogIsMeasuredByItsContentAndTheRestIsNamed() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("inputs")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    let nmea = directory.appendingPathComponent("run.nmea")
    let simulated = try CommandRunner.run([
      "simulate", "--seed", "3", "--duration-seconds", "300", "-o", nmea.path,
    ])
    try #require(simulated.status == 0, "\(simulated.standardError)")
    let log = inputs.appendingPathComponent("receiver.log")
    try FileManager.default.copyItem(at: nmea, to: log)
    try Data("# Notes\n".utf8).write(to: inputs.appendingPathComponent("notes.md"))
    try Data("not an activity\n".utf8).write(to: inputs.appendingPathComponent("app.log"))
    try Data("exported 2026\n".utf8).write(to: inputs.appendingPathComponent("README.txt"))
    let result = try CommandRunner.run(["batch", inputs.path, "--progress", "none"])
    #expect(result.status == 0, "\(result.standardError)")
    let rows = try result.standardOutput.split(separator: "\n").map(Self.object)
    #expect(rows.map { $0["file"] as? String } == ["receiver.log"])
    let analyze = try CommandRunner.run(["analyze", "--json", "--profile", "running", log.path])
    let expected = try Self.object(analyze.standardOutput)["refined"] as? [String: Any]
    let actual = (rows.first?["analysis"] as? [String: Any])?["refined"] as? [String: Any]
    #expect(actual?["distanceMeters"] as? Double == expected?["distanceMeters"] as? Double)
    #expect(
      result.standardError.hasSuffix(
        "\npassed over (no activity file by name or content): 3 files, .log 1, .md 1, .txt 1\n"))
  }

  @Test func oneJobOrTwoGiveTheSameSummary() throws {
    let corpus = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: corpus.directory) }
    let one = try batch(["--recursive", "--jobs", "1"], in: corpus)
    let two = try batch(["--recursive", "--jobs", "2"], in: corpus)
    #expect(one.standardOutput == two.standardOutput)
    #expect(one.standardOutput.split(separator: "\n").count == 7)
    // CSV too.
    let csv = corpus.directory.appendingPathComponent("summary.csv")
    _ = try batch(["--recursive", "--summary", csv.path], in: corpus)
    let csvLines = try Self.lines(csv)
    #expect(csvLines.count == 8)
    #expect(csvLines[0].hasPrefix("schema,file,path,member,sha256,status,error"))
  }

  @Test func writesCleanedFilesAndReportsUnderTheRelativePaths() throws {
    let corpus = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: corpus.directory) }
    let result = try batch(["--recursive", "--out", "out", "--clean", "--report"], in: corpus)
    #expect(result.status == 1)
    let out = corpus.directory.appendingPathComponent("out")
    for measured in [
      "a.gpx", "b.gpx", "export.zip/activities/c.gpx", "export.zip/activities/d.tcx", "sub/e.gpx",
    ] {
      let cleaned = out.appendingPathComponent(measured + ".cleaned.gpx")
      let page = out.appendingPathComponent(measured + ".html")
      #expect(try String(contentsOf: cleaned, encoding: .utf8).contains("<trkpt"), "\(measured)")
      #expect(try String(contentsOf: page, encoding: .utf8).hasSuffix("</html>"), "\(measured)")
    }
    #expect(
      !FileManager.default.fileExists(atPath: out.appendingPathComponent("broken.gpx.html").path))
    // No temporary file is left behind.
    let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { path in
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: out.appendingPathComponent(path).path, isDirectory: &isFolder)
      return exists && !isFolder.boolValue
    }
    #expect(files.count == 10)
    #expect(files.allSatisfy { $0.hasSuffix(".html") || $0.hasSuffix(".cleaned.gpx") })
    // --clean needs --out.
    let refused = try batch(["--clean"], in: corpus)
    #expect(refused.status != 0 && refused.standardError.contains("--out"))
  }

  @Test func plainProgressOnStandardError() throws {
    let corpus = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: corpus.directory) }
    let result = try CommandRunner.run(
      ["batch", "inputs", "--recursive", "--progress", "plain"], in: corpus.directory)
    #expect(result.standardError.components(separatedBy: "batch: 7/7 files, ").count == 2)
    #expect(result.standardError.contains(" fixes/s, left 0:00"))
    // The rows on standard output, the totals on standard error.
    #expect(result.standardOutput.split(separator: "\n").count == 7)
    #expect(result.standardError.contains("7 files: 5 measured, 2 failed, 0 skipped"))
  }

  /// A batch killed (SIGKILL) at random moments and resumed each time ends with the summary
  /// of a batch never interrupted.
  @Test func killedTenTimesAndResumedGivesTheUninterruptedSummary() throws {
    // Enough work (about 30 files of half an hour) that ten kills land before the end.
    let corpus = try Self.corpus(more: 24, seconds: 1_800)
    defer { try? FileManager.default.removeItem(at: corpus.directory) }
    let whole = corpus.directory.appendingPathComponent("whole.jsonl")
    _ = try batch(["--recursive", "--summary", whole.path], in: corpus)
    let resumed = corpus.directory.appendingPathComponent("resumed.jsonl")
    var generator = SystemRandomNumberGenerator()
    var kills = 0
    var finished = false
    while !finished {
      let process = Process()
      let binary = try #require(CommandRunner.binary)
      process.executableURL = binary
      process.currentDirectoryURL = corpus.directory
      process.arguments =
        [
          "batch", "inputs", "--recursive", "--progress", "none", "--jobs", "2", "--summary",
          resumed.path,
        ] + (FileManager.default.fileExists(atPath: resumed.path) ? ["--resume"] : [])
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      if kills < 10 {
        usleep(UInt32.random(in: 30_000...250_000, using: &generator))
        if process.isRunning {
          kill(process.processIdentifier, SIGKILL)
          kills += 1
        }
      }
      process.waitUntilExit()
      finished = process.terminationReason == .exit
    }
    #expect(kills == 10)
    #expect(try Data(contentsOf: resumed) == Data(contentsOf: whole))
    // Resuming with other options is refused: the rows would not be alike.
    let other = try batch(
      ["--recursive", "--summary", resumed.path, "--resume", "--profile", "cycling"], in: corpus)
    #expect(other.status != 0 && other.standardError.contains("made with configuration"))
  }

  @Test func fourShardsMergeToTheWholeBatch() throws {
    let corpus = try Self.corpus(more: 4)
    defer { try? FileManager.default.removeItem(at: corpus.directory) }
    let whole = corpus.directory.appendingPathComponent("whole.jsonl")
    _ = try batch(["--recursive", "--summary", whole.path], in: corpus)
    var shards: [String] = []
    for index in 0..<4 {
      let path = corpus.directory.appendingPathComponent("shard-\(index).jsonl").path
      let result = try CommandRunner.run(
        [
          "batch", "inputs", "--recursive", "--progress", "none", "--shard", "auto", "--summary",
          path,
        ],
        environment: ["SLURM_ARRAY_TASK_ID": "\(index)", "SLURM_ARRAY_TASK_COUNT": "4"],
        in: corpus.directory)
      #expect(result.status <= 1, "\(result.standardError)")
      shards.append(path)
    }
    let merged = corpus.directory.appendingPathComponent("merged.jsonl")
    let merge = try CommandRunner.run(["batch", "merge", "-o", merged.path] + shards)
    #expect(merge.standardOutput.contains("11 files: 9 measured, 2 failed"))
    #expect(try Data(contentsOf: merged) == Data(contentsOf: whole))
    // A shard given twice is refused.
    let twice = try CommandRunner.run(["batch", "merge"] + shards + [shards[0]])
    #expect(twice.status != 0 && twice.standardError.contains("in one shard only"))
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func everySharedRecordingGetsARow() throws {
    let data = try #require(CommandRunner.sharedData)
    let listing = try BatchSources.listing(in: [data.path], recursive: true)
    let result = try CommandRunner.run([
      "batch", data.path, "--recursive", "--progress", "none", "--profile-from-sport",
    ])
    let rows = result.standardOutput.split(separator: "\n")
    #expect(rows.count == listing.sources.count)
    #expect(result.standardError.contains("\(listing.sources.count) files"))
    // gpsd's logs (`.log`) are read by their content; what is passed over is named.
    #expect(listing.sources.contains { $0.relativePath.hasSuffix("nmea-gpsd/ublox-8.log") })
    #expect(
      result.standardError.contains(
        "passed over (no activity file by name or content): \(listing.passedOver.count) files"))
  }
}
