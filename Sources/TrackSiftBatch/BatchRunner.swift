import Crypto
import Foundation
import TrackSift
import TrackSiftArchives
import TrackSiftFormats

/// Runs activity files through the pipeline on several threads and hands their rows back in
/// the files' order, whatever the number of threads.
///
/// At most ``jobs`` files are in flight (read, analysed, written), so memory is bounded by a
/// few files, not by the archive. A file that cannot be read or measured becomes an error row
/// and the batch goes on.
public struct BatchRunner: Sendable {
  /// What a batch has done so far.
  public struct Progress: Sendable {
    /// Files done (measured, failed or skipped) and in all.
    public var filesDone: Int
    public var fileCount: Int
    /// Fixes read so far.
    public var fixesDone: Int
    /// The file whose row was handed back last.
    public var current: String
  }

  /// What a batch did.
  public struct Totals: Sendable, Equatable {
    /// Files measured.
    public var measured = 0
    /// Files that could not be read or measured (error rows).
    public var failed = 0
    /// Files left out because the summary already held their row (`--resume`).
    public var skipped = 0
    /// Fixes read in the measured files.
    public var fixes = 0
    /// The measured files' refined distance, in meters.
    public var refinedDistanceMeters = 0.0

    /// Counts one row: a measured file with its fixes and distance, or a failure.
    mutating func count(_ status: BatchRow.Status, fixes: Int?, refinedDistanceMeters: Double?) {
      guard status == .ok else {
        failed += 1
        return
      }
      measured += 1
      self.fixes += fixes ?? 0
      self.refinedDistanceMeters += refinedDistanceMeters ?? 0
    }
  }

  /// How each file is treated.
  public var configuration: BatchConfiguration
  /// Files processed at once (at least 1).
  public var jobs: Int
  /// The terrain model every file's climb is counted on where it covers the track (the tiles
  /// of ``BatchConfiguration/terrainDirectory``), if any.
  public var elevationModel: (any ElevationModel)?

  /// A runner of `jobs` threads (all cores by default).
  public init(
    configuration: BatchConfiguration,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    elevationModel: (any ElevationModel)? = nil
  ) {
    self.configuration = configuration
    self.elevationModel = elevationModel
    self.jobs = max(1, jobs)
  }

  /// A file's outcome: its row, or nothing when resuming found it done.
  enum Outcome {
    case row(BatchRow)
    case skipped
  }

  /// Runs `sources`, handing each row to `emit` on the calling thread in the sources' order.
  ///
  /// - Parameters:
  ///   - sources: the files, in the order their rows are wanted.
  ///   - done: the rows already in a resumed summary: a source whose name, place, content
  ///     (SHA-256) and configuration hash match one is skipped.
  ///   - emit: receives each new row; an error it throws stops the batch (files in flight
  ///     finish, none is started) and is rethrown.
  ///   - progress: told after each file.
  public func run(
    _ sources: [ActivitySource], skippingRowsOf done: SummaryFile? = nil,
    emit: (BatchRow) throws -> Void, progress: (Progress) -> Void = { _ in }
  ) throws -> Totals {
    let hash = configuration.hash
    let finished = Set(
      (done?.existingKeys ?? []).filter { $0.configurationHash == hash }.map { key in
        key.identity + "\u{0}" + (key.sha256 ?? Self.unreadable)
      })
    let queue = WorkQueue(count: sources.count, threads: jobs) { index in
      process(sources[index], skipping: finished)
    }
    var totals = Totals()
    for index in sources.indices {
      let outcome = queue.result(at: index)
      switch outcome {
      case .skipped:
        totals.skipped += 1
      case .row(let row):
        totals.count(
          row.status, fixes: row.analysis?.fixCount,
          refinedDistanceMeters: row.analysis?.refined.distanceMeters)
        do { try emit(row) } catch {
          queue.cancel()
          throw error
        }
      }
      progress(
        Progress(
          filesDone: index + 1, fileCount: sources.count, fixesDone: totals.fixes,
          current: sources[index].relativePath))
    }
    return totals
  }

  /// Reads, measures and writes the outputs of one file.
  func process(_ source: ActivitySource, skipping finished: Set<String>) -> Outcome {
    var row = BatchRow(
      file: source.relativePath, path: source.path, member: source.member, status: .error,
      configurationHash: configuration.hash)
    let identity = [source.relativePath, source.path, source.member ?? ""]
    let data: Data
    do { data = try ActivitySources.data(of: source, maximumBytes: Self.maximumFileBytes) } catch {
      // Still unreadable: the row already written says so.
      if finished.contains((identity + [Self.unreadable]).joined(separator: "\u{0}")) {
        return .skipped
      }
      row.error = error.description
      return .row(row)
    }
    let sha256 = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    row.sha256 = sha256
    if finished.contains((identity + [sha256]).joined(separator: "\u{0}")) { return .skipped }
    do {
      let file = try ActivityFile.read(
        data: data, name: source.nameWithoutCompression, strict: configuration.strict,
        allowingNoPositions: true)
      row.format = file.format.rawValue
      let choice = configuration.profileChoice(for: file)
      let analysis = choice.analysis(of: file.track, elevationModel: elevationModel)
      let sessions = SessionSummary.sessions(
        of: file, choice: choice, elevationModel: elevationModel)
      row.analysis = AnalysisSummary(
        file: source.relativePath, track: file.track, analysis: analysis,
        device: file.deviceTotals, readerNotes: file.notes, profileReason: choice.reason,
        sessions: sessions)
      try BatchOutputs(configuration: configuration).write(
        file, analysis: analysis, choice: choice, sessions: sessions, for: source)
      row.status = .ok
    } catch {
      row.error = "\(error)"
    }
    return .row(row)
  }

  /// Stands for the content of a file that could not be read, in resume keys.
  static let unreadable = "unreadable"

  /// The most bytes a file may hold once decompressed (a compressed bomb is refused).
  static let maximumFileBytes = 2_000_000_000
}
