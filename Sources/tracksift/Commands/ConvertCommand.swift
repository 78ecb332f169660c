import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats

/// `tracksift convert IN -o OUT`: an activity file in another format.
struct ConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Convert an activity file to GPX, TCX, FIT, GeoJSON, CSV or NMEA.",
    discussion: """
      Every fix is written as read, segments kept (in time order, a time the file records \
      twice once, as every command reads it; the `Read:` line says so); CSV adds each fix's \
      verdict code and GeoJSON adds each point's verdict as a property with --properties. \
      With --clean, only the accepted fixes are written, at their smoothed positions, each \
      stop as one held position and each point with its refined speed, with the smoother's \
      path drawn across a signal loss, so the file measures the refined distance (the route \
      is not simplified); each point says whether its step counted, so `analyze` of the file \
      gives the same figures. FIT gets one record per fix (times in whole seconds), timer \
      events between segments and a lap and session with the totals computed from the fixes. \
      NMEA (RMC, GGA and GST sentences) keeps no segment boundaries, sensors or verdicts.
      """)

  /// An output format.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case gpx, tcx, fit, geojson, csv, nmea
  }

  @Argument(
    help: "A GPX, TCX, FIT, NMEA, CSV, GeoJSON or Android GnssLogger file (told apart by content).")
  var file: String

  @OptionGroup var inputOptions: InputOptions

  @Option(name: .shortAndLong, help: "The file to write.")
  var output: String

  @Option(help: "gpx, tcx, fit, geojson, csv or nmea; by default from the output's extension.")
  var format: Format?

  @OptionGroup var profileOptions: ProfileOptions

  @Flag(
    help: "Write only the accepted fixes, at their smoothed positions, stops held, refined speeds.")
  var clean = false

  @Flag(help: "GeoJSON: add each point's verdict as a property.")
  var properties = false

  func run() throws {
    let url = URL(fileURLWithPath: output)
    let extensionFormat = Format(
      rawValue: url.pathExtension.lowercased() == "json"
        ? "geojson" : url.pathExtension.lowercased())
    guard let format = format ?? extensionFormat else {
      throw ValidationError(
        "cannot tell the format from '\(output)': "
          + "give --format gpx, tcx, fit, geojson, csv or nmea")
    }
    try OutputFile.refuseOverwriting(inputs: [file], output: output)
    let input = try inputOptions.read(file)
    let choice = profileOptions.choice(for: input)
    let analysis = choice.analysis(of: input.track)
    let cleaned = clean ? analysis.cleaned(from: input.track) : nil
    let track = cleaned?.track ?? input.track
    // Each session of a multisport file, or the whole file, with the sport it was measured as.
    let activities = choice.writtenActivities(of: track, sourceSegments: cleaned?.sourceSegments)
    let verdicts: [[Verdict]] =
      clean
      ? track.segments.map { Array(repeating: .accepted, count: $0.fixes.count) }
      : analysis.verdicts
    // The cleaned track's fixes are new ones; only the file as read has speed verdicts.
    let speedVerdicts: [[SpeedVerdict]]? = clean ? nil : analysis.speedVerdicts
    try OutputFile.write(to: output, inputs: [file]) { url in
      switch format {
      case .gpx:
        try GPXWriter.write(
          GPXDocument(creator: "TrackSift", name: track.name, activities: activities), to: url)
      case .tcx:
        try TCXWriter.write(activities, to: url)
      case .fit:
        try FITWriter.write(activities, to: url)
      case .geojson:
        try GeoJSONWriter.write(
          track, to: url, verdicts: properties ? verdicts : nil,
          speedVerdicts: properties ? speedVerdicts : nil,
          options: GeoJSONWriter.Options(includesTimes: true, includesVerdicts: properties))
      case .csv:
        try FixCSVWriter.write(track, to: url, verdicts: verdicts, speedVerdicts: speedVerdicts)
      case .nmea:
        try NMEAWriter.write(track, to: url)
      }
    }
    print(
      "\(output): \(Formatting.fixes(track.fixCount)) in "
        + "\(Formatting.count(track.segments.count, "segment")) written as \(format.rawValue) "
        + "(from \(input.format.rawValue), \(Formatting.fixes(input.track.fixCount)) read)")
    if let note = input.note { print("Read: \(note)") }
  }
}
