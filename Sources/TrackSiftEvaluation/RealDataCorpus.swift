import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation

/// The real-data suite's recordings in `shared/data`, read in place: the drives with
/// survey-grade truth, the 1710 m loop runs, the paired walks, the 10 km race and every
/// labelled spike log; and their scoring into a `RealDataReport`.
///
/// Every file is required: a missing one fails the suite with its path (shared/data's
/// README), so a suite that runs has scored all of them.
public struct RealDataCorpus {
  /// One recording to score, with what it is scored against.
  public enum Case: Sendable {
    case drive(name: String, track: Track, reference: [TruthPoint], targets: DriveTargets)
    case loop(name: String, track: Track)
    case pairedDevice(
      pair: String, name: String, track: Track, activity: ActivityKind, totalMeters: Double,
      zeroSpeedMeters: Double?)
    case race(name: String, track: Track, activity: ActivityKind, totalMeters: Double)
    case spikeLog(track: Track, label: SpikeLabel)
    case climb(
      name: String, track: Track, activity: ActivityKind, ascentMeters: Double,
      reference: RealClimbScore.Reference)

    /// The file's name, or the spike log's (a climb's prefixed, since its file is also a
    /// paired walk's).
    public var name: String {
      switch self {
      case .drive(let name, _, _, _), .loop(let name, _), .pairedDevice(_, let name, _, _, _, _),
        .race(let name, _, _, _):
        return name
      case .climb(let name, _, _, _, _): return "climb: " + name
      case .spikeLog(_, let label): return label.file
      }
    }
  }

  /// The targets a drive is held to (issue 28's, and issue 3's on the WLS fixes).
  public struct DriveTargets: Sendable {
    var cleanedP95NoWorseThanRaw = false
    var refinedDistanceNoWorseThanRaw = false
    var refinedP95LimitMeters: Double?
    var refinedDistanceLimitPercent: Double?
  }

  /// The loop's measured length (truth/loop-1710m/SOURCE.txt: 1.71 km ± 0.01 km).
  static let loopMeters = 1_710.0

  /// The labelled spike logs of `spikes/gt-31` and `spikes/motion-mini` whose labels are not
  /// in a labels file: the spike from each folder's README_upstream.md table, the genuine
  /// top from SpeedSailingCSVTests (the fastest run with a speed accuracy near 0.1 m/s).
  static let upstreamLabels: [(path: String, label: SpikeLabel)] = [
    (
      "gt-31",
      SpikeLabel(
        file: "206MALLMAN_113200495_20111018_131156.csv", spikeMetersPerSecond: 24.65,
        genuineTopMetersPerSecond: 18.26)
    ),
    (
      "gt-31",
      SpikeLabel(
        file: "Jenki36Paul_932000540_20171015_095602.csv", spikeMetersPerSecond: 24.64,
        genuineTopMetersPerSecond: 5.13)
    ),
    (
      "gt-31",
      SpikeLabel(
        file: "WSWAFOUR_932000173_20121009_092850.csv", spikeMetersPerSecond: 398.44,
        genuineTopMetersPerSecond: 18.6)
    ),
    (
      "motion-mini",
      SpikeLabel(
        file: "CON113GAR_635_20221016_145222.csv", spikeMetersPerSecond: 41.62,
        genuineTopMetersPerSecond: 14.1)
    ),
  ]

  /// The speed accuracy below which a speed in `spikes/motion-mini/more` is genuine where
  /// `labels.tsv` has no genuine row (its SOURCE.txt: "the fastest fix with sAcc < 1 m/s").
  static let genuineSpeedAccuracyMetersPerSecond = 1.0

  /// How many cases ``cases(in:)`` gives besides the corpus's climbs: 3 drives, 2 loops, 2
  /// pairs of 2, 1 race, 28 logs, 8 climbs (6 watch files against their own ascent, 2 drives
  /// against their reference's).
  static let expectedCount = 3 + 2 + 4 + 1 + 28 + 8

