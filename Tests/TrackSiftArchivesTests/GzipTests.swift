import Foundation
import Testing

@testable import TrackSiftArchives

@Suite struct GzipTests {
  @Test(arguments: [0, 1, 1000, 300_000])
  func roundTripsByteExact(count: Int) throws {
    let original = SampleText.noise(count, seed: UInt64(count))
    let compressed = Gzip.compress(original)
    #expect(compressed.prefix(2) == Data([0x1F, 0x8B]))
    #expect(try Gzip.decompress(compressed, name: "x.gz", maximumBytes: count) == original)
  }

  @Test func compressesToTheSameBytesEveryTime() {
    let text = SampleText.gpx("same")
    #expect(Gzip.compress(text) == Gzip.compress(text))
  }

  @Test func joinsConcatenatedMembers() throws {
    let first = SampleText.gpx("first")
    let second = SampleText.gpx("second")
    let joined = Gzip.compress(first) + Gzip.compress(second)
    #expect(try Gzip.decompress(joined, name: "two.gz", maximumBytes: 1 << 20) == first + second)
  }

  @Test func readsZlibDataToo() throws {
    // A zlib stream (RFC 1950) of "hello": header 78 9C, deflate data, Adler-32.
    let zlib = Data([
      0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x06, 0x2C, 0x02, 0x15,
    ])
    #expect(try Gzip.decompress(zlib, name: "z", maximumBytes: 10) == Data("hello".utf8))
  }

  @Test func refusesDataThatIsNotGzip() {
    let error = #expect(throws: ArchiveError.self) {
      try Gzip.decompress(SampleText.gpx("plain"), name: "run.gpx.gz", maximumBytes: 1 << 20)
    }
    #expect(
      error?.description == "run.gpx.gz: not gzip data (zlib: incorrect header check)")
  }

  @Test func refusesEmptyData() {
    let error = #expect(throws: ArchiveError.self) {
      try Gzip.decompress(Data(), name: "empty.gz", maximumBytes: 100)
    }
    #expect(error?.description == "empty.gz: empty, no gzip data")
  }

  @Test func refusesDataCutShort() {
    let compressed = Gzip.compress(SampleText.noise(5000, seed: 3))
    let error = #expect(throws: ArchiveError.self) {
      try Gzip.decompress(compressed.prefix(2000), name: "cut.gz", maximumBytes: 1 << 20)
    }
    #expect(error?.description == "cut.gz: gzip data cut short after 2000 bytes")
  }

  @Test func saysWhereDamagedDataBreaks() {
    var compressed = Gzip.compress(SampleText.noise(5000, seed: 4))
    // The header is 10 bytes; byte 10 starts the first deflate block: type 3 is invalid.
    compressed[10] = 0x07
    let error = #expect(throws: ArchiveError.self) {
      try Gzip.decompress(compressed, name: "bad.gz", maximumBytes: 1 << 20)
    }
    #expect(error?.description == "bad.gz: gzip data damaged at byte 11 (zlib: invalid block type)")
  }

  @Test func refusesTrailingGarbageAfterAMember() {
    let data = Gzip.compress(SampleText.gpx("a")) + Data("garbage".utf8)
    let error = #expect(throws: ArchiveError.self) {
      try Gzip.decompress(data, name: "tail.gz", maximumBytes: 1 << 20)
    }
    #expect(error?.reason.hasPrefix("gzip data damaged at byte") == true)
  }

  /// 200 members of 1 MiB of zeros each: 200 MiB once decompressed, from about 200 KB.
  @Test func refusesABombWithoutInflatingIt() throws {
    let bomb = Data(repeating: 0, count: 200).reduce(into: Data()) { data, _ in
      data += Gzip.compress(Data(repeating: 0, count: 1 << 20))
    }
    #expect(bomb.count < 300_000)
    let before = ResidentMemory.peakBytes()
    let error = #expect(throws: ArchiveError.self) {
      try Gzip.decompress(bomb, name: "bomb.gz", maximumBytes: 1_000_000)
    }
    #expect(error?.description == "bomb.gz: more than 1000000 bytes once decompressed")
    #expect(ResidentMemory.peakBytes() - before < 100_000_000)
  }
}
