import Foundation
import Testing
import TrackSiftArchives
import ZIPFoundation

@Suite struct ActivitySourcesDataTests {
  @Test(arguments: [true, false])
  func readsEverySourceByteExact(deflated: Bool) throws {
    let folder = try TemporaryFolder()
    let fit = SampleText.noise(100_000, seed: 7)
    let gpx = SampleText.gpx("two")
    try folder.write("run.gpx", SampleText.gpx("run"))
    try folder.write("walk.gpx.gz", Gzip.compress(SampleText.gpx("walk")))
    try folder.write(
      "both.gpx.gz", Gzip.compress(SampleText.gpx("a")) + Gzip.compress(SampleText.gpx("b")))
    try folder.writeZip(
      "export.zip",
      [("activities/1.fit.gz", Gzip.compress(fit)), ("activities/2.gpx", gpx)],
      method: deflated ? .deflate : .none)
    let sources = try ActivitySources.sources(in: [folder.path], recursive: false)
    let bytes = try sources.map { try ActivitySources.data(of: $0) }
    #expect(
      sources.map(\.relativePath) == [
        "both.gpx.gz", "export.zip/activities/1.fit.gz", "export.zip/activities/2.gpx", "run.gpx",
        "walk.gpx.gz",
      ])
    #expect(bytes[0] == SampleText.gpx("a") + SampleText.gpx("b"))
    #expect(bytes[1] == fit)
    #expect(bytes[2] == gpx)
    #expect(bytes[3] == SampleText.gpx("run"))
    #expect(bytes[4] == SampleText.gpx("walk"))
  }

  @Test func readsMembersOfOneZipFromFourThreadsAtOnce() throws {
    let folder = try TemporaryFolder()
    let bodies = (0..<24).map { SampleText.noise(20_000 + 1000 * $0, seed: UInt64($0)) }
    let zip = try folder.writeZip(
      "export.zip",
      bodies.enumerated().map { index, body in
        (
          String(format: "activities/%02d.fit%@", index, index % 2 == 0 ? ".gz" : ""),
          index % 2 == 0 ? Gzip.compress(body) : body
        )
      })
    let sources = try ActivitySources.sources(in: [zip], recursive: false)
    #expect(sources.count == bodies.count)
    let mismatches = Mismatches()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for round in 0..<3 {
        for offset in 0..<sources.count {
          let index = (offset + thread * 5 + round) % sources.count
          let bytes = try? ActivitySources.data(of: sources[index])
          if bytes != bodies[index] { mismatches.add(index) }
        }
      }
    }
    #expect(mismatches.all.isEmpty)
  }

  @Test func refusesAMemberWhoseCRCIsWrong() throws {
    let folder = try TemporaryFolder()
    let body = Data("<gpx>a stored member whose bytes change</gpx>".utf8)
    let zip = try folder.writeZip("crc.zip", [("run.gpx", body)], method: .none)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
    let at = try #require(bytes.firstRange(of: body)).lowerBound + 5
    bytes[at] ^= 0x20
    try bytes.write(to: URL(fileURLWithPath: zip))
    let source = try #require(try ActivitySources.sources(in: [zip], recursive: false).first)
    let error = #expect(throws: ArchiveError.self) { try ActivitySources.data(of: source) }
    #expect(error?.path == zip)
    #expect(error?.member == "run.gpx")
    #expect(error?.description.hasPrefix("\(zip) (run.gpx): CRC mismatch (the zip states ") == true)
  }

  @Test func refusesAGzipBombInsideAZip() throws {
    let folder = try TemporaryFolder()
    let bomb = (0..<200).reduce(into: Data()) { data, _ in
      data += Gzip.compress(Data(repeating: 0, count: 1 << 20))
    }
    let zip = try folder.writeZip("export.zip", [("activities/9.fit.gz", bomb)])
    let source = try #require(try ActivitySources.sources(in: [zip], recursive: false).first)
    let before = ResidentMemory.peakBytes()
    let error = #expect(throws: ArchiveError.self) {
      try ActivitySources.data(of: source, maximumBytes: 1_000_000)
    }
    #expect(
      error?.description
        == "\(zip) (activities/9.fit.gz): more than 1000000 bytes once decompressed")
    #expect(ResidentMemory.peakBytes() - before < 100_000_000)
  }

  @Test func refusesAZipMemberLargerThanTheLimit() throws {
    let folder = try TemporaryFolder()
    let zip = try folder.writeZip("big.zip", [("big.gpx", Data(repeating: 32, count: 3_000_000))])
    let source = try #require(try ActivitySources.sources(in: [zip], recursive: false).first)
    let error = #expect(throws: ArchiveError.self) {
      try ActivitySources.data(of: source, maximumBytes: 1_000_000)
    }
    #expect(
      error?.reason == "more than 1000000 bytes once decompressed (the zip states 3000000)")
  }

  @Test func refusesAPlainFileLargerThanTheLimit() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("big.gpx", Data(repeating: 32, count: 2000))
    let source = ActivitySource(path: path, relativePath: "big.gpx")
    let error = #expect(throws: ArchiveError.self) {
      try ActivitySources.data(of: source, maximumBytes: 1000)
    }
    #expect(error?.description == "\(path): more than 1000 bytes")
  }

  @Test func refusesAnEmptyOrFakeGzipFile() throws {
    let folder = try TemporaryFolder()
    let empty = try folder.write("empty.gpx.gz", Data())
    let fake = try folder.write("fake.gpx.gz", SampleText.gpx("fake"))
    let sources = try ActivitySources.sources(in: [folder.path], recursive: false)
    let errors = sources.map { source in
      #expect(throws: ArchiveError.self) { try ActivitySources.data(of: source) }
    }
    #expect(
      errors.map { $0?.description } == [
        "\(empty): empty, no gzip data",
        "\(fake): not gzip data (zlib: incorrect header check)",
      ])
  }

  /// A FIFO waits for a writer when it is opened for reading: one named like an activity file,
  /// a `.gz` or a `.zip` in a batch's folder is refused instead of holding the batch.
  @Test(.timeLimit(.minutes(1)))
  func refusesAFIFOWithoutWaitingForAWriter() throws {
    let folder = try TemporaryFolder()
    for name in ["pipe.gpx", "pipe.gpx.gz", "pipe.zip"] {
      #expect(mkfifo(folder.path + "/" + name, 0o644) == 0)
    }
    let sources = try ActivitySources.sources(in: [folder.path], recursive: false)
    #expect(sources.map(\.relativePath) == ["pipe.gpx", "pipe.gpx.gz", "pipe.zip"])
    for source in sources {
      let error = #expect(throws: ArchiveError.self) { try ActivitySources.data(of: source) }
      #expect(error?.description == "\(source.path): not a regular file")
    }
  }

  @Test func refusesAGzipMemberCutShort() throws {
    let folder = try TemporaryFolder()
    let gz = Gzip.compress(SampleText.noise(5000, seed: 9))
    let zip = try folder.writeZip("export.zip", [("1.fit.gz", gz.prefix(3000))])
    let source = try #require(try ActivitySources.sources(in: [zip], recursive: false).first)
    let error = #expect(throws: ArchiveError.self) { try ActivitySources.data(of: source) }
    #expect(error?.description == "\(zip) (1.fit.gz): gzip data cut short after 3000 bytes")
  }

  /// Deflate data that never ends runs through the rest of the file: ZIPFoundation 0.9.20
  /// would loop at the file's end; the read is refused before.
  @Test(.timeLimit(.minutes(1)))
  func refusesDeflateDataThatRunsPastItsMember() throws {
    let folder = try TemporaryFolder()
    let zip = try folder.writeZip("run.zip", [("run.gpx", SampleText.noise(3000, seed: 5))])
    var bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
    let nameBytes = Int(bytes[26]) | Int(bytes[27]) << 8
    let extraBytes = Int(bytes[28]) | Int(bytes[29]) << 8
    let dataOffset = 30 + nameBytes + extraBytes
    // A stored deflate block (not final) of 65535 bytes: more than the rest of the file.
    bytes.replaceSubrange(dataOffset..<dataOffset + 5, with: [0x00, 0xFF, 0xFF, 0x00, 0x00])
    try bytes.write(to: URL(fileURLWithPath: zip))
    let source = try #require(try ActivitySources.sources(in: [zip], recursive: false).first)
    let error = #expect(throws: ArchiveError.self) { try ActivitySources.data(of: source) }
    #expect(error?.path == zip)
    #expect(error?.member == "run.gpx")
    #expect(error?.reason == "larger than the 3000 bytes the zip states")
  }

  @Test func refusesAMemberThatIsNoLongerThere() throws {
    let folder = try TemporaryFolder()
    let zip = try folder.writeZip("export.zip", [("1.gpx", SampleText.gpx("one"))])
    let source = ActivitySource(path: zip, member: "2.gpx", relativePath: "export.zip/2.gpx")
    let error = #expect(throws: ArchiveError.self) { try ActivitySources.data(of: source) }
    #expect(error?.description == "\(zip) (2.gpx): no such member")
  }
}

/// Indexes of members read wrong, gathered from several threads.
final class Mismatches: @unchecked Sendable {
  // `@unchecked`: `indexes` is only touched with `lock` held.
  private let lock = NSLock()
  private var indexes: [Int] = []

  func add(_ index: Int) {
    lock.withLock { indexes.append(index) }
  }

  var all: [Int] {
    lock.withLock { indexes }
  }
}
