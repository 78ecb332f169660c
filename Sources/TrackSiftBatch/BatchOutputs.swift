import Foundation
import TrackSift
import TrackSiftArchives
import TrackSiftFormats
import TrackSiftReport

/// The files a batch writes for each input under ``BatchConfiguration/outputDirectory``, at
/// the input's relative path without a `.gz`: `run.gpx` gives `run.gpx.cleaned.gpx` and
/// `run.gpx.html`. Each is written to a temporary file and renamed into place, so a killed
/// batch never leaves half a file.
struct BatchOutputs {
  var configuration: BatchConfiguration

  /// Writes what the configuration asks for of one file.
  func write(
    _ file: ActivityFile, analysis: TrackAnalysis, choice: ProfileChoice,
    sessions: [SessionSummary], for source: ActivitySource
  ) throws(BatchError) {
    guard let directory = configuration.outputDirectory,
      configuration.writesCleanedFiles || configuration.writesReports
    else { return }
    let base = try Self.destination(of: source, in: directory)
    if configuration.writesCleanedFiles, file.track.fixCount > 0 {
      let cleaned = analysis.cleaned(from: file.track)
      let document = GPXDocument(
        creator: "TrackSift", name: file.track.name,
        activities: choice.writtenActivities(
          of: cleaned.track, sourceSegments: cleaned.sourceSegments))
      try Self.write(GPXWriter.string(from: document), to: base + ".cleaned.gpx")
    }
    if configuration.writesReports {
      let activity = ReportedActivity(
        title: source.nameWithoutCompression, track: file.track, analysis: analysis,
        deviceTotals: file.deviceTotals, readerNotes: file.notes, metadata: file.metadata,
        profileName: choice.name, sessions: sessions)
      try Self.write(ActivityReport(activities: [activity]).html(), to: base + ".html")
    }
  }

  /// `directory` joined with the source's relative path less a `.gz`; its folders made.
  static func destination(of source: ActivitySource, in directory: String) throws(BatchError)
    -> String
  {
    var relative = source.relativePath
    if relative.lowercased().hasSuffix(".gz") { relative.removeLast(3) }
    let components = relative.split(separator: "/")
    guard !components.contains(".."), !components.isEmpty else {
      throw BatchError("\(source.relativePath): not a path inside the output folder")
    }
    let url = URL(fileURLWithPath: directory).appendingPathComponent(relative)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch { throw BatchError("\(url.deletingLastPathComponent().path): \(error)") }
    return url.path
  }

  /// Writes `text` to `path` through a temporary file renamed into place.
  static func write(_ text: String, to path: String) throws(BatchError) {
    do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
      throw BatchError("\(path): cannot write (\(error))")
    }
  }
}
