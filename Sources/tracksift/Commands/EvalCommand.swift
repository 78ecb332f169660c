import ArgumentParser
import Dispatch
import Foundation
import TrackSift
import TrackSiftBatch
import TrackSiftEvaluation
import TrackSiftFormats
import TrackSiftSimulation

/// `tracksift eval`: scores TrackSift and the common practices against truth.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Score TrackSift and the common practices against truth: the real-data suite "
      + "from shared/data first, then the standard simulation suite, or a recording of your own "
      + "against its reference.",
    discussion: """
      The real-data suite scores, each against its targets: the drives with survey-grade \
      truth (p95 and distance at simplification tolerance 0, the cleaned file's p95 against \
      the raw fixes'), the 1710 m loop runs, the paired walks (the two devices against each \
      other and each against its own total), the 10 km race against its device, and every \
      labelled spike log as read, as GPX with only hdop/sat/speed/course, and with positions, \
      times and speeds only (the spike out of the maximum, the best 2 s and the cleaned file; \
      the genuine top speed kept). Every file it needs must be there.

      With FILE and --truth, only that recording is scored, against a reference read from any \
      file the readers take: the truth CSV that `tracksift simulate --truth` writes, or a \
      survey-grade log. Each fix's true position is the reference interpolated at the fix's \
      own time; where the reference has speeds, they give the true stops (below 0.2 m/s). \
      The climb is scored against a simulated truth only, whose elevations are the ground's; \
      in the simulation suite TrackSift's refined climb is also scored with a simulated DEM of \
      each recording's ground (Copernicus GLO-30's error at 1"), and tabled per device, \
      environment and altimeter.
      """)

  @Argument(
    help: ArgumentHelp(
      "A recording to score instead of the suite: a GPX, TCX, FIT, NMEA, CSV, GeoJSON or GnssLogger file "
        + "(told apart by content); give its reference with --truth."))
  var file: String?

  @Option(help: "The reference trajectory of FILE, in any format the readers take.")
  var truth: String?

  // Both groups only act with FILE (--strict on its reference too); their title says so.
  @OptionGroup(title: "With FILE") var profileOptions: ProfileOptions

  @Option(
    help: ArgumentHelp(
      "standard (4 environments x 3 devices x walking/running/cycling on a street grid, "
        + "a hill run and a mountain ride) or quick."))
  var suite: SuiteArgument = .standard

  @Option(
    parsing: .unconditional,
    help: "Length of each simulated recording in seconds (default 2700, quick 900).")
  var durationSeconds: Int?

  @Option(parsing: .upToNextOption, help: "Seeds of the simulated recordings (default 1 2 3).")
  var seeds: [UInt64] = [1, 2, 3]

  @Option(help: "The shared/data folder with the real recordings (default: ../shared/data).")
  var data: String?

  @OptionGroup(title: "With FILE") var inputOptions: InputOptions

  @Flag(help: "Leave out the real recordings.")
  var simulatedOnly = false

  @Flag(
    help: "Leave out the simulated recordings: the real-data suite and the real recordings only.")
  var realOnly = false

  @Flag(help: "Print Markdown tables.")
  var markdown = false

  @Flag(help: "Print one JSON object.")
  var json = false

  func validate() throws {
    if let durationSeconds, !(60...86_400).contains(durationSeconds) {
      throw ValidationError(
        "--duration-seconds must be between 60 and 86,400 (not \(durationSeconds))")
    }
    guard !seeds.isEmpty else { throw ValidationError("give at least one seed") }
    if simulatedOnly && realOnly {
      throw ValidationError("give --simulated-only or --real-only, not both")
    }
    if (file == nil) != (truth == nil) {
      throw ValidationError("give a recording and its reference together: FILE --truth REFERENCE")
    }
  }

  func run() throws {
    if let file, let truth {
      try scoreRecording(file, against: truth)
      return
    }
    let start = DispatchTime.now().uptimeNanoseconds
    // Real data first: what TrackSift makes of recordings from the field ranks above the
    // simulator.
    let (realData, real, realSkipped) = try scoreRealData()
    if let realSkipped, !json, !simulatedOnly {
      FileHandle.standardError.write(Data("eval: \(realSkipped)\n".utf8))
    }
    let durationSeconds = durationSeconds ?? (suite == .quick ? 900 : 2_700)
    let (simulated, climbs, routes) = scoreSimulations(durationSeconds: durationSeconds)
    let routeSummary = EvaluationSummary(cards: routes)
    let climbSummary = ClimbErrorSummary(scores: climbs)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let summary = EvaluationSummary(cards: simulated.map(\.1))
    if json {
      let report = EvalReport(
        suite: realOnly ? nil : suite.rawValue,
        realData: realData, realDataChecks: realData?.checks,
        real: real.map { .init(name: $0.name, cards: $0.cards) }, realSkipped: realSkipped,
        cases: simulated.map { .init(name: $0.0, cards: $0.1) },
        summary: realOnly ? nil : summary, routes: realOnly ? nil : routeSummary,
        climbs: realOnly ? nil : climbs, climb: realOnly ? nil : climbSummary,
        seconds: seconds)
      print(try JSONText.printable(report))
      return
    }
    if markdown {
      print("# TrackSift accuracy\n")
      print(
        "Generated by `swift run -c release tracksift eval --markdown > BENCHMARKS.md` "
          + (realOnly
            ? "(--real-only); "
            : "(seeds \(seeds.map(String.init).joined(separator: " ")), \(suite.rawValue) suite); ")
          + "the real recordings are read in place from `../shared/data` and come first, the "
          + "simulator follows `shared/ERROR-MODEL.md`. Medians and worst cases are over the "
          + "recordings.\n")
    }
    if let realData {
      let title = "Real data (../shared/data)"
      print(markdown ? "## \(title)\n" : "\(title)\n")
      print(realData.text(markdown: markdown))
    }
    for recording in real {
      // One recording: its errors keep their sign.
      let summary = EvaluationSummary(cards: [recording.cards], signed: true)
      print(markdown ? "\n### \(recording.name)\n" : "\n\(recording.name)")
      print(markdown ? summary.markdown : summary.text)
    }
    if !realOnly {
      printSimulated(
        summary, routes: routeSummary, climbs: climbs, climbSummary: climbSummary, real: real,
        count: simulated.count, routeCount: routes.count, durationSeconds: durationSeconds)
    }
    if let realSkipped { print(markdown ? "\n_Note: \(realSkipped)._" : "\nNote: \(realSkipped)") }
    print(String(format: markdown ? "\nEvaluated in %.1f s." : "\n%.1f s", seconds))
  }

  /// Prints the simulated suite's sections: its targets (in Markdown), the suite, the climb
  /// without and with a DEM, and the routes.
  private func printSimulated(
    _ summary: EvaluationSummary, routes routeSummary: EvaluationSummary, climbs: [ClimbScore],
    climbSummary: ClimbErrorSummary, real: [(name: String, cards: [ScoreCard])], count: Int,
    routeCount: Int, durationSeconds: Int
  ) {
    if markdown {
      print("\n## Targets\n")
      print(
        TargetReport(suite: summary, routes: routeSummary, real: real, climbs: climbs).lines
          .joined(separator: "\n"))
      print("")
    }
    let title =
      "\(suite.rawValue) simulation suite: \(Formatting.count(count)) recordings of "
      + "\(durationSeconds) s (medians and worst cases over them)"
    print(markdown ? "### \(title)\n" : "\n\(title)")
    print(markdown ? summary.markdown : summary.text)
    let climbTitle =
      "The refined climb without and with a simulated DEM (\(DEMErrorModel.copernicusGLO30.name) "
      + "at 1\"): median and worst |error| over the recordings, most negative error over the "
      + "real climbs (true climb ≥ \(Int(ClimbErrorSummary.realClimbMeters)) m); watches record "
      + "barometric altitude, phones GNSS altitude"
    print(markdown ? "\n### \(climbTitle)\n" : "\n\(climbTitle)")
    print(markdown ? climbSummary.markdown : climbSummary.text)
    let routesTitle =
      "Routes with a hairpin, a 400 m track and switchbacks: \(Formatting.count(routeCount)) "
      + "phone runs, one per environment and route"
    print(markdown ? "\n### \(routesTitle)\n" : "\n\(routesTitle)")
    print(markdown ? routeSummary.markdown : routeSummary.text)
  }

  /// The real-data suite's report and the real recordings scored as cases, or why they were
  /// left out (`--simulated-only`, or files missing).
  private func scoreRealData() throws -> (
    report: RealDataReport?, real: [(name: String, cards: [ScoreCard])], skipped: String?
  ) {
    let dataPath = data ?? "../shared/data"
    if simulatedOnly { return (nil, [], "the real recordings left out (--simulated-only)") }
    guard let folder = dataFolder() else {
      return (
        nil, [],
        "the real recordings skipped: no folder \(dataPath) (run from the repository, or give "
          + "--data with the shared/data folder)"
      )
    }
    let realStart = DispatchTime.now().uptimeNanoseconds
    var report = try RealDataCorpus.report(RealDataCorpus.cases(in: folder))
    report.seconds = Double(DispatchTime.now().uptimeNanoseconds - realStart) / 1e9
    let cases = try RealRecordings.cases(in: folder)
    let real = ParallelMap.map(cases) { ($0.name, $0.scored()) }
    var skipped: String?
    if cases.count < RealRecordings.expectedCount {
      skipped =
        "\(RealRecordings.expectedCount - cases.count) of \(RealRecordings.expectedCount) real "
        + "recordings skipped: their files are not under \(dataPath)/truth"
    }
    return (report, real, skipped)
  }

  /// The simulated suite's recordings (TrackSift's climb also counted with a simulated DEM of
  /// each one's ground) and their climb scores, and, since corners are everywhere on the
  /// street grid while hairpins, the track's bends and switchbacks need their own routes, one
  /// phone run per environment and such route; none with `--real-only`.
  private func scoreSimulations(durationSeconds: Int) -> (
    simulated: [(String, [ScoreCard])], climbs: [ClimbScore], routes: [[ScoreCard]]
  ) {
    guard !realOnly else { return ([], [], []) }
    let configurations = suite.configurations(durationSeconds: durationSeconds, seeds: seeds)
    let scored = ParallelMap.map(configurations) { configuration in
      let recording = ScenarioSimulator(configuration: configuration).run()
      let evaluationCase = EvaluationCase(
        recording: recording, elevationModel: SimulatedDEM(recording: recording))
      let cards = evaluationCase.scored()
      return (
        (evaluationCase.name, cards),
        ClimbScore(recording: recording, name: evaluationCase.name, cards: cards)
      )
    }
    let routeConfigurations = SimulatedEnvironment.allCases.flatMap { environment in
      [RouteShape.outAndBackWithHairpin, .athleticsTrack, .switchbacks].map { route in
        ScenarioConfiguration(
          environment: environment, device: .phone, activity: .running, route: route,
          durationSeconds: durationSeconds, seed: seeds[0])
      }
    }
    let routes = ParallelMap.map(routeConfigurations) { configuration in
      EvaluationCase(recording: ScenarioSimulator(configuration: configuration).run()).scored()
    }
    return (scored.map(\.0), scored.map(\.1), routes)
  }

  /// Scores every pipeline on the recording at `path` against the reference at `truthPath`
  /// and prints its table (errors keep their sign), as Markdown or JSON on request.
  private func scoreRecording(_ path: String, against truthPath: String) throws {
    let input = try inputOptions.read(path)
    InputFile.printNote(of: input)
    let track = input.track
    let choice = profileOptions.choice(for: input)
    let reference = try inputOptions.read(truthPath)
    InputFile.printNote(of: reference)
    let referenceTrack = reference.track
    var truth = EvaluationTruth(track: track, reference: ReferenceTruth.points(of: referenceTrack))
    if ReferenceTruth.isSimulatedTruth(path: truthPath) {
      truth.elevationGainMeters = ReferenceTruth.climbMeters(of: referenceTrack)
    }
    guard truth.fixes.contains(where: { $0 != nil }) else {
      throw InputError(
        path: truthPath, reason: "its times cover none of the fixes of \(path)")
    }
    let name = URL(fileURLWithPath: path).lastPathComponent
    let cards = EvaluationCase(
      name: name, track: track, truth: truth, activity: choice.activity
    ).scored()
    if json {
      print(try JSONText.printable(EvalReport.Real(name: name, cards: cards)))
      return
    }
    let summary = EvaluationSummary(cards: [cards], signed: true)
    print(markdown ? "### \(name) (\(choice.description))\n" : "\(name); \(choice.description)")
    print(markdown ? summary.markdown : summary.text)
  }

  private func dataFolder() -> URL? {
    let path = data ?? "../shared/data"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    return URL(fileURLWithPath: path)
  }
}

