import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats

/// `tracksift clean FILE -o OUT.gpx`: the accepted fixes at filtered positions, simplified.
struct CleanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clean",
    abstract: "Write a cleaned GPX: bad fixes removed, positions filtered, route simplified.")

  @Argument(
    help: "A GPX, TCX, FIT, NMEA, CSV, GeoJSON or Android GnssLogger file (told apart by content).")
  var file: String

  @Flag(help: "Refuse a damaged file, or a log with a bad line, instead of reading around it.")
  var strict = false

  @Option(name: .shortAndLong, help: "The GPX file to write.")
  var output: String

  @Option(
    help: """
      The activity's thresholds: walking, running, cycling or driving (default: the file's \
      sport, else running).
      """)
  var profile: ActivityKind?

  @Option(
    parsing: .unconditional,
    help: "Douglas-Peucker tolerance in meters; 0 keeps every accepted fix.")
  var toleranceMeters: Double = 3

  @Option(help: "Positions to write: rts (smoothed), live (as recorded live) or none (as read).")
  var smoother: Smoothing = .rts

  func validate() throws {
    guard toleranceMeters.isFinite, toleranceMeters >= 0 else {
      throw ValidationError("--tolerance-meters must be a number of meters, 0 or more")
    }
  }

  func run() throws {
    try OutputFile.refuseOverwriting(inputs: [file], output: output)
    let input = try TrackInput.load(path: file, strict: strict)
    if let note = input.note { FileHandle.standardError.write(Data("Read: \(note)\n".utf8)) }
    let track = input.track
    let choice = ProfileChoice(option: self.profile, deviceTotals: input.deviceTotals)
    var profile = ActivityProfile(activity: choice.activity)
    profile.simplificationToleranceMeters = toleranceMeters
    let analysis = TrackAnalysis(track: track, profile: profile)
    let cleaned = analysis.cleanedTrack(
      from: track, smoothing: smoother, simplify: toleranceMeters > 0)
    let document = GPXDocument(creator: "TrackSift", name: track.name, tracks: [cleaned])
    try OutputFile.write(to: output, inputs: [file]) { try GPXWriter.write(document, to: $0) }
    print(
      "\(output): \(Formatting.count(cleaned.fixCount, "point")) written of "
        + "\(Formatting.count(track.fixCount)) read "
        + "(\(Formatting.count(analysis.verdictCounts.rejectedCount)) rejected); "
        + choice.description)
  }
}
