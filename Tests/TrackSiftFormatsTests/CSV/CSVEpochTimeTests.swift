import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// Epoch times in a CSV `time` column, told apart by magnitude.
@Suite struct CSVEpochTimeTests {
  /// A 60 s track one fix a second, its times in `unit` from 2024-05-01T07:00:00Z.
  private func minuteTrack(_ perSecond: Double, decimals: Bool = false) -> String {
    var text = "time,lat,lon\n"
    for second in 0...60 {
      let value = (1_714_546_800 + Double(second)) * perSecond
      text +=
        (decimals ? String(value) : String(Int64(value))) + ",46.5,\(6.6 + Double(second) * 1e-5)\n"
    }
    return text
  }

  @Test(arguments: [
    (1.0, EpochTimeUnit.seconds), (1e3, .milliseconds), (1e6, .microseconds), (1e9, .nanoseconds),
  ])
  func aMinuteLastsAMinuteInEveryUnit(perSecond: Double, unit: EpochTimeUnit) throws {
    let log = try FixCSVReader.readLog(string: minuteTrack(perSecond))
    #expect(log.epochTimeUnit == unit)
    let times = log.track.allFixes.compactMap(\.timestamp)
    #expect(times.count == 61)
    #expect(times.first == Date(timeIntervalSince1970: 1_714_546_800))
    let seconds = try #require(times.last).timeIntervalSince(try #require(times.first))
    #expect(abs(seconds - 60) < 1e-6)
    #expect(log.refusedFieldCounts.isEmpty)
  }

  @Test func fractionalSecondsAndSmallRelativeTimesAreSeconds() throws {
    #expect(
      try FixCSVReader.readLog(string: minuteTrack(1, decimals: true)).epochTimeUnit == .seconds)
    // Seconds from the start of a recording: 1970-01-01, kept (a wrong clock, not a unit).
    let relative = try FixCSVReader.readLog(string: "time,lat,lon\n0,1,2\n1.5,1,2\n")
    #expect(relative.epochTimeUnit == .seconds)
    #expect(relative.track.allFixes.last?.timestamp == Date(timeIntervalSince1970: 1.5))
  }

  @Test func theMedianDecidesSoOneWildValueDoesNot() throws {
    // Milliseconds with one corrupted row of 1e19: the column stays milliseconds and the row's
    // time (the year 2286 in nanoseconds, 3e8 years in milliseconds) is refused.
    var text = minuteTrack(1e3)
    text += "1e19,46.5,6.7\n"
    let log = try FixCSVReader.readLog(string: text)
    #expect(log.epochTimeUnit == .milliseconds)
    #expect(log.track.allFixes.last?.timestamp == nil)
    #expect(log.refusedFieldCounts == RefusedFieldCounts([.time: 1]))
  }

  @Test func isoTextHasNoEpochUnit() throws {
    let log = try FixCSVReader.readLog(string: "time,lat,lon\n2024-05-01T07:00:00Z,1,2\n")
    #expect(log.epochTimeUnit == nil)
    #expect(log.track.allFixes.first?.timestamp != nil)
    // A named unit (unixTimeMillis) is not guessed either.
    let named = try FixCSVReader.readLog(string: "unixTimeMillis,lat,lon\n1714546800000,1,2\n")
    #expect(named.epochTimeUnit == nil)
    #expect(named.track.allFixes.first?.timestamp == Date(timeIntervalSince1970: 1_714_546_800))
  }

  @Test func thresholdsArePowersOfTen() {
    #expect(EpochTimeUnit(magnitude: 99_999_999_999) == .seconds)  // the year 5138 in seconds
    #expect(EpochTimeUnit(magnitude: 1e11) == .milliseconds)  // 1973-03-03 in milliseconds
    #expect(EpochTimeUnit(magnitude: 1e14) == .microseconds)
    #expect(EpochTimeUnit(magnitude: 1e17) == .nanoseconds)
    #expect(EpochTimeUnit(values: []) == .seconds)
    #expect(EpochTimeUnit(values: [1e12, -1e12, .nan, 5]) == .milliseconds)
  }
}
