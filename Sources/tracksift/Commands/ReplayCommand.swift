import ArgumentParser
import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftStore

/// `tracksift replay FILE`: runs the live recorder over a recorded file on a simulated clock.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Run the live recorder over a recorded file and print its event timeline.",
    discussion: """
      The clock reads each fix's arrival time (or its own time), ticking every second \
      between fixes; the file's segments become segments of the recording. The live figures \
      equal those `analyze` reports for the same file and profile.
      """)

  @Argument(help: "A GPX, TCX, FIT, NMEA, CSV, GeoJSON or Android GnssLogger file with times.")
  var file: String

  @OptionGroup var inputOptions: InputOptions

  @OptionGroup var profileOptions: ProfileOptions

  @Option(help: "Units of the final figures: metric or imperial.")
  var units: DisplayUnitsArgument?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Replay this many times faster than real time (0: as fast as possible).",
      valueName: "factor"))
  var speed: Double = 0

  @Option(help: "Split unit of the cues: km or mi (default: the units' own).")
  var splits: SplitUnitArgument?

  @Option(help: "Save the recording to this SQLite store (created if missing), as `record` does.")
  var store: String?

  // For the crash-safety test: says on standard error how far the store is committed
  // (`committed ACTIVITY SEQUENCE`).
  @Flag(help: .hidden)
  var reportCommits = false

  @Flag(help: "List every fix's verdict, not only the rejections.")
  var fixes = false

  @Flag(help: "Print the final figures as one JSON object (the shape of `analyze --json`).")
  var json = false

  func validate() throws {
    guard speed.isFinite, speed >= 0 else {
      throw ValidationError("--speed must be 0 or a positive factor")
    }
  }

  func run() throws {
    if let store { try OutputFile.refuseOverwriting(inputs: [file], output: store) }
    let input = try inputOptions.read(file)
    InputFile.printNote(of: input)
    let track = input.track
    let choice = profileOptions.choice(for: input)
    let shown = DisplayUnitsArgument.resolve(units, splits: splits)
    var configuration = RecorderConfiguration(profile: ActivityProfile(activity: choice.activity))
    // A multisport file's sessions, each with its profile, as `analyze` measures them.
    let segmentProfiles = choice.segmentProfiles
    configuration.splitUnit = shown.splitUnit
    let activityStore = try store.map { try ActivityStore(path: $0) }
    let name = track.name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    var session: RecordingSession?  // made at the first input, the start
    var start = Date()
    var previousTime: Date?
    var reportedProblem: String?
    var reportedCommit: Int?
    do {
      try RecordingReplay.forEachInput(for: track) { input in
        if session == nil {
          start = input.time
          session = try RecordingSession(
            configuration: configuration, store: activityStore, name: name, at: input.time)
        }
        if speed > 0, let previousTime {
          let wait = input.time.timeIntervalSince(previousTime) / speed
          if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        }
        previousTime = input.time
        // Mutated in place (`session!`): a copy would duplicate the recorder's buffers.
        let events =
          input.kind == .finish
          ? try session!.finish(at: input.time)
          : session!.apply {
            RecordingReplay.apply(input, to: &$0, segmentProfiles: segmentProfiles)
          }
        let problem = session!.storeProblem?.description
        if problem != reportedProblem, let problem, !json { print("store: \(problem)") }
        reportedProblem = problem
        if reportCommits, let committed = session!.highestCommittedFixSequence,
          committed != reportedCommit
        {
          let activity = session!.activity.map { "\($0.rawValue) " } ?? ""
          FileHandle.standardError.write(Data("committed \(activity)\(committed)\n".utf8))
          reportedCommit = committed
        }
        guard !json else { return }
        for event in events {
          if let line = TimelineLine.text(for: event, since: start, listingFixes: fixes) {
            print(line)
          }
        }
      }
    } catch let error as ReplayError {
      throw InputError(path: file, reason: error.description)
    }
    guard let session else { return }
    let report = ReplayReport(
      file: file, track: track, recorder: session.recorder, profileReason: choice.reason)
    if json {
      print(try report.json())
    } else {
      print("")
      print(report.text(units: shown.units))
      if let store, let activity = session.activity {
        print("Saved as activity \(activity) in \(store)")
      }
    }
  }
}
