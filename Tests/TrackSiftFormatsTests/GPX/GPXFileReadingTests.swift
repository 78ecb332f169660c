import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// Reading from files: memory-mapped, with the parsed pages given back along the way.
@Suite struct GPXFileReadingTests {
  private static func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("tracksift-\(UUID().uuidString)-\(name)")
  }

  @Test func aFileLargerThanTheReleaseStepReadsAsFromMemory() throws {
    // Over 2 MB: the reader gives pages back (every 1 MB) on the way.
    var generator = SplitMix64(state: 11)
    let fixes = (0..<6_000).map { _ in randomFix(using: &generator) }
    let document = GPXDocument(
      creator: "test", name: "big",
      tracks: [Track(name: "one", segments: [Segment(fixes: fixes)])])
    let data = GPXWriter.data(from: document)
    #expect(data.count > 2 << 20)
    let url = Self.temporaryFile("big.gpx")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }

    let fromFile = try GPXReader.read(contentsOf: url)
    #expect(fromFile == document)
    var streamed = 0
    try GPXReader.forEachTrackPoint(contentsOf: url) { fix, _, _ in
      if fix == fixes[streamed] { streamed += 1 }
    }
    #expect(streamed == fixes.count)
  }

  @Test func aMissingFileOrADirectoryIsATypedError() {
    let missing = Self.temporaryFile("missing.gpx")
    #expect {
      try GPXReader.read(contentsOf: missing)
    } throws: { error in
      "\(error)".contains("No such file")
    }
    #expect {
      try GPXReader.read(contentsOf: FileManager.default.temporaryDirectory)
    } throws: { error in
      "\(error)".contains("not a regular file")
    }
  }

  @Test func anEmptyFileSaysSo() throws {
    let url = Self.temporaryFile("empty.gpx")
    try Data().write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect {
      try GPXReader.read(contentsOf: url)
    } throws: { error in
      "\(error)".contains("the file is empty")
    }
  }
}
