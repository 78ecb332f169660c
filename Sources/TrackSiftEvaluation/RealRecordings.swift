import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation

/// The real recordings of `shared/data/truth` that have a reference, as evaluation cases.
public enum RealRecordings {
  /// How many recordings ``cases(in:)`` gives when every file is there.
  public static let expectedCount = 5

  /// Every case whose files are present under `data` (the `shared/data` folder); a recording
  /// whose files are missing is left out.
  public static func cases(in data: URL) throws -> [EvaluationCase] {
    let truth = data.appendingPathComponent("truth")
    var cases: [EvaluationCase] = []
    let wls = truth.appendingPathComponent("gsdc2021-mtv-2020-05-14-pixel4-wls")
    if exists(wls.appendingPathComponent("goGPS_WLS.csv")) {
      let track = try GSDCRecording.weightedLeastSquaresTrack(
        wls.appendingPathComponent("goGPS_WLS.csv"))
      let reference = try GSDCRecording.reference(wls.appendingPathComponent("ground_truth.csv"))
      cases.append(
        EvaluationCase(
          name: "GSDC MTV Pixel 4 WLS (unfiltered)", track: track,
          truth: EvaluationTruth(track: track, reference: reference), activity: .driving))
    }
    let chipset = truth.appendingPathComponent("gsdc2021-mtv-2020-05-14-pixel4-chipset")
    if exists(chipset.appendingPathComponent("Pixel4_chipset.nmea")) {
      cases.append(
        try nmeaCase(
          name: "GSDC MTV Pixel 4 chipset",
          fixes: chipset.appendingPathComponent("Pixel4_chipset.nmea"),
          reference: chipset.appendingPathComponent("SPAN_Pixel4_1Hz.nmea")))
    }
    let f9k = truth.appendingPathComponent("f9k-drive-mountain-view")
    if exists(f9k.appendingPathComponent("MTV.Local1.ublox-F9K.20200206-181434.nmea")) {
      cases.append(
        try nmeaCase(
          name: "u-blox F9K drive (RTK-grade)",
          fixes: f9k.appendingPathComponent("MTV.Local1.ublox-F9K.20200206-181434.nmea"),
          reference: f9k.appendingPathComponent("MTV.Local1.SPAN.20200206-181434.gga")))
    }
    let loop = truth.appendingPathComponent("loop-1710m")
    for name in ["forerunner-82911648.csv", "polar2021-10-24_18-46-22.csv"] {
      let url = loop.appendingPathComponent(name)
      guard exists(url) else { continue }
      let track = try FixCSVReader.read(contentsOf: url)
      // The course is known by its length only.
      let truth = EvaluationTruth(
        fixes: [EvaluationTruth.FixSample?](repeating: nil, count: track.fixCount), path: [],
        distanceMeters: 1_710)
      cases.append(
        EvaluationCase(name: "loop 1710 m, \(name)", track: track, truth: truth, activity: .running)
      )
    }
    return cases
  }

  /// A drive logged as NMEA with a reference logged as NMEA; the reference's speeds (RMC)
  /// give its moving state.
  private static func nmeaCase(name: String, fixes: URL, reference: URL) throws -> EvaluationCase {
    let drive = try nmeaDrive(fixes: fixes, reference: reference)
    return EvaluationCase(
      name: name, track: drive.track,
      truth: EvaluationTruth(track: drive.track, reference: drive.reference), activity: .driving)
  }

  /// The fixes of a drive logged as NMEA, its reference points, logged as NMEA too, and the
  /// reference's climb (``ReferenceTruth/surveyClimbMeters(of:)``).
  static func nmeaDrive(fixes: URL, reference: URL) throws -> (
    track: Track, reference: [TruthPoint], referenceClimbMeters: Double?
  ) {
    let track = try NMEAReader.read(contentsOf: fixes).track
    // A reference without a usable date (the SPAN GGA log's RMC checksums are all wrong)
    // takes the day of the drive.
    let firstTime = track.segments.lazy.flatMap(\.fixes).compactMap(\.timeSeconds).first ?? 0
    let day = Date(
      timeIntervalSince1970: (Date(timeIntervalSinceReferenceDate: firstTime)
        .timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    let options = NMEAReader.Options(referenceDate: day)
    let referenceTrack = try NMEAReader.read(contentsOf: reference, options: options).track
    return (
      track, ReferenceTruth.points(of: referenceTrack),
      ReferenceTruth.surveyClimbMeters(of: referenceTrack)
    )
  }

  private static func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
  }
}
