import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// GPX, TCX, CSV and GeoJSON written by our writers and read back give the same refined
/// figures (distance, moving and elapsed time, maximum speed, gain) within 0.1 %.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: round-trip tests skipped"))
struct FormatRoundTripTests {
  /// One file of each format and kind of device: a phone's GPX, a watch's TCX and FIT, the
  /// F9K receiver's NMEA, a speed-sailing logger's CSV, a GnssLogger log.
  static let representativeFiles = [
    "devices/same-activity_2067489619_run/2067489619.gpx",
    "devices/10k-race-fr15/10kUNLP2014-Garmin15.tcx",
    "devices/10k-race-fr15/10kUNLP2014-Garmin15.fit",
    "truth/f9k-drive-mountain-view/MTV.Local1.ublox-F9K.20200206-181434.nmea",
    "truth/loop-1710m/polar2021-10-24_18-46-22.csv",
    "truth/android-gnsslogger-samples/android-pixel6-walk/pixel6_gnsslogger.txt",
  ]

  static let tolerance = 0.001

  @Test(arguments: representativeFiles)
  func keepsTheRefinedFigures(path: String) throws {
    let results = try FormatRoundTrip.results(for: try sharedFile(path), name: path)
    #expect(results.count == FormatRoundTrip.Written.allCases.count, "\(path) was not read")
    for result in results {
      let (figure, difference) = result.worst
      #expect(
        difference <= Self.tolerance,
        "\(path) as \(result.format.rawValue): \(figure) differs by \(difference * 100) %")
    }
  }

  /// The u-blox F9K drive as NMEA and as TCX: with TrackSift's TCX extension (accuracy,
  /// course, source, satellites, dilutions) the TCX copy gives the NMEA log's figures; without
  /// it, the same distance, but a different moving time.
  @Test func theF9KDriveKeepsItsFiguresInTCXThroughTheExtension() throws {
    let url = try sharedFile(
      "truth/f9k-drive-mountain-view/MTV.Local1.ublox-F9K.20200206-181434.nmea")
    let track = try #require(FormatRoundTrip.track(of: url))
    let original = TrackAnalysis(track: track).refinedMetrics
    let tcx = TCXWriter.string(from: track, sport: "Running")
    let copy = TrackAnalysis(
      track: Track(
        segments: try TCXReader.read(data: Data(tcx.utf8)).activities.flatMap(\.track.segments))
    ).refinedMetrics
    #expect(
      FormatRoundTrip.difference(original.distanceMeters, copy.distanceMeters, floor: 0.001)
        <= Self.tolerance)
    // The same file with the extension cut out: what TCX alone carries.
    let bare = tcx.replacingOccurrences(
      of: "<tracksift:values>.*?</tracksift:values>", with: "", options: .regularExpression)
    #expect(!bare.contains("tracksift:values"))
    let bareCopy = TrackAnalysis(
      track: Track(
        segments: try TCXReader.read(data: Data(bare.utf8)).activities.flatMap(\.track.segments))
    ).refinedMetrics
    // Measured (running profile): 8,701 m from the NMEA log and the TCX copy, 8,666 m from the
    // bare TCX. Without an accuracy the smoother weighs the positions by the white noise
    // measured on the recording, as the log's 0.05 m (below the 1 m floor) is weighed: the
    // distance holds. (Weighed by the assumed 5 m, the bare copy cut the bends by 1 %.) What
    // differs: the 12 m the car crept at its traffic lights, which only a stated accuracy lets
    // ``StopCreep`` tell from standing; the smoother's paths across the signal losses
    // (``GapPath``), whose ends' velocities the missing course and accuracy change (315 m
    // against 302 m across the 40 s loss); and the moving time, as the stops read the missing
    // course.
    let creepFraction = 0.0015
    let gapPathFraction = 0.002
    #expect(
      FormatRoundTrip.difference(original.distanceMeters, bareCopy.distanceMeters, floor: 0.001)
        <= Self.tolerance + creepFraction + gapPathFraction,
      Comment(
        rawValue: "NMEA \(original.distanceMeters) m, \(original.movingTimeSeconds ?? 0) s "
          + "moving; bare TCX \(bareCopy.distanceMeters) m, \(bareCopy.movingTimeSeconds ?? 0) s"))
    #expect(
      FormatRoundTrip.difference(
        original.movingTimeSeconds ?? 0, bareCopy.movingTimeSeconds ?? 0, floor: 1) > 0.005)
  }

  /// Every file of ../shared/data, when `TRACKSIFT_ROUND_TRIP_ALL` is set (slow in a debug
  /// build: run it with `swift test -c release`); prints the worst difference per format.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TRACKSIFT_ROUND_TRIP_ALL"] != nil))
  func keepsTheRefinedFiguresOfEveryFile() throws {
    let root = try #require(sharedDataDirectory)
    let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
      .filter { !$0.hasSuffix(".md") && !$0.hasSuffix("SOURCE.txt") }.sorted()
    var worst: [FormatRoundTrip.Written: FormatRoundTrip.Result] = [:]
    var largestRaw: [FormatRoundTrip.Written: Double] = [:]
    var files = 0
    for path in paths {
      let url = root.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      let results = try FormatRoundTrip.results(for: url, name: path)
      if !results.isEmpty { files += 1 }
      for result in results {
        largestRaw[result.format] = max(
          largestRaw[result.format] ?? 0, result.rawDifferences.values.max() ?? 0)
        let (figure, difference) = result.worst
        if difference > (worst[result.format]?.worst.difference ?? -1) {
          worst[result.format] = result
        }
        #expect(
          difference <= Self.tolerance,
          "\(path) as \(result.format.rawValue): \(figure) differs by \(difference * 100) %")
      }
    }
    print("round trip: \(files) files")
    for format in FormatRoundTrip.Written.allCases {
      guard let result = worst[format] else { continue }
      let (figure, difference) = result.worst
      print(
        "round trip \(format.rawValue): worst \(difference * 100) % (\(figure), \(result.file)); "
          + "largest raw difference (no floor) \((largestRaw[format] ?? 0) * 100) %")
    }
  }
}
