import Foundation
import Testing
import TrackSift
import TrackSiftFormats
import TrackSiftTestSupport

/// Every NMEA log of gpsbabel's test corpus (`../shared/data/corpus/gpsbabel/nmea`), with what
/// it reads to: logs without dates, crossing midnight or several days, millisecond times, MTK
/// LOCUS and AMOD logger dumps.
@Suite(.enabled(if: sharedDataPresent, "../shared is absent"))
struct NMEAGPSBabelCorpusTests {
  @Test(arguments: [
    ("adddate.nmea", 500, 1), ("addmultipledaysbkw.nmea", 28, 1),
    ("addmultipledaysfwd.nmea", 28, 1), ("addmultipledaysmid.nmea", 28, 15),
    ("amod-nmea", 4, 1), ("backfilldate.nmea", 500, 1), ("backfilldate2.nmea", 240, 1),
    ("mtk_locus.nmea", 2, 1), ("nmea", 154, 1), ("nmea+ms.txt", 37, 6), ("nmeadate.nmea", 6, 6),
  ])
  func readsEveryLog(name: String, fixes: Int, segments: Int) throws {
    let url = try #require(sharedDataDirectory).appendingPathComponent(
      "corpus/gpsbabel/nmea/\(name)")
    #expect(try ActivityFileFormat.detect(contentsOf: url) == .nmea)
    let log = try NMEAReader.read(contentsOf: url)
    #expect(log.track.fixCount == fixes)
    #expect(log.track.segments.count == segments)
  }
}
