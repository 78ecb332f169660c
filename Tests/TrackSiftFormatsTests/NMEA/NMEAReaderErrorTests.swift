import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

@Suite struct NMEAReaderErrorTests {
  private let first = nmea("GPRMC,120000,A,3725.0,N,12205.0,W,1.0,90.0,010120,,")
  private let third = nmea("GPRMC,120002,A,3725.2,N,12205.0,W,1.0,90.0,010120,,")

  /// A good line 1, `bad` on line 2, a good line 3.
  private func sandwich(_ bad: String) -> String {
    [first, bad, third].joined(separator: "\r\n") + "\r\n"
  }

  @Test func wrongChecksumIsSkippedWithItsLine() throws {
    var bad = nmea("GPRMC,120001,A,3725.1,N,12205.0,W,1.0,90.0,010120,,")
    bad.replaceSubrange(bad.index(bad.endIndex, offsetBy: -2)..., with: "00")
    let log = try NMEAReader.read(string: sandwich(bad))
    #expect(log.fixCount == 2)
    #expect(log.skippedCount == 1)
    #expect(log.skipped.first?.line == 2)
    #expect(log.skipped.first?.reason.hasPrefix("checksum mismatch: the sentence says 00") == true)
    let latitudes: [Double] = log.track.allFixes.map(\.latitudeDegrees)
    let expected: [Double] = [37 + 25.0 / 60, 37 + 25.2 / 60]
    #expect(latitudes == expected)
  }

  @Test func wrongChecksumThrowsInStrictMode() {
    let bad = "$GPRMC,120001,A,3725.1,N,12205.0,W,1.0,90.0,010120,,*00"
    #expect(throws: NMEAError.self) {
      try NMEAReader.read(string: sandwich(bad), options: .init(strict: true))
    }
    do {
      _ = try NMEAReader.read(string: sandwich(bad), options: .init(strict: true))
    } catch {
      #expect(error.line == 2)
      #expect(error.description.hasPrefix("line 2: checksum mismatch: the sentence says 00, "))
    }
  }

  @Test func missingChecksumIsAccepted() throws {
    let log = try NMEAReader.read(
      string: "$GPGGA,120001,3725.1,N,12205.0,W,1,8,1.0,4.4,M,,,,\n",
      options: .init(strict: true))
    #expect(log.fixCount == 1)
  }

  @Test(arguments: [
    ("$GPGGA,120001,3725.1,N,12205.0,W,1", "truncated GGA: 6 fields where at least 9 are needed"),
    ("$GPRMC,120001,A,3725.1,N", "truncated RMC: 4 fields where at least 9 are needed"),
    (
      "$GPGGA,120001,3725.1,N,12205.0,W,1,8,1.0,4.4,M,,,,*4",
      "malformed checksum (not *hh at the end)"
    ),
    ("$GPGGA,12x001,3725.1,N,12205.0,W,1,8,1.0,4.4,M,,,,", "time of day is not hhmmss.ss"),
    ("$GPGGA,120001,3775.1,N,12205.0,W,1,8,1.0,4.4,M,,,,", "latitude is not ddmm.mm"),
    ("$GPGGA,120001,3725.1,X,12205.0,W,1,8,1.0,4.4,M,,,,", "latitude hemisphere is not N or S"),
    ("$GPGGA,120001,3725.1,N,12205.0,W,1,8,1.0,abc,M,,,,", "altitude is not a number"),
    ("$GPRMC,120001,A,3725.1,N,12205.0,W,1.0,90.0,310220,,", "date is not ddmmyy"),
    (
      "GPRMC,120001,A,3725.1,N,12205.0,W,1.0,90.0,010120,,",
      "not an NMEA sentence (no leading $ or !)"
    ),
  ])
  func malformedSentencesAreSkippedOrThrown(line: String, reason: String) throws {
    let log = try NMEAReader.read(string: sandwich(line))
    #expect(log.skipped == [SkippedLine(line: 2, reason: reason)])
    #expect(log.fixCount == 2)
    #expect(throws: NMEAError(reason: reason, line: 2)) {
      try NMEAReader.read(string: sandwich(line), options: .init(strict: true))
    }
  }

  @Test func binaryGarbageIsSkippedAndNeverTraps() throws {
    var bytes = Data(first.utf8) + Data("\n".utf8)
    var generator = SystemRandomNumberGenerator()
    var garbage = (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    garbage.removeAll { $0 == 0x0A || $0 == 0x0D }
    bytes += Data([0x24] + garbage + [0x0A])  // '$' then garbage: a sentence that is not one
    bytes += Data(third.utf8) + Data("\n".utf8)
    let log = try NMEAReader.read(data: bytes)
    #expect(log.fixCount == 2)
    #expect(log.skipped.map(\.line) == [2])
    #expect(log.skipped.first?.reason.contains("is not printable ASCII") == true)
  }

  @Test(arguments: ["\r\n", "\n", "\r"])
  func lineEndingsAreAllOneLine(ending: String) throws {
    var text = [first, "$GPRMC,bad*00", third].joined(separator: ending)
    text += ending
    let log = try NMEAReader.read(string: text)
    #expect(log.fixCount == 2)
    #expect(log.skipped.map(\.line) == [2])
  }

  @Test func lastLineWithoutNewlineIsRead() throws {
    let log = try NMEAReader.read(string: first + "\n" + third)
    #expect(log.fixCount == 2)
  }

  @Test func commentsBlankLinesAndOtherSentencesAreNotErrors() throws {
    let text = [
      "# Name: test receiver", "", first,
      nmea("GPGSV,3,1,10,02,25,181,42,06,45,146,45,12,19,292,47,13,17,209,43"),
      nmea("PGRME,15.0,M,45.0,M,25.0,M"), "!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26", third,
    ].joined(separator: "\n")
    let log = try NMEAReader.read(string: text, options: .init(strict: true))
    #expect(log.sentenceCount == 5)
    #expect(log.fixCount == 2)
  }

  @Test func skippedLinesAreCappedButCounted() throws {
    let text = String(repeating: "$GPRMC,bad*00\n", count: 1_500) + first + "\n"
    let log = try NMEAReader.read(string: text)
    #expect(log.skippedCount == 1_500)
    #expect(log.skipped.count == NMEALog.maximumRecordedSkips)
    #expect(log.skipped.last?.line == 1_000)
    #expect(log.fixCount == 1)
  }

  @Test func missingFileIsAnErrorWithoutALine() {
    let url = URL(fileURLWithPath: "/nonexistent/track.nmea")
    #expect(throws: NMEAError.self) { try NMEAReader.read(contentsOf: url) }
    do {
      _ = try NMEAReader.read(contentsOf: url)
    } catch {
      #expect(error.line == 0)
      #expect(error.description == "cannot read /nonexistent/track.nmea: No such file or directory")
    }
  }
}
