import Foundation
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation

/// The climbs: the watch files against their own ascent, and the readers' test files reported
/// beside them.
extension RealDataCorpus {
  /// The watch files whose session records its own ascent: the paired walks' four and the
  /// run and ride of `devices/` (the treadmill run has no positions).
  static let climbFiles = [
    "paired/pair-same-wrist_2024-08-27_Abbotsbury/2024-08-27 Abbotsbury Hike - Mike Garmin.fit",
    "paired/pair-same-wrist_2024-08-27_Abbotsbury/2024-08-27 Abbotsbury Hike - Mike COROS.fit",
    "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Jo.fit",
    "paired/pair-two-walkers_2024-06-04/2024-06-04, Polzeath to Rock - Mike.fit",
    "devices/same-activity_2067489619_run/2067489619.fit",
    "devices/same-activity_3939576645_ride/3939576645.fit",
  ]

  /// The folders of the readers' test files whose FIT files' own ascents are reported beside
  /// the watch files' (``corpusClimbCases(data:)``).
  static let corpusClimbFolders = [
    "corpus/fit/activities", "corpus/fit/edge-cases", "corpus/gpsbabel/fit",
  ]

  /// The watch files, each against its session's ascent.
  static func climbCases(data: URL) throws -> [Case] {
    try climbFiles.map { path in
      let url = try required(data.appendingPathComponent(path))
      let input = try ActivityFile.read(atPath: url.path)
      guard let ascent = input.deviceTotals?.ascentMeters, ascent > 0 else {
        throw EvaluationDataError(path: url.path, reason: "no total ascent in the session")
      }
      return climbCase(url.lastPathComponent, input, ascentMeters: ascent, reference: .device)
    }
  }

  /// Every FIT file of ``corpusClimbFolders`` whose session records an ascent of at least
  /// `RealDataReport.corpusLeastAscentMeters`, each against that ascent (reported, no target). Files
  /// that cannot be read are left out: these folders hold damaged files on purpose.
  static func corpusClimbCases(data: URL) -> [Case] {
    corpusClimbFolders.flatMap { folder -> [Case] in
      let url = data.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.filter { $0.lowercased().hasSuffix(".fit") }.sorted().compactMap { name in
        let path = url.appendingPathComponent(name).path
        guard let input = try? ActivityFile.read(atPath: path),
          let ascent = input.deviceTotals?.ascentMeters,
          ascent >= RealDataReport.corpusLeastAscentMeters,
          input.track.allFixes.contains(where: { $0.validAltitudeMeters != nil })
        else { return nil }
        return climbCase(
          folder + "/" + name, input, ascentMeters: ascent, reference: .corpusDevice)
      }
    }
  }

  /// A file's climb against `ascentMeters`, with the profile its sport gives.
  private static func climbCase(
    _ name: String, _ input: ActivityFile, ascentMeters: Double,
    reference: RealClimbScore.Reference
  ) -> Case {
    .climb(
      name: name, track: input.track,
      activity: ProfileChoice(option: nil, deviceTotals: input.deviceTotals).activity,
      ascentMeters: ascentMeters, reference: reference)
  }
}
