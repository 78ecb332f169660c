import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// Real runs round a loop measured at 1710 ± 10 m (`shared/data/truth/loop-1710m`), read in
/// place and measured by the whole analysis.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: truth tests skipped"))
struct LoopTruthTests {
  static let courseLengthMeters = 1_710.0

  @Test(arguments: ["forerunner-82911648.csv", "polar2021-10-24_18-46-22.csv"])
  func measuresTheLoopWithinOneAndAHalfPercent(name: String) throws {
    let url = try #require(sharedDataDirectory).appendingPathComponent("truth/loop-1710m/\(name)")
    let analysis = TrackAnalysis(track: try FixCSVReader.read(contentsOf: url), profile: .running)
    for metrics in [analysis.liveMetrics, analysis.refinedMetrics] {
      let error = abs(metrics.distanceMeters - Self.courseLengthMeters) / Self.courseLengthMeters
      #expect(error < 0.015, "\(name): \(metrics.distanceMeters) m")
      let pace = try #require(metrics.averagePaceSecondsPerKilometer)
      #expect(pace > 300 && pace < 380, "\(name): \(pace) s/km")
    }
  }
}

/// Every corpus file goes through the whole analysis without a trap, and every fix gets a
/// verdict.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: corpus tests skipped"))
struct CorpusAnalysisTests {
  @Test func everyCorpusFileIsAnalysed() throws {
    let folder = try #require(sharedDataDirectory).appendingPathComponent("corpus/gpx")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".gpx") }
    #expect(names.count >= 28)
    for name in names {
      let document = try GPXReader.read(contentsOf: folder.appendingPathComponent(name))
      for track in document.tracks {
        for activity in ActivityKind.allCases {
          let analysis = TrackAnalysis(track: track, profile: ActivityProfile(activity: activity))
          #expect(analysis.verdictCounts.totalCount == track.fixCount, "\(name)")
          #expect(analysis.refinedMetrics.distanceMeters.isFinite, "\(name)")
          #expect(analysis.liveMetrics.distanceMeters <= analysis.rawMetrics.distanceMeters + 1)
        }
      }
    }
  }
}
