import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats

/// `tracksift clean FILE -o OUT.gpx`: the accepted fixes at filtered positions, each stop one
/// held position, so that the file measures the distance `analyze` reports.
struct CleanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clean",
    abstract: "Write a cleaned GPX: bad fixes removed, positions filtered, stops held.",
    discussion: """
      The file's own length is the distance `analyze` reports for the positions written \
      (refined by default): each stop is written as one held position with its times, the \
      smoother's path is drawn across a signal loss the person moved through (points with a \
      time and a position only), and each fix carries the speed that distance was counted \
      with and whether its step counted, so that `analyze` of the file gives the same refined \
      figures. --tolerance-meters \
      simplifies the route for display, never removing more than 0.1 % of its length.
      """)

  @Argument(
    help: "A GPX, TCX, FIT, NMEA, CSV, GeoJSON or Android GnssLogger file (told apart by content).")
  var file: String

  @OptionGroup var inputOptions: InputOptions

  @Option(name: .shortAndLong, help: "The GPX file to write.")
  var output: String

  @OptionGroup var profileOptions: ProfileOptions

  @Option(
    parsing: .unconditional,
    help: """
      Simplify for display: Douglas-Peucker tolerance in meters, lowered where it would \
      shorten the route by more than 0.1 %; 0 (the default) keeps every accepted fix.
      """)
  var toleranceMeters: Double = 0

  @Option(help: "Positions to write: rts (smoothed), live (as recorded live) or none (as read).")
  var smoother: Smoothing = .rts

  func validate() throws {
    guard toleranceMeters.isFinite, toleranceMeters >= 0 else {
      throw ValidationError("--tolerance-meters must be a number of meters, 0 or more")
    }
  }

  func run() throws {
    try OutputFile.refuseOverwriting(inputs: [file], output: output)
    let input = try inputOptions.read(file)
    InputFile.printNote(of: input)
    let track = input.track
    let choice = profileOptions.choice(for: input)
    let analysis = choice.analysis(of: track)
    let written = analysis.cleaned(
      from: track, smoothing: smoother, toleranceMeters: toleranceMeters)
    let cleaned = written.track
    let document = GPXDocument(
      creator: "TrackSift", name: track.name,
      activities: choice.writtenActivities(of: cleaned, sourceSegments: written.sourceSegments))
    try OutputFile.write(to: output, inputs: [file]) { try GPXWriter.write(document, to: $0) }
    print(
      "\(output): \(Formatting.count(cleaned.fixCount, "point")) written of "
        + "\(Formatting.count(track.fixCount)) read "
        + "(\(Formatting.count(analysis.verdictCounts.rejectedCount)) rejected); "
        + choice.description)
    let reported = smoother == .live ? analysis.liveMetrics : analysis.refinedMetrics
    print(Self.lengthLine(cleaned.pathLengthMeters, reported.distanceMeters, smoother))
  }

  /// The written file's own length beside the distance it stands for.
  static func lengthLine(_ lengthMeters: Double, _ distanceMeters: Double, _ smoother: Smoothing)
    -> String
  {
    let figure = smoother == .live ? "live" : "refined"
    var line =
      "Length \(String(format: "%.1f", lengthMeters)) m; \(figure) distance "
      + "\(String(format: "%.1f", distanceMeters)) m"
    if distanceMeters > 0 {
      line += String(format: " (%+.2f %%)", (lengthMeters / distanceMeters - 1) * 100)
    }
    return line
  }
}
