import Foundation
import Testing

@testable import TrackSiftFormats

private func seconds(_ text: String) -> Double? {
  var text = text
  return text.withUTF8 { ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0)) }
}

/// Each part of a date-time that the reader accepts, and the near misses it refuses.
@Suite struct ISO8601TimeTests {
  private static let moment = referenceSeconds(2021, 11, 23, 16, 46, 51)

  @Test(arguments: [
    "2021-11-23T16:46:51Z", "2021-11-23t16:46:51z", "2021-11-23 16:46:51Z",
    // No zone is UTC.
    "2021-11-23T16:46:51",
    " 2021-11-23T16:46:51Z\n",
    "2021-11-23T18:46:51+02:00", "2021-11-23T18:16:51+0130", "2021-11-23T11:46:51-05",
    "2021-11-23T11:16:51-05:30",
  ])
  func readsEachSeparatorAndZone(text: String) {
    #expect(seconds(text) == Self.moment)
  }

  @Test func readsFractionsLeapSecondsAndLongYears() {
    #expect(seconds("2021-11-23T16:46:51.25Z") == Self.moment + 0.25)
    #expect(seconds("2021-11-23T16:46:51,125Z") == Self.moment + 0.125)
    #expect(seconds("2021-11-23T16:46:51.000Z") == Self.moment)
    // 23:59:60 is counted as the next day's first second.
    #expect(seconds("2016-12-31T23:59:60Z") == referenceSeconds(2017, 1, 1, 0, 0, 0))
    #expect(seconds("2000-02-29T00:00:00Z") == referenceSeconds(2000, 2, 29, 0, 0, 0))
    #expect(seconds("12021-11-23T16:46:51Z") == referenceSeconds(12021, 11, 23, 16, 46, 51))
  }

  @Test(arguments: [
    "", "2021-11-23T16:46", "2021-13-01T00:00:00Z", "2021-00-01T00:00:00Z",
    "2021-04-31T00:00:00Z", "1900-02-29T00:00:00Z", "2021-11-00T00:00:00Z",
    "2021-11-23X16:46:51Z", "2021-11-23T16:46:61Z", "2021-11-23T16:46:51,Z",
    "2021-11-23T16:46:51Zx", "2021-11-23T16:46:51+24:00", "2021-11-23T16:46:51+02:60",
    "2021-11-23T16:46:51+02:0", "2021-11-23T16:46:51 +02:00", "2021-1-23T16:46:51Z",
  ])
  func refusesNearMisses(text: String) {
    #expect(seconds(text) == nil)
  }
}
