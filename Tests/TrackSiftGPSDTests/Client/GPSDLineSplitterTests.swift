import Testing

@testable import TrackSiftGPSD

@Suite struct GPSDLineSplitterTests {
  private func bytes(_ text: String) -> ArraySlice<UInt8> { ArraySlice(text.utf8) }
  private func line(_ text: String) -> GPSDLineSplitter.Piece { .line(Array(text.utf8)) }

  @Test func linesSplitAcrossReadsAreReassembled() {
    var splitter = GPSDLineSplitter(maximumLineBytes: 100)
    #expect(splitter.append(bytes("{\"class\":\"VER")) == [])
    #expect(
      splitter.append(bytes("SION\"}\r\n{\"a\":1}\r\n{\"b\"")) == [
        line("{\"class\":\"VERSION\"}"), line("{\"a\":1}"),
      ])
    #expect(splitter.pendingByteCount == 4)
    #expect(splitter.append(bytes(":2}\n")) == [line("{\"b\":2}")])
    #expect(splitter.pendingByteCount == 0)
  }

  @Test func byteByByteGivesTheSameLines() {
    var splitter = GPSDLineSplitter(maximumLineBytes: 100)
    var pieces: [GPSDLineSplitter.Piece] = []
    for byte in "one\r\ntwo\n\r\n\nthree\r\n".utf8 {
      pieces += splitter.append([byte])
    }
    #expect(pieces == [line("one"), line("two"), line("three")])
  }

  @Test func overLongLineIsDroppedAndCountedInBoundedMemory() {
    var splitter = GPSDLineSplitter(maximumLineBytes: 10)
    #expect(splitter.append(bytes("ok\n0123456")) == [line("ok")])
    #expect(splitter.append(bytes("789abcdef")) == [])
    #expect(splitter.pendingByteCount == 0)
    #expect(splitter.append(ArraySlice(repeating: UInt8(ascii: "x"), count: 100_000)) == [])
    #expect(splitter.pendingByteCount == 0)
    #expect(splitter.append(bytes("yz\nnext\n")) == [.tooLong(byteCount: 100_018), line("next")])
  }

  @Test func lineOfExactlyTheLimitIsKept() {
    var splitter = GPSDLineSplitter(maximumLineBytes: 4)
    #expect(splitter.append(bytes("abcd\nabcde\n")) == [line("abcd"), .tooLong(byteCount: 5)])
  }
}

@Suite struct GPSDReconnectPolicyTests {
  @Test func defaultsDoubleFromAQuarterSecondToFiveSeconds() {
    let policy = GPSDReconnectPolicy()
    let delays = (1...8).map { policy.delaySeconds(forAttempt: $0) }
    #expect(delays == [0.25, 0.5, 1, 2, 4, 5, 5, 5])
    #expect(policy.maximumRetries == nil)
  }

  @Test func oddSettingsNeverGiveNegativeOrNaNDelays() {
    #expect(GPSDReconnectPolicy(initialDelaySeconds: -1).delaySeconds(forAttempt: 1) == 0)
    #expect(GPSDReconnectPolicy().delaySeconds(forAttempt: 0) == 0.25)
    #expect(GPSDReconnectPolicy(multiplier: 1e308).delaySeconds(forAttempt: 1_000) == 5)
    #expect(GPSDReconnectPolicy(initialDelaySeconds: .nan).delaySeconds(forAttempt: 2) == 0)
  }

  @Test func endpointsBracketIPv6() {
    #expect(GPSDClient.Configuration(host: "::1").endpoint == "[::1]:2947")
    #expect(GPSDClient.Configuration(host: "[::1]", port: 3000).endpoint == "[::1]:3000")
    #expect(GPSDClient.Configuration(host: "gps.local").endpoint == "gps.local:2947")
  }
}
