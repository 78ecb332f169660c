import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// The speed-sailing logs of `../shared/data/spikes` (GT-31 and Motion: a date column, a time of
/// day, EHPE), read in place.
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
    var text = firstTime
    let seconds = text.withUTF8 {
      ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0))
    }
    #expect(fixes.first?.timeSeconds == seconds)
  }
}