  /// Every case, read from `data` (the shared/data folder).
  /// - Throws: ``EvaluationDataError`` or `ActivityFileError` naming the first file that is missing or
  ///   unreadable.
  public static func cases(in data: URL) throws -> [Case] {
    let truth = data.appendingPathComponent("truth")
    return try driveCases(truth: truth) + loopCases(truth: truth) + pairedDeviceCases(data: data)
      + [raceCase(data: data)] + spikeLogCases(data: data) + climbCases(data: data)
      + corpusClimbCases(data: data)
  }

  /// The drives with survey-grade truth: the GSDC Pixel 4's WLS fixes and its chipset's, and
  /// the u-blox F9K.
  private static func driveCases(truth: URL) throws -> [Case] {
    var cases: [Case] = []
    let wls = truth.appendingPathComponent("gsdc2021-mtv-2020-05-14-pixel4-wls")
    let wlsTrack = try GSDCRecording.weightedLeastSquaresTrack(
      required(wls.appendingPathComponent("goGPS_WLS.csv")))
    cases.append(
      .drive(
        name: "GSDC Pixel 4 WLS", track: wlsTrack,
        reference: try GSDCRecording.reference(
          required(wls.appendingPathComponent("ground_truth.csv"))),
        targets: DriveTargets(refinedP95LimitMeters: 5.5, refinedDistanceLimitPercent: 1)))
    let chipset = truth.appendingPathComponent("gsdc2021-mtv-2020-05-14-pixel4-chipset")
    let chipsetDrive = try RealRecordings.nmeaDrive(
      fixes: required(chipset.appendingPathComponent("Pixel4_chipset.nmea")),
      reference: required(chipset.appendingPathComponent("SPAN_Pixel4_1Hz.nmea")))
    cases.append(
      .drive(
        name: "GSDC Pixel 4 chipset", track: chipsetDrive.track, reference: chipsetDrive.reference,
        targets: DriveTargets(cleanedP95NoWorseThanRaw: true)))
    cases += surveyClimbCase(name: "GSDC Pixel 4 chipset", chipsetDrive)
    let f9k = truth.appendingPathComponent("f9k-drive-mountain-view")
    let f9kDrive = try RealRecordings.nmeaDrive(
      fixes: required(f9k.appendingPathComponent("MTV.Local1.ublox-F9K.20200206-181434.nmea")),
      reference: required(f9k.appendingPathComponent("MTV.Local1.SPAN.20200206-181434.gga")))
    cases.append(
      .drive(
        name: "u-blox F9K", track: f9kDrive.track, reference: f9kDrive.reference,
        targets: DriveTargets(cleanedP95NoWorseThanRaw: true, refinedDistanceNoWorseThanRaw: true)))
    cases += surveyClimbCase(name: "u-blox F9K", f9kDrive)
    return cases
  }

  /// A drive's GNSS climb against its survey reference's, where the reference has altitudes.
  private static func surveyClimbCase(
    name: String, _ drive: (track: Track, reference: [TruthPoint], referenceClimbMeters: Double?)
  ) -> [Case] {
    guard let climb = drive.referenceClimbMeters, climb > 0 else { return [] }
    return [
      .climb(
        name: name, track: drive.track, activity: .driving, ascentMeters: climb,
        reference: .survey)
    ]
  }

  /// The two runs round the 1710 m loop.
  private static func loopCases(truth: URL) throws -> [Case] {
    try ["forerunner-82911648.csv", "polar2021-10-24_18-46-22.csv"].map { name in
      let url = try required(truth.appendingPathComponent("loop-1710m/" + name))
      return .loop(name: name, track: try ActivityFile.read(atPath: url.path).track)
    }
  }

  /// Both devices of each paired walk, each with its own session total.
  private static func pairedDeviceCases(data: URL) throws -> [Case] {
    let pairs = [
      (
        "pair-same-wrist_2024-08-27_Abbotsbury",
        [
          "2024-08-27 Abbotsbury Hike - Mike Garmin.fit",
          "2024-08-27 Abbotsbury Hike - Mike COROS.fit",
        ]
      ),
      (
        "pair-two-walkers_2024-06-04",
        ["2024-06-04, Polzeath to Rock - Jo.fit", "2024-06-04, Polzeath to Rock - Mike.fit"]
      ),
    ]
    var cases: [Case] = []
    for (pair, files) in pairs {
      for file in files {
        let url = try required(data.appendingPathComponent("paired/\(pair)/\(file)"))
        let input = try ActivityFile.read(atPath: url.path)
        cases.append(
          .pairedDevice(
            pair: pair, name: file, track: input.track,
            activity: ProfileChoice(option: nil, deviceTotals: input.deviceTotals).activity,
            totalMeters: try total(input, url),
            zeroSpeedMeters: input.deviceTotals?.distanceAtZeroSpeedMeters))
      }
    }
    return cases
  }

