import Foundation
import Testing

@testable import TrackSiftFormats

private func number(_ text: String) -> Double? {
  var text = text
  return text.withUTF8 { ASCIINumber.double(UnsafeRawBufferPointer($0)) }
}

private func time(_ text: String) -> Double? {
  var text = text
  return text.withUTF8 { ISO8601Time.secondsSinceReferenceDate(UnsafeRawBufferPointer($0)) }
}

@Suite struct TextParsingTests {
  @Test(arguments: [
    ("0", 0.0), ("-0.0", -0.0), ("52.1318294", 52.1318294), ("1e-05", 0.00001),
    ("12345678901234567890123", 12345678901234567890123.0),
    ("0.1234567890123456789012", 0.1234567890123456789012),
    // 2^53 + 1 is halfway between two doubles and rounds to even, 2^53.
    ("9007199254740993", 9_007_199_254_740_992),
    ("1.7976931348623157e308", 1.7976931348623157e308), ("4.9e-324", .leastNonzeroMagnitude),
    ("\t 7 \n", 7),
  ])
  func parsesNumbersExactly(text: String, expected: Double) {
    #expect(number(text) == expected)
  }

  @Test func parsesWordsAndRefusesJunk() {
    #expect(number("NaN")?.isNaN == true)
    #expect(number("-INF") == -.infinity)
    #expect(number("Infinity") == .infinity)
    for junk in ["", " ", "-", ".", "e5", "1e", "1e+", "1,5", "0x10", "1 2", "nana", "--1"] {
      #expect(number(junk) == nil, "\(junk)")
    }
  }

  @Test func writesPlainDecimalsThatReadBack() {
    #expect(DecimalText.string(0.00001) == "0.00001")
    #expect(DecimalText.string(-1.5e-7) == "-0.00000015")
    #expect(DecimalText.string(1e20) == "100000000000000000000")
    #expect(DecimalText.string(1.25e17) == "125000000000000000")
    #expect(DecimalText.string(2.5) == "2.5")
    #expect(DecimalText.string(.nan) == "NaN")
    var generator = SplitMix64(state: 7)
    for _ in 0..<10_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      #expect(number(DecimalText.string(value)) == value)
    }
  }

  @Test func refusesInvalidTimes() {
    for text in [
      "2021-11-23", "2021-11-23T24:00:00Z", "2021-02-29T00:00:00Z", "2021-11-23T16:46:51.Z",
      "2021-11-23T16:46:51+1", "2021-11-23T16:46:51Q", "21-11-23T16:46:51Z", "2021-11-23T16:60:00Z",
    ] {
      #expect(time(text) == nil, "\(text)")
    }
    #expect(time("2000-02-29T00:00:00,5Z") == referenceSeconds(2000, 2, 29, 0, 0, 0.5))
    #expect(time("2001-01-01T00:00:00Z") == 0)
  }

  @Test func timesRoundTripExactly() {
    var generator = SplitMix64(state: 11)
    for _ in 0..<10_000 {
      let seconds = Double.random(in: -4e9...4e9, using: &generator)
      #expect(time(ISO8601Time.string(secondsSinceReferenceDate: seconds)) == seconds)
    }
  }
}
