import Foundation
import Testing
import TrackSift
import TrackSiftFormats

/// `convert FILE -o OUT.fit`: a FIT activity that reads back as the same activity, as read or
/// cleaned, with its totals as the device's.
@Suite struct ConvertFITCommandTests {
  /// `analyze PATH --json` as an object.
  private func analysis(_ path: String) throws -> [String: Any] {
    try CommandRunner.jsonObject(["analyze", path, "--json"])
  }

  @Test func aSimulatedRunConvertedToFITReadsBackAsTheSameRun() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gpx = directory.appendingPathComponent("run.gpx").path
    let simulate = try CommandRunner.run([
      "simulate", "--seed", "4", "--duration-seconds", "900", "-o", gpx,
    ])
    #expect(simulate.status == 0, "\(simulate.standardError)")
    let fit = directory.appendingPathComponent("run.fit").path
    let convert = try CommandRunner.run(["convert", gpx, "-o", fit])
    #expect(convert.status == 0, "\(convert.standardError)")
    #expect(convert.standardOutput.contains("written as fit (from gpx"))

    let original = try ActivityFile.read(atPath: gpx).track
    let file = try ActivityFile.read(atPath: fit, strict: true)
    #expect(file.format == .fit)
    #expect(file.track.segments.map(\.fixes.count) == original.segments.map(\.fixes.count))
    for (written, read) in zip(original.allFixes, file.track.allFixes) {
      #expect(abs(read.latitudeDegrees - written.latitudeDegrees) < 1e-7)
      #expect(abs(read.longitudeDegrees - written.longitudeDegrees) < 1e-7)
      let seconds = try #require(written.timeSeconds)
      #expect(read.timeSeconds == seconds.rounded())
    }
    // The session's distance is the track's own length, to the centimeter.
    let device = try #require(file.deviceTotals?.distanceMeters)
    #expect(abs(device - original.pathLengthMeters) <= 0.01)
    // The GPX names no sport and the run was measured as one by default: none is written.
    #expect(file.deviceTotals?.sport == nil)
    let fromGPX = try analysis(gpx)
    let fromFIT = try analysis(fit)
    #expect(fromFIT["fixCount"] as? Int == fromGPX["fixCount"] as? Int)
    let raw = try #require((fromGPX["raw"] as? [String: Any])?["distanceMeters"] as? Double)
    let rawFIT = try #require((fromFIT["raw"] as? [String: Any])?["distanceMeters"] as? Double)
    #expect(abs(rawFIT - raw) <= 0.01 * raw, "\(rawFIT) from FIT, \(raw) from GPX")
  }

  @Test func theCleanedTrackAndAnExplicitFormatAreWrittenAsFIT() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gpx = directory.appendingPathComponent("run.gpx").path
    #expect(
      try CommandRunner.run([
        "simulate", "--seed", "5", "--duration-seconds", "600", "-o", gpx,
      ]).status == 0)
    let cleaned = directory.appendingPathComponent("cleaned.bin").path
    let convert = try CommandRunner.run([
      "convert", gpx, "-o", cleaned, "--format", "fit", "--clean", "--profile", "cycling",
    ])
    #expect(convert.status == 0, "\(convert.standardError)")
    let file = try ActivityFile.read(atPath: cleaned, strict: true)
    #expect(file.format == .fit && file.deviceTotals?.sport == "cycling")
    // "cleaned.bin: 1,234 fixes in ...": the count printed is the count written.
    let printed = convert.standardOutput.split(separator: " ").dropFirst().first
      .map { $0.replacingOccurrences(of: ",", with: "") }
    #expect(printed == String(file.track.fixCount), "\(convert.standardOutput)")
    #expect(convert.standardOutput.contains("written as fit"))
  }
}