  /// The 10 km race, against its device's total.
  private static func raceCase(data: URL) throws -> Case {
    let race = try required(
      data.appendingPathComponent("devices/10k-race-fr15/10kUNLP2014-Garmin15.fit"))
    let raceInput = try ActivityFile.read(atPath: race.path)
    return .race(
      name: race.lastPathComponent, track: raceInput.track,
      activity: ProfileChoice(option: nil, deviceTotals: raceInput.deviceTotals).activity,
      totalMeters: try total(raceInput, race))
  }

  /// The labelled spike logs: those labelled upstream, then those of
  /// `spikes/motion-mini/more/labels.tsv`, whose genuine top is, where unlabelled, the fastest
  /// speed with a good speed accuracy.
  private static func spikeLogCases(data: URL) throws -> [Case] {
    var cases: [Case] = []
    for (folder, label) in upstreamLabels {
      let url = try required(data.appendingPathComponent("spikes/\(folder)/\(label.file)"))
      cases.append(.spikeLog(track: try ActivityFile.read(atPath: url.path).track, label: label))
    }
    let more = data.appendingPathComponent("spikes/motion-mini/more")
    for (file, spike, genuine) in try labels(required(more.appendingPathComponent("labels.tsv"))) {
      let url = try required(more.appendingPathComponent(file))
      let track = try ActivityFile.read(atPath: url.path).track
      let top =
        genuine
        ?? track.allFixes.compactMap { fix -> Double? in
          guard let accuracy = fix.validSpeedAccuracyMetersPerSecond,
            accuracy < genuineSpeedAccuracyMetersPerSecond
          else { return nil }
          return fix.validSpeedMetersPerSecond
        }.max()
      guard let top else {
        throw EvaluationDataError(
          path: url.path, reason: "no genuine speed (speed accuracy under 1 m/s)")
      }
      cases.append(
        .spikeLog(
          track: track,
          label: SpikeLabel(file: file, spikeMetersPerSecond: spike, genuineTopMetersPerSecond: top)
        ))
    }
    return cases
  }

  /// Scores every case; the spike logs in each `SpikeLogForm`, the GPX form written as GPX
  /// and read back, every cleaned file written as GPX and read back, as `clean` writes it.
  public static func report(_ cases: [Case]) throws -> RealDataReport {
    let jobs: [(Case, SpikeLogForm?)] = cases.flatMap { item -> [(Case, SpikeLogForm?)] in
      if case .spikeLog = item { return SpikeLogForm.allCases.map { (item, $0) } }
      return [(item, nil)]
    }
    let outcomes = ParallelMap.map(jobs) { item, form -> Outcome in
      do {
        return try score(item, form: form)
      } catch {
        return .failed("\(item.name): \(error)")
      }
    }
    var report = RealDataReport()
    var pairs: [String: [RealRecordingScore]] = [:]
    var pairOrder: [String] = []
    for outcome in outcomes {
      switch outcome {
      case .drive(let drive): report.drives.append(drive)
      case .loop(let score): report.loops.append(score)
      case .race(let score): report.races.append(score)
      case .spike(let score): report.spikes.append(score)
      case .climb(let score): report.climbs.append(score)
      case .pairedDevice(let pair, let score):
        if pairs[pair] == nil { pairOrder.append(pair) }
        pairs[pair, default: []].append(score)
      case .failed(let reason): throw EvaluationDataError(path: "shared/data", reason: reason)
      }
    }
    for pair in pairOrder {
      guard let scores = pairs[pair], scores.count == 2 else { continue }
      report.pairs.append(PairedWalkScore(name: pair, first: scores[0], second: scores[1]))
    }
    return report
  }

