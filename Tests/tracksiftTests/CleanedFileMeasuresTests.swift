import Foundation
import Testing
import TrackSiftEvaluation
import TrackSiftFormats
import TrackSiftSimulation
import TrackSiftTestSupport

@testable import TrackSift
@testable import tracksift

/// A cleaned file measures what `analyze` says: its own length is the refined distance within
/// 0.3 %, simplified or not, and `analyze` of the written file gives the original's refined
/// distance, moving time and elapsed time within 0.3 %: every format carries each point's
/// ``CleanedMotion``, and the file is measured as written.
///
/// The shared files are those of ``FigureInvariantsTests`` (every fourth by default, all with
/// `TRACKSIFT_ALL_FILES=1`); the simulated suite is the standard one at 15 minutes and seed 1
/// by default, at its full length and seeds with `TRACKSIFT_FULL_SUITE=1`.
/// `TRACKSIFT_CLEANED_TABLE=1` prints the length table for every shared file and recording.
@Suite struct CleanedFileMeasuresTests {
  /// The largest relative difference allowed between a cleaned file's figures and the refined
  /// ones (issue 28).
  static let relativeTolerance = 0.003
  /// The allowance in meters for recordings too short for a share to mean anything: two held
  /// stretches at their most (``CleanedPath/maximumHoldExcessMeters``).
  static let absoluteToleranceMeters = 2 * CleanedPath.maximumHoldExcessMeters

  static let environment = ProcessInfo.processInfo.environment

  /// The profile a file is analysed with: driving for the drives, else the file's sport, else
  /// running (as the CLI chooses).
  static func profile(_ file: String, _ input: ActivityFile) -> ActivityProfile {
    let driving = file.contains("drive") || file.contains("gsdc") || file.contains("nmea-gpsd")
    let choice = ProfileChoice(option: driving ? .driving : nil, deviceTotals: input.deviceTotals)
    return ActivityProfile(activity: choice.activity)
  }

  static func allowance(_ meters: Double) -> Double {
    max(relativeTolerance * meters, absoluteToleranceMeters)
  }

