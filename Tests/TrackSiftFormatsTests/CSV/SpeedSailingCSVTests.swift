import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// The speed-sailing logs of `../shared/data/spikes` (GT-31 and Motion: a date column, a time of
/// day, EHPE and EHVE), read in place.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent: speed-sailing CSV tests skipped"))
struct SpeedSailingCSVTests {
  @Test(arguments: [
    ("gt-31/206MALLMAN_113200495_20111018_131156.csv", 1_904, "2011-10-18T13:12:26Z"),
    ("gt-31/Jenki36Paul_932000540_20171015_095602.csv", 973, "2017-10-15T09:09:13Z"),
    ("gt-31/WSWAFOUR_932000173_20121009_092850.csv", 8_538, "2012-10-09T09:38:52Z"),
    ("motion-mini/CON113GAR_635_20221016_145222.csv", 6_649, "2022-10-16T14:04:12.2Z"),
  ])
  func readsEveryRow(path: String, count: Int, firstTime: String) throws {
    let url = try #require(sharedDataDirectory).appendingPathComponent("spikes/" + path)
    let track = try FixCSVReader.read(contentsOf: url)
    let fixes = track.allFixes
    #expect(fixes.count == count)
    #expect(fixes.allSatisfy { $0.timestamp != nil && $0.horizontalAccuracyMeters != nil })
    // `ehve`, the velocity error estimate, is the speed accuracy.
    #expect(fixes.allSatisfy { $0.speedAccuracyMetersPerSecond != nil })
    var text = firstTime
    let seconds = text.withUTF8 {
      ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
    }
    #expect(fixes.first?.timeSeconds == seconds)
  }

  /// Each log's labelled spike (README_upstream.md) sets the raw maximum speed and not the
  /// cleaned one. The cleaned maxima are genuine runs: 18.26 m/s (GT-31 speed accuracy 0.17
  /// m/s), 5.13, 18.6 and 14.1 m/s (Motion, 0.12 m/s).
  @Test(arguments: [
    ("gt-31/206MALLMAN_113200495_20111018_131156.csv", 24.65, 18.26),
    ("gt-31/Jenki36Paul_932000540_20171015_095602.csv", 24.64, 5.13),
    ("gt-31/WSWAFOUR_932000173_20121009_092850.csv", 398.44, 18.6),
    ("motion-mini/CON113GAR_635_20221016_145222.csv", 41.618, 14.1),
  ])
  func spikesDoNotSetTheMaximumSpeed(path: String, spike: Double, genuine: Double) throws {
    let url = try #require(sharedDataDirectory).appendingPathComponent("spikes/" + path)
    let analysis = TrackAnalysis(track: try FixCSVReader.read(contentsOf: url), profile: .cycling)
    #expect(analysis.rawMetrics.maximumSpeedMetersPerSecond == spike)
    for metrics in [analysis.liveMetrics, analysis.refinedMetrics] {
      let maximum = try #require(metrics.maximumSpeedMetersPerSecond)
      #expect(maximum <= genuine + 0.05, "\(path): maximum \(maximum) m/s")
    }
  }
}