  /// What scoring one case gave.
  private enum Outcome: Sendable {
    case drive(RealDataReport.Drive)
    case loop(RealRecordingScore)
    case pairedDevice(String, RealRecordingScore)
    case race(RealRecordingScore)
    case spike(SpikeLogScore)
    case climb(RealClimbScore)
    case failed(String)
  }

  /// Scores one case; a spike log in `form` (as read where `nil`).
  private static func score(_ item: Case, form: SpikeLogForm?) throws -> Outcome {
    switch item {
    case .drive(let name, let track, let reference, let targets):
      let score = try RealRecordingScore(
        name: name, track: track, activity: .driving, reference: reference,
        asWritten: asWrittenGPX)
      return .drive(
        RealDataReport.Drive(
          score: score, cleanedP95NoWorseThanRaw: targets.cleanedP95NoWorseThanRaw,
          refinedDistanceNoWorseThanRaw: targets.refinedDistanceNoWorseThanRaw,
          refinedP95LimitMeters: targets.refinedP95LimitMeters,
          refinedDistanceLimitPercent: targets.refinedDistanceLimitPercent))
    case .loop(let name, let track):
      return .loop(
        try RealRecordingScore(
          name: name, track: track, activity: .running, referenceMeters: loopMeters,
          asWritten: asWrittenGPX))
    case .pairedDevice(let pair, let name, let track, let activity, let total, let zeroSpeed):
      var score = try RealRecordingScore(
        name: name, track: track, activity: activity, referenceMeters: total,
        asWritten: asWrittenGPX)
      score.referenceAtZeroSpeedMeters = zeroSpeed
      return .pairedDevice(pair, score)
    case .race(let name, let track, let activity, let total):
      return .race(
        try RealRecordingScore(
          name: name, track: track, activity: activity, referenceMeters: total,
          asWritten: asWrittenGPX))
    case .climb(let name, let track, let activity, let ascent, let reference):
      return .climb(
        RealClimbScore(
          name: name, track: track, activity: activity, ascentMeters: ascent,
          reference: reference))
    case .spikeLog(let track, let label):
      let form = form ?? .asRead
      var formed = form.stripped(track)
      if form == .gpxDilutionOnly { formed = try asWrittenGPX(formed) }
      // Sailing has no profile; cycling's limits (30 m/s) hold the genuine 22 m/s car
      // drives and 21 m/s runs, as SpeedSailingCSVTests analyse these logs.
      return .spike(
        try SpikeLogScore(
          track: formed, label: label, form: form, activity: .cycling,
          asWritten: asWrittenGPX))
    }
  }

  /// A track as a GPX file gives it back: written by ``GPXWriter`` and read by ``GPXReader``
  /// (every track's segments, in order, as `analyze` reads a GPX file).
  static func asWrittenGPX(_ track: Track) throws -> Track {
    let data = GPXWriter.data(
      from: GPXDocument(creator: "TrackSift", name: track.name, tracks: [track]))
    let document = try GPXReader.read(data: data)
    return Track(name: track.name, segments: document.tracks.flatMap(\.segments))
  }

  static func required(_ url: URL) throws -> URL {
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw EvaluationDataError(
        path: url.path, reason: "missing: the real-data suite needs every file")
    }
    return url
  }

  private static func total(_ input: ActivityFile, _ url: URL) throws -> Double {
    guard let meters = input.deviceTotals?.distanceMeters, meters > 0 else {
      throw EvaluationDataError(path: url.path, reason: "no session total distance")
    }
    return meters
  }

  /// The rows of `labels.tsv`: each file's spike speed and, where labelled, its genuine top.
  private static func labels(_ url: URL) throws -> [(String, Double, Double?)] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var spikes: [(String, Double)] = []
    var genuine: [String: Double] = [:]
    for line in text.split(whereSeparator: \.isNewline).dropFirst() {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count >= 3, let speed = Double(fields[2]) else {
        throw EvaluationDataError(
          path: url.path, reason: "a row that is not file, kind, speed: \(line)")
      }
      if fields[1] == "spike" {
        spikes.append((fields[0], speed))
      } else if fields[1] == "genuine" {
        genuine[fields[0]] = max(genuine[fields[0]] ?? 0, speed)
      }
    }
    return spikes.map { ($0.0, $0.1, genuine[$0.0]) }
  }
}
