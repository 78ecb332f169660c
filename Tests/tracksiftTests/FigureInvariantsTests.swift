import Foundation
import Testing
import TrackSift
import TrackSiftFormats

@testable import tracksift

/// The figures of every recording in `../shared/data` that the readers accept obey the
/// invariants of ``ActivityMetrics``, raw, live (batch, and replayed through the ``Recorder``)
/// and refined: all finite, distance >= 0, moving <= timer <= elapsed, average <= maximum,
/// best 10 s <= best 2 s <= maximum.
///
/// `swift test` checks every fourth file (in path order) and the files the issue named; set
/// `TRACKSIFT_ALL_FILES=1` for all of them (about a minute in a debug build on 2 cores).
@Suite struct FigureInvariantsTests {
  static let files: [String] = {
    guard let data = CommandRunner.sharedData,
      let walker = FileManager.default.enumerator(atPath: data.path)
    else { return [] }
    let skipped: Set<String> = ["md", "txt", "tsv", "json"]
    var files: [String] = []
    for case let path as String in walker
    where !skipped.contains((path as NSString).pathExtension.lowercased()) {
      var isDirectory: ObjCBool = false
      let full = data.appendingPathComponent(path).path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    files.sort()
    if ProcessInfo.processInfo.environment["TRACKSIFT_ALL_FILES"] != nil { return files }
    let named = ["goGPS_WLS.csv", "Pixel4_chipset.nmea", "first_and_last_elevation.gpx"]
    return files.enumerated().filter { index, file in
      index % 4 == 0 || named.contains { file.hasSuffix($0) }
    }.map(\.element)
  }()

  @Test(.enabled(if: CommandRunner.sharedData != nil, "../shared is absent"))
  func theSharedDataHasRecordings() {
    #expect(Self.files.count > 40)
  }

  @Test(
    .enabled(if: CommandRunner.sharedData != nil, "../shared is absent"), arguments: files)
  func figuresObeyTheInvariants(file: String) throws {
    let path = try #require(CommandRunner.sharedData).appendingPathComponent(file).path
    guard let track = try? ActivityFile.read(atPath: path).track else { return }  // refused
    let activity: ActivityKind =
      file.contains("drive") || file.contains("gsdc") || file.contains("nmea-gpsd")
      ? .driving : .running
    // The file's own profile, and running, the CLI's default, which a drive breaks hardest.
    for kind in Set([activity, .running]) {
      let profile = ActivityProfile(activity: kind)
      let analysis = TrackAnalysis(track: track, profile: profile)
      FigureInvariants.check(analysis.rawMetrics, "\(file) raw \(kind)")
      FigureInvariants.check(analysis.liveMetrics, "\(file) live \(kind)")
      FigureInvariants.check(analysis.refinedMetrics, "\(file) refined \(kind)")
      guard track.segments.allSatisfy({ $0.fixes.isEmpty || $0.hasAdvancingTimes }) else {
        continue
      }
      let (_, recorder) = try RecordingReplay.run(
        track, configuration: RecorderConfiguration(profile: profile))
      FigureInvariants.check(recorder.liveMetrics.metrics, "\(file) recorder \(kind)")
      #expect(recorder.liveMetrics.metrics == analysis.liveMetrics, "\(file) \(kind)")
    }
  }
}

/// The invariants every ``ActivityMetrics`` obeys.
enum FigureInvariants {
  static func check(_ metrics: ActivityMetrics, _ label: String) {
    let figures: [(String, Double?)] = [
      ("distance", metrics.distanceMeters), ("elapsed", metrics.elapsedTimeSeconds),
      ("timer", metrics.timerTimeSeconds), ("moving", metrics.movingTimeSeconds),
      ("average speed", metrics.averageSpeedMetersPerSecond),
      ("maximum speed", metrics.maximumSpeedMetersPerSecond),
      ("best 2 s", metrics.bestTwoSecondSpeedMetersPerSecond),
      ("best 10 s", metrics.bestTenSecondSpeedMetersPerSecond),
      ("average pace", metrics.averagePaceSecondsPerKilometer),
      ("gain", metrics.elevationGainMeters), ("loss", metrics.elevationLossMeters),
      ("lowest altitude", metrics.minimumAltitudeMeters),
      ("highest altitude", metrics.maximumAltitudeMeters),
    ]
    for (name, value) in figures {
      if let value { #expect(value.isFinite, "\(label): \(name) \(value)") }
    }
    #expect(metrics.distanceMeters >= 0, "\(label)")
    if let moving = metrics.movingTimeSeconds, let timer = metrics.timerTimeSeconds {
      #expect(moving <= timer, "\(label): moving \(moving) > timer \(timer)")
    }
    if let timer = metrics.timerTimeSeconds, let elapsed = metrics.elapsedTimeSeconds {
      #expect(timer <= elapsed, "\(label): timer \(timer) > elapsed \(elapsed)")
    }
    if let average = metrics.averageSpeedMetersPerSecond {
      let maximum = metrics.maximumSpeedMetersPerSecond ?? -1
      #expect(average <= maximum, "\(label): average \(average) > maximum \(maximum)")
    }
    if let bestTwo = metrics.bestTwoSecondSpeedMetersPerSecond {
      let maximum = metrics.maximumSpeedMetersPerSecond ?? -1
      #expect(bestTwo <= maximum, "\(label): best 2 s \(bestTwo) > maximum \(maximum)")
    }
    if let bestTen = metrics.bestTenSecondSpeedMetersPerSecond {
      // A run of 10 s holds runs of 2 s.
      let bestTwo = metrics.bestTwoSecondSpeedMetersPerSecond ?? -1
      #expect(bestTen <= bestTwo, "\(label): best 10 s \(bestTen) > best 2 s \(bestTwo)")
    }
  }
}
