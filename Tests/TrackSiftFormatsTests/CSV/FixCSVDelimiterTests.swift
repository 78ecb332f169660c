import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// CSV files separated by semicolons (a spreadsheet in a locale whose decimal separator is the
/// comma) or tabs read as those separated by commas.
@Suite struct FixCSVDelimiterTests {
  private static let expected: [(Double, Double, Double)] = [
    (47.5, 8.25, 400.5), (47.5001, 8.25, 401),
  ]

  private static func check(_ text: String) throws {
    let log = try FixCSVReader.readLog(string: text)
    let fixes = log.track.allFixes
    #expect(fixes.count == 2)
    for (fix, (latitude, longitude, altitude)) in zip(fixes, expected) {
      #expect(fix.latitudeDegrees == latitude)
      #expect(fix.longitudeDegrees == longitude)
      #expect(fix.altitudeMeters == altitude)
    }
    #expect(fixes.map(\.timeSeconds) == [757_382_400, 757_382_401])
  }

  @Test func semicolonsWithDecimalCommas() throws {
    try Self.check(
      """
      time;lat;lon;ele
      2025-01-01T00:00:00Z;47,5;8,25;400,5
      2025-01-01T00:00:01Z;47,5001;8,25;401
      """)
  }

  @Test func semicolonsWithDecimalPointsAndQuotes() throws {
    // A quoted field may hold the delimiter.
    try Self.check(
      """
      "time";"lat";"lon";"ele";"note"
      "2025-01-01T00:00:00Z";"47.5";"8.25";"400.5";"a;b"
      "2025-01-01T00:00:01Z";"47.5001";"8.25";"401";""
      """)
  }

  @Test func tabs() throws {
    try Self.check(
      "time\tlatitude\tlongitude\taltitude\n2025-01-01T00:00:00Z\t47.5\t8.25\t400.5\n"
        + "2025-01-01T00:00:01Z\t47,5001\t8,25\t401\n")
  }

  @Test func aCommaHeaderWinsOverSemicolonsInIt() throws {
    // Split by commas the header names its position: a semicolon is then text, never a
    // delimiter, and a comma never a decimal separator.
    let log = try FixCSVReader.readLog(
      string: "time,lat,lon,note;x\n2025-01-01T00:00:00Z,47.5,8.25,a;b\n")
    let fix = try #require(log.track.allFixes.first)
    #expect(fix.latitudeDegrees == 47.5 && fix.longitudeDegrees == 8.25)
  }

  @Test func epochMillisecondsInASemicolonFile() throws {
    let log = try FixCSVReader.readLog(
      string: "time;lat;lon\n1735689600000;47,5;8,25\n1735689601000;47,5001;8,25\n")
    #expect(log.epochTimeUnit == .milliseconds)
    #expect(log.track.allFixes.map(\.timeSeconds) == [757_382_400, 757_382_401])
  }
}