  @Test(
    .enabled(if: CommandRunner.sharedData != nil, "../shared is absent"),
    arguments: FigureInvariantsTests.files)
  func theCleanedFileMeasuresTheRefinedDistance(file: String) throws {
    let path = try #require(CommandRunner.sharedData).appendingPathComponent(file).path
    guard let input = try? ActivityFile.read(atPath: path) else { return }  // refused
    let analysis = TrackAnalysis(track: input.track, profile: Self.profile(file, input))
    let refined = analysis.refinedMetrics.distanceMeters
    for tolerance in [0.0, 3] {
      let cleaned = analysis.cleanedTrack(from: input.track, toleranceMeters: tolerance)
      let length = cleaned.pathLengthMeters
      #expect(
        abs(length - refined) <= Self.allowance(refined),
        "\(file) at \(tolerance) m: length \(length) m, refined \(refined) m")
    }
    let live = analysis.cleanedTrack(from: input.track, smoothing: .live).pathLengthMeters
    let liveDistance = analysis.liveMetrics.distanceMeters
    #expect(
      abs(live - liveDistance) <= Self.allowance(liveDistance),
      "\(file) live: length \(live) m, live distance \(liveDistance) m")
  }

  /// Files whose cleaned GPX is analysed again: both loop runs, the two drives with a
  /// reference, a race.
  static let reanalysedFiles = [
    "truth/loop-1710m/forerunner-82911648.csv",
    "truth/loop-1710m/polar2021-10-24_18-46-22.csv",
    "truth/gsdc2021-mtv-2020-05-14-pixel4-chipset/Pixel4_chipset.nmea",
    "truth/f9k-drive-mountain-view/MTV.Local1.ublox-F9K.20200206-181434.nmea",
    "devices/10k-race-fr15/10kUNLP2014-Garmin15.fit",
  ]

  @Test(
    .enabled(if: CommandRunner.sharedData != nil, "../shared is absent"),
    arguments: reanalysedFiles)
  func analysingTheCleanedGPXGivesTheRefinedFigures(file: String) throws {
    let path = try sharedFile(file).path
    let input = try ActivityFile.read(atPath: path)
    let profile = Self.profile(file, input)
    let analysis = TrackAnalysis(track: input.track, profile: profile)
    try Self.expectReanalysisMatches(
      analysis, of: input.track, profile: profile, formats: [.gpx, .tcx], file)
  }

  /// A walk filtered a second time came out short (-1.5 % distance, -7.7 % moving time): the
  /// smoother cut its smoothed bends again and the stop layers called more of its slow walking
  /// standing. Measured as written, its figures are the original's to the meter and second.
  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func aWalkAnalysedAgainGivesItsRefinedFigures() throws {
    let file = "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Jo.fit"
    let input = try ActivityFile.read(atPath: try sharedFile(file).path)
    let analysis = TrackAnalysis(track: input.track, profile: .walking)
    let cleaned = analysis.cleanedTrack(from: input.track)
    let again = TrackAnalysis(track: cleaned, profile: .walking).refinedMetrics
    let original = analysis.refinedMetrics
    #expect(abs(again.distanceMeters - original.distanceMeters) < 0.01)
    #expect(again.movingTimeSeconds == original.movingTimeSeconds)
    #expect(again.timerTimeSeconds == original.timerTimeSeconds)
    #expect(again.elapsedTimeSeconds == original.elapsedTimeSeconds)
    try Self.expectReanalysisMatches(
      analysis, of: input.track, profile: .walking, formats: [.gpx, .tcx, .fit], file)
  }

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func everyWriterCarriesTheCleanedFigures() throws {
    let file = "truth/loop-1710m/forerunner-82911648.csv"
    let path = try sharedFile(file).path
    let input = try ActivityFile.read(atPath: path)
    let analysis = TrackAnalysis(track: input.track, profile: .running)
    try Self.expectReanalysisMatches(
      analysis, of: input.track, profile: .running, formats: [.tcx, .fit, .csv, .geojson], file)
  }

  /// The simulated recordings checked: the standard suite.
  static let suite: [ScenarioConfiguration] =
    environment["TRACKSIFT_FULL_SUITE"] != nil
    ? ScenarioConfiguration.standardSuite()
    : ScenarioConfiguration.standardSuite(durationSeconds: 900, seeds: [1])

  @Test(arguments: suite)
  func simulatedRecordingsCleanToTheRefinedFigures(configuration: ScenarioConfiguration) throws {
    let track = ScenarioSimulator(configuration: configuration).run().track
    let profile = ActivityProfile(activity: configuration.activity)
    let analysis = TrackAnalysis(track: track, profile: profile)
    let refined = analysis.refinedMetrics.distanceMeters
    for tolerance in [0.0, 3] {
      let length = analysis.cleanedTrack(from: track, toleranceMeters: tolerance).pathLengthMeters
      #expect(
        abs(length - refined) <= Self.allowance(refined),
        "\(Self.name(configuration)) at \(tolerance) m: length \(length) m, refined \(refined) m")
    }
    try Self.expectReanalysisMatches(
      analysis, of: track, profile: profile, formats: [.gpx], Self.name(configuration))
  }

  static func name(_ configuration: ScenarioConfiguration) -> String {
    "\(configuration.environment) \(configuration.device) \(configuration.activity.rawValue) "
      + "seed \(configuration.seed)"
  }

  enum Format: String { case gpx, tcx, fit, csv, geojson }

  /// Writes the cleaned track in each format, reads it back as `analyze` does and expects the
  /// refined distance, moving time and elapsed time within ``relativeTolerance``.
  static func expectReanalysisMatches(
    _ analysis: TrackAnalysis, of track: Track, profile: ActivityProfile, formats: [Format],
    _ label: String
  ) throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cleaned = analysis.cleanedTrack(from: track)
    let original = analysis.refinedMetrics
    guard cleaned.fixCount > 0 else {
      #expect(original.distanceMeters == 0, "\(label): nothing accepted")
      return
    }
    for format in formats {
      let url = directory.appendingPathComponent("cleaned.\(format.rawValue)")
      switch format {
      case .gpx:
        try GPXWriter.write(
          GPXDocument(creator: "TrackSift", name: cleaned.name, tracks: [cleaned]), to: url)
      case .tcx: try TCXWriter.write(cleaned, to: url)
      case .fit: try FITWriter.write(cleaned, to: url)
      case .csv: try FixCSVWriter.write(cleaned, to: url)
      case .geojson:
        try GeoJSONWriter.write(
          cleaned, to: url, verdicts: nil,
          options: GeoJSONWriter.Options(includesTimes: true, includesVerdicts: false))
      }
      let reread = try ActivityFile.read(atPath: url.path).track
      let again = TrackAnalysis(track: reread, profile: profile).refinedMetrics
      let figures: [(String, Double?, Double?, Double)] = [
        ("distance", original.distanceMeters, again.distanceMeters, absoluteToleranceMeters),
        ("moving time", original.movingTimeSeconds, again.movingTimeSeconds, 1),
        ("elapsed time", original.elapsedTimeSeconds, again.elapsedTimeSeconds, 1),
      ]
      for (name, before, after, floor) in figures {
        guard let before else {
          #expect(after == nil || after == 0, "\(label) \(format): \(name) \(after ?? 0)")
          continue
        }
        let after = after ?? .nan
        let allowed = max(relativeTolerance * before, floor)
        #expect(
          abs(after - before) <= allowed,
          "\(label) \(format): \(name) \(after), refined \(before)")
      }
    }
  }
}
