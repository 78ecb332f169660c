import Foundation
import Testing

@testable import TrackSift

private typealias F = GateFixtures

@Suite struct VerdictCountsTests {
  private func sample() -> VerdictCounts {
    var counts = VerdictCounts()
    let verdicts: [Verdict] = [
      .accepted, .rejected(.stale), .accepted, .rejected(.impliedSpeed), .accepted,
      .rejected(.impliedSpeed), .rejected(.accuracyAboveCeiling),
    ]
    for verdict in verdicts { counts.record(verdict) }
    return counts
  }

  @Test func countsAcceptedAndRejectedByReason() {
    let counts = sample()
    #expect(counts.acceptedCount == 3)
    #expect(counts.rejectedCount == 4)
    #expect(counts.totalCount == 7)
    #expect(counts[.impliedSpeed] == 2)
    #expect(counts[.stale] == 1)
    #expect(counts[.warmUp] == 0)
  }

  @Test func rejectionsAreListedMostFrequentFirstThenByCode() {
    let listing = sample().rejections
    #expect(listing.map(\.reason) == [.impliedSpeed, .accuracyAboveCeiling, .stale])
    #expect(listing.map(\.count) == [2, 1, 1])
    #expect(VerdictCounts().rejections.isEmpty)
  }

  @Test func mergeAddsCounts() {
    var counts = sample()
    counts.merge(sample())
    #expect(counts.acceptedCount == 6 && counts.rejectedCount == 8)
    #expect(counts[.impliedSpeed] == 4)
  }

  @Test func encodesByStableCodeAndRoundTrips() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(sample())
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"accepted":3,"rejected":{"accuracy-above-ceiling":1,"implied-speed":2,"stale":1}}"#)
    #expect(try JSONDecoder().decode(VerdictCounts.self, from: data) == sample())
  }

  @Test(arguments: [
    #"{"accepted":1,"rejected":{"teleport":1}}"#, #"{"accepted":-1}"#,
    #"{"accepted":1,"rejected":{"stale":-2}}"#, #"{"rejected":{}}"#,
  ])
  func refusesBadJSON(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(VerdictCounts.self, from: Data(json.utf8))
    }
  }

  @Test func hugeDecodedCountsSaturateInsteadOfTrapping() throws {
    let json = #"{"accepted":9223372036854775807,"rejected":{"stale":9223372036854775807}}"#
    var counts = try JSONDecoder().decode(VerdictCounts.self, from: Data(json.utf8))
    counts.record(.accepted)
    counts.merge(counts)
    #expect(counts.acceptedCount == Int.max)
    #expect(counts.totalCount == Int.max)
  }

  @Test func theGateCountsEveryVerdictItGives() {
    var gate = FixGate(activity: .walking)
    let fixes =
      F.walk(from: 0, count: 15) + [
        F.fix(15, east: 400), F.fix(14), F.fix(15, accuracy: -3), F.fix(15, source: .network),
        F.fix(15, north: 21),
      ]
    var expected = VerdictCounts()
    for verdict in gate.evaluate(fixes) { expected.record(verdict) }
    #expect(gate.counts == expected)
    #expect(gate.counts.acceptedCount == 16)
    #expect(
      gate.counts.rejections.map(\.reason).sorted()
        == [
          .duplicateTimestamp, .impliedSpeed, .invalidAccuracy, .networkSource,
        ].sorted())
  }
}
