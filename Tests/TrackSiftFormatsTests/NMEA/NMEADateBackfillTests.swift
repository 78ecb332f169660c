import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// The fixes of an NMEA log before its first date take that date, counted back; a log with
/// no date gives untimed fixes and counts them.
@Suite struct NMEADateBackfillTests {
  private static func gga(_ time: String) -> String {
    "GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
  }

  @Test func fixesBeforeTheFirstRMCTakeItsDate() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([
        Self.gga("235958"), Self.gga("235959"), Self.gga("000000"),
        // A cold start: the RMC is void, with no date, until the receiver knows it.
        "GPRMC,000001,V,,,,,,,,,",
        "GPRMC,000002,A,4807.038,N,01131.000,E,,,010120,,",
      ]))
    #expect(
      log.track.allFixes.map(\.timestamp) == [
        utcDate(2019, 12, 31, 23, 59, 58), utcDate(2019, 12, 31, 23, 59, 59),
        utcDate(2020, 1, 1), utcDate(2020, 1, 1, 0, 0, 2),
      ])
    #expect(log.track.segments.count == 1)
    #expect(log.undatedFixCount == 0)
  }

  @Test func aZDAAtTheEndDatesTheWholeLog() throws {
    let log = try NMEAReader.read(
      string: nmeaLog([Self.gga("101500"), Self.gga("101501"), "GPZDA,101502,04,07,2021,00,00"]))
    #expect(
      log.track.allFixes.map(\.timestamp) == [
        utcDate(2021, 7, 4, 10, 15, 0), utcDate(2021, 7, 4, 10, 15, 1),
      ])
  }

  @Test func aLogWithoutADateGivesUntimedFixesAndCountsThem() throws {
    let bodies = [Self.gga("101500"), Self.gga("101501"), Self.gga("101502")]
    let log = try NMEAReader.read(string: nmeaLog(bodies))
    #expect(log.track.allFixes.allSatisfy { $0.timestamp == nil })
    #expect(log.fixCount == 3)
    #expect(log.undatedFixCount == 3)
    let dated = try NMEAReader.read(
      string: nmeaLog(bodies), options: .init(referenceDate: utcDate(2021, 7, 4)))
    #expect(dated.track.allFixes.last?.timestamp == utcDate(2021, 7, 4, 10, 15, 2))
    #expect(dated.undatedFixCount == 0)
  }

  @Test func heldFixesReachTheBodyBeforeAStrictRefusal() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("undated-\(UUID().uuidString).nmea")
    // The third epoch is still open at the bad line, as it would be in a dated log.
    try
      (nmeaLog([Self.gga("101500"), Self.gga("101501"), Self.gga("101502")])
      + "$GPGGA,bad*00\r\n")
      .write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    var given = 0
    #expect(throws: NMEAError.self) {
      try NMEAReader.forEachFix(contentsOf: url, options: .init(strict: true)) { _ in given += 1 }
    }
    #expect(given == 2)
  }

  @Test func theFileSaysItsFixesAreUntimedAndTakesADay() throws {
    let text = nmeaLog([Self.gga("235959"), Self.gga("000000")])
    let file = try ActivityFile.read(data: Data(text.utf8), name: "gga.nmea")
    #expect(
      file.notes == [
        "2 fixes untimed: the log gives their time of day but no date (no RMC or ZDA sentence,"
          + " no day given)"
      ])
    let dated = try ActivityFile.read(
      data: Data(text.utf8), name: "gga.nmea", undatedDay: utcDate(2024, 3, 9))
    #expect(dated.notes.isEmpty)
    #expect(
      dated.track.allFixes.map(\.timestamp) == [
        utcDate(2024, 3, 9, 23, 59, 59), utcDate(2024, 3, 10),
      ])
  }
}
