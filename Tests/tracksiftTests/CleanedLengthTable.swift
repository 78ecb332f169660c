import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftSimulation

@testable import tracksift

/// Prints, with `TRACKSIFT_CLEANED_TABLE=1`, the refined distance and the cleaned file's length
/// before (every accepted fix at its refined position, and Douglas-Peucker at 3 m on them) and
/// now, for every shared file and every recording of the full standard suite.
@Suite struct CleanedLengthTable {
  static let choice = ProcessInfo.processInfo.environment["TRACKSIFT_CLEANED_TABLE"]

  @Test(.enabled(if: choice != nil))
  func printTheTable() throws {
    var lines = [
      "| recording | profile | refined m | before 0 m | before 3 m | now 0 m | now 3 m "
        + "| haversine 0 m | re-analysed m | moving s | again | elapsed s | again |",
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    if let data = CommandRunner.sharedData, Self.choice != "suite" {
      for file in Self.allFiles(data) {
        guard let input = try? ActivityFile.read(atPath: data.appendingPathComponent(file).path)
        else { continue }
        let profile = CleanedFileMeasuresTests.profile(file, input)
        lines.append(try Self.row(file, input.track, profile))
      }
    }
    for configuration in Self.choice == "files" ? [] : CleanedFileMeasuresTests.suite {
      let track = ScenarioSimulator(configuration: configuration).run().track
      lines.append(
        try Self.row(
          CleanedFileMeasuresTests.name(configuration), track,
          ActivityProfile(activity: configuration.activity)))
    }
    print(lines.joined(separator: "\n"))
  }

  static func allFiles(_ data: URL) -> [String] {
    let walker = FileManager.default.enumerator(atPath: data.path)
    var files: [String] = []
    let skipped: Set<String> = ["md", "txt", "tsv", "json"]
    while let path = walker?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let full = data.appendingPathComponent(path).path
      if !skipped.contains((path as NSString).pathExtension.lowercased()),
        FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }

  static func percent(_ value: Double, _ reference: Double) -> String {
    guard reference > 0 else { return String(format: "%.1f", value) }
    return String(format: "%.1f (%+.2f %%)", value, (value / reference - 1) * 100)
  }

  static func row(_ name: String, _ track: Track, _ profile: ActivityProfile) throws -> String {
    let analysis = TrackAnalysis(track: track, profile: profile)
    let refined = analysis.refinedMetrics.distanceMeters
    var before0 = Track()
    var before3 = Track()
    for analyzed in analysis.segments {
      let fixes = analyzed.refinedCoordinates.map {
        Fix(latitudeDegrees: $0.latitudeDegrees, longitudeDegrees: $0.longitudeDegrees)
      }
      before0.segments.append(Segment(fixes: fixes))
      let kept = DouglasPeucker.simplifiedIndices(
        of: analyzed.refinedCoordinates, toleranceMeters: 3)
      before3.segments.append(Segment(fixes: kept.map { fixes[$0] }))
    }
    let now0 = analysis.cleanedTrack(from: track)
    let now3 = analysis.cleanedTrack(from: track, toleranceMeters: 3)
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("cleaned.gpx")
    try GPXWriter.write(GPXDocument(creator: "TrackSift", tracks: [now0]), to: url)
    let reread = (try? ActivityFile.read(atPath: url.path).track) ?? Track()  // none accepted
    let again = TrackAnalysis(track: reread, profile: profile)
    return "| \(name) | \(profile.activity.rawValue) | \(String(format: "%.1f", refined)) | "
      + [
        before0.pathLengthMeters, before3.pathLengthMeters, now0.pathLengthMeters,
        now3.pathLengthMeters, haversineLengthMeters(now0),
        again.refinedMetrics.distanceMeters,
      ].map { percent($0, refined) }.joined(separator: " | ") + " | "
      + [
        analysis.refinedMetrics.movingTimeSeconds, again.refinedMetrics.movingTimeSeconds,
        analysis.refinedMetrics.elapsedTimeSeconds, again.refinedMetrics.elapsedTimeSeconds,
      ].map { $0.map { String(format: "%.0f", $0) } ?? "-" }.joined(separator: " | ") + " |"
  }

  /// The length on a sphere of 6,371,008.8 m (the IUGG mean radius), as most programs measure.
  static func haversineLengthMeters(_ track: Track) -> Double {
    let radius = 6_371_008.8
    var total = 0.0
    for segment in track.segments {
      for (a, b) in zip(segment.fixes, segment.fixes.dropFirst()) {
        let phi1 = a.latitudeDegrees * .pi / 180
        let phi2 = b.latitudeDegrees * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (b.longitudeDegrees - a.longitudeDegrees) * .pi / 180
        let h =
          sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2)
          * sin(dLambda / 2)
        total += 2 * radius * asin(min(1, h.squareRoot()))
      }
    }
    return total
  }
}
