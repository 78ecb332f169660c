import Foundation
import Testing

@testable import TrackSiftFormats

@Suite struct GPSTimeTests {
  /// UTC `text` (ISO 8601) in seconds since 2001-01-01.
  static func utc(_ text: String) throws -> Double {
    var text = text
    return try #require(
      text.withUTF8 { ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0)) })
  }

  @Test func gpsTimeRunsAheadOfUTCByTheLeapSecondsSince1980() throws {
    #expect(
      GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: 0) == (try Self.utc("1980-01-06T00:00:00Z")))
    // The GSDC 2021 Mountain View drive's first epoch: 18 leap seconds.
    #expect(
      GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: 1_273_529_463)
        == (try Self.utc("2020-05-14T22:10:45Z")))
    // Either side of the leap second at the end of 2016 (17, then 18).
    #expect(
      GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: 1_167_264_016)
        == (try Self.utc("2016-12-31T23:59:59Z")))
    #expect(
      GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: 1_167_264_018)
        == (try Self.utc("2017-01-01T00:00:00Z")))
    // Before the first leap second (mid-1981), none.
    #expect(
      GPSTime.utcSecondsSinceReferenceDate(gpsSeconds: 86_400)
        == (try Self.utc("1980-01-07T00:00:00Z")))
  }
}
