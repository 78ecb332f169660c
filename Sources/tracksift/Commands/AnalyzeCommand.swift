import ArgumentParser
import Foundation
import TrackSift

/// `tracksift analyze FILE`: the figures of an activity, raw, live and refined.
struct AnalyzeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Print distance, times, pace, splits and verdict counts of an activity file.")

  @Argument(help: "A GPX, TCX, FIT, NMEA, CSV or Android GnssLogger file (told apart by content).")
  var file: String

  @Option(help: "The activity's thresholds: walking, running, cycling or driving.")
  var profile: ActivityKind = .running

  @Option(help: "Split unit of the splits table: km or mi.")
  var splits: SplitUnitArgument = .km

  @Flag(help: "Print one JSON object instead of the tables.")
  var json = false

  @Flag(help: "Refuse a damaged file, or a log with a bad line, instead of reading around it.")
  var strict = false

  func run() throws {
    let input = try TrackInput.load(path: file, strict: strict)
    let analysis = TrackAnalysis(track: input.track, profile: ActivityProfile(activity: profile))
    // Times that cannot drive the motion model are set aside: say why on the `Read:` line.
    let unusable = analysis.segments.map(\.timeUsability).first {
      ![.usable, .noTimes].contains($0)
    }
    let report = AnalysisReport(
      file: file, track: input.track, analysis: analysis, device: input.deviceTotals,
      readerNote: TrackInput.joined([
        input.note, unusable.map { "times not used (\($0.explanation))" },
      ]))
    if json {
      print(try report.json())
    } else {
      print(report.text(splitUnit: splits.unit))
    }
  }
}

/// `km` or `mi` on the command line.
enum SplitUnitArgument: String, ExpressibleByArgument, CaseIterable {
  case km
  case mi

  var unit: SplitUnit { self == .km ? .kilometer : .mile }
}
