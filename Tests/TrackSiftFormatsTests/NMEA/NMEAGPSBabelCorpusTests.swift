import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// Every NMEA log of gpsbabel's test corpus (`../shared/data/corpus/gpsbabel/nmea`), with what
/// it reads to: logs without dates (untimed), with their date after their first fixes (dated
/// back; the hourly fixes of the `addmultipledays` logs are a segment each), crossing midnight
/// or several days, millisecond times, MTK LOCUS and AMOD logger dumps.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent"))
struct NMEAGPSBabelCorpusTests {
  @Test(arguments: [
    ("adddate.nmea", 500, 0, 1), ("addmultipledaysbkw.nmea", 28, 28, 28),
    ("addmultipledaysfwd.nmea", 28, 0, 1), ("addmultipledaysmid.nmea", 28, 28, 28),
    ("amod-nmea", 4, 4, 1), ("backfilldate.nmea", 500, 500, 1),
    ("backfilldate2.nmea", 240, 240, 1), ("mtk_locus.nmea", 2, 2, 1), ("nmea", 154, 154, 1),
    ("nmea+ms.txt", 37, 37, 6), ("nmeadate.nmea", 6, 6, 6),
  ])
  func readsEveryLog(name: String, fixes: Int, timed: Int, segments: Int) throws {
    let url = try #require(sharedDataDirectory).appendingPathComponent(
      "corpus/gpsbabel/nmea/\(name)")
    #expect(try ActivityFileFormat.detect(contentsOf: url) == .nmea)
    let log = try NMEAReader.read(contentsOf: url)
    #expect(log.track.fixCount == fixes)
    #expect(log.track.allFixes.count { $0.timestamp != nil } == timed)
    #expect(log.undatedFixCount == fixes - timed)
    #expect(log.track.segments.count == segments)
  }
}
