import Foundation
import Testing
import TrackSift
import TrackSiftTestSupport

@testable import TrackSiftFormats

/// gpsd's regression logs, read in place from `../shared/data/corpus/nmea-gpsd`.
private let gpsdCorpus = sharedDataDirectory?.appendingPathComponent("corpus/nmea-gpsd")

/// Logs whose RMC and GGA sentences all say "no fix", so that no fix must come out.
private let logsWithoutFixes: [String: String] = [
  "GPSmap-76S.log": "Garmin simulator mode: RMC status V (mode S) beside GGA quality 8",
  "garmin-geko201.log": "Garmin simulator mode: RMC status V (mode S) beside GGA quality 8",
  "eXplorist110.log": "no fix yet: GGA quality 0, RMC status V",
  "holux-gm-210.log": "no fix yet: GGA quality 0, RMC status V",
  "skytraq.log": "no fix yet: GGA quality 0 and RMC V at 0,0",
  "ublox-lea-5q.log": "no fix yet: GGA quality 0 and RMC V with empty positions",
  "tn200.log": "no fix yet: GGA quality 0; void RMCs carry a 360-degree latitude (skipped)",
  "tn200-all.log": "no fix yet: GGA quality 0; void RMCs carry a 360-degree latitude (skipped)",
]

/// Fix counts of some logs, checked by hand against their sentences (valid epochs).
private let expectedFixCounts: [String: Int] = [
  "beidou-bd.log": 5,  // 5 no-fix epochs, then 5 fixes
  "bu353s4.log": 25,
  "hemi.log": 21,  // 194 of its 215 GGA have quality 0
  "sirfstarv-nmea.log": 118,
  "skytraq-dgps.log": 96,
  "telit-he910.log": 187,
  "ublox-zed-f9p-nmea.log": 29,
]

@Suite(.enabled(if: sharedDataPresent, "../shared is absent: NMEA corpus tests skipped"))
struct NMEACorpusTests {
  @Test func everyGpsdLogReadsLenientlyAndGivesFixes() throws {
    let directory = try #require(gpsdCorpus)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".log") }.sorted()
    #expect(names.count == 88, "the corpus should hold 88 logs, found \(names.count)")
    for name in names {
      let url = directory.appendingPathComponent(name)
      do {
        let log = try NMEAReader.read(contentsOf: url)
        #expect(log.sentenceCount > 0, "\(name): no sentence read")
        if let reason = logsWithoutFixes[name] {
          #expect(log.fixCount == 0, "\(name) should have no fix (\(reason))")
        } else {
          #expect(log.fixCount > 0, "\(name): no fix")
        }
        if let expected = expectedFixCounts[name] {
          #expect(log.fixCount == expected, "\(name): \(log.fixCount) fixes")
        }
        for fix in log.track.allFixes {
          #expect(fix.coordinate.isInRange, "\(name): \(fix.coordinate) out of range")
        }
      } catch {
        Issue.record("\(name): \(error)")
      }
    }
  }

  @Test func corruptLinesAreSkippedWithTheirLines() throws {
    let url = try #require(gpsdCorpus).appendingPathComponent("com-1289.log")
    let log = try NMEAReader.read(contentsOf: url)
    #expect(
      log.skipped == [
        SkippedLine(
          line: 35, reason: "checksum mismatch: the sentence says 4B, its bytes give 48")
      ])
    #expect(log.fixCount == 14)
    #expect(throws: NMEAError(reason: log.skipped[0].reason, line: 35)) {
      try NMEAReader.read(contentsOf: url, options: .init(strict: true))
    }
  }

  @Test func aCleanModernLogReadsInStrictMode() throws {
    let url = try #require(gpsdCorpus).appendingPathComponent("ublox-zed-f9p-nmea.log")
    let log = try NMEAReader.read(contentsOf: url, options: .init(strict: true))
    #expect(log.fixCount == 29)
    #expect(log.track.allFixes.allSatisfy { $0.timestamp != nil })
  }
}