/// Which simulated recordings `eval` scores.
enum SuiteArgument: String, ExpressibleByArgument, CaseIterable {
  case standard
  case quick

  func configurations(durationSeconds: Int, seeds: [UInt64]) -> [ScenarioConfiguration] {
    let all = ScenarioConfiguration.standardSuite(durationSeconds: durationSeconds, seeds: seeds)
    switch self {
    case .standard: return all
    case .quick:
      // Every environment and device, the first seed: running on the street grid, the hill
      // run and the mountain ride.
      return all.filter {
        $0.seed == seeds[0] && ($0.activity == .running || $0.route != .streetGrid)
      }
    }
  }
}

/// What `eval --json` prints.
struct EvalReport: Encodable {
  struct Case: Encodable {
    var name: String
    var cards: [ScoreCard]
  }
  struct Real: Encodable {
    var name: String
    var cards: [ScoreCard]
  }
  /// The simulation suite, or `nil` with `--real-only`.
  var suite: String?
  /// The real-data suite, or `nil` when it was left out.
  var realData: RealDataReport?
  /// Its targets, checked.
  var realDataChecks: [RealDataCheck]?
  var real: [Real]
  /// Why real recordings were left out, or `nil` when none was.
  var realSkipped: String?
  var cases: [Case]
  var summary: EvaluationSummary?
  var routes: EvaluationSummary?
  /// The refined climb of each simulated recording, without and with a DEM.
  var climbs: [ClimbScore]?
  /// Those climbs reduced per device, environment and altimeter.
  var climb: ClimbErrorSummary?
  var seconds: Double
}
