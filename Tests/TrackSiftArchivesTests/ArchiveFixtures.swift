import Foundation
import TrackSiftArchives
import ZIPFoundation

/// A fresh folder under the temporary directory, removed when the fixture goes away.
final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("TrackSiftArchivesTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `relative` inside the folder.
  func url(_ relative: String) -> URL {
    URL(fileURLWithPath: path).appendingPathComponent(relative)
  }

  /// Writes `data` at `relative`, making folders on the way; returns the file's path.
  @discardableResult
  func write(_ relative: String, _ data: Data) throws -> String {
    let url = url(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
    return url.path
  }

  /// Writes a zip archive at `relative` holding `members` in order: a nil body is a folder
  /// entry. Returns the archive's path.
  @discardableResult
  func writeZip(
    _ relative: String, _ members: [(path: String, body: Data?)],
    method: CompressionMethod = .deflate
  ) throws -> String {
    let url = url(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let archive = try Archive(url: url, accessMode: .create)
    for (path, body) in members {
      let bytes = body ?? Data()
      try archive.addEntry(
        with: path, type: body == nil ? .directory : .file,
        uncompressedSize: Int64(bytes.count), compressionMethod: method
      ) { position, size in
        bytes.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    return url.path
  }
}

/// Small activity-looking contents: the tests read bytes, not activities.
enum SampleText {
  static func gpx(_ name: String) -> Data {
    Data(
      """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="TrackSiftArchivesTests"><trk><name>\(name)</name>
      <trkseg><trkpt lat="47.1" lon="8.5"><time>2026-11-26T10:00:00Z</time></trkpt></trkseg>
      </trk></gpx>

      """.utf8)
  }

  /// Bytes that look like nothing in particular, different for each seed.
  static func noise(_ count: Int, seed: UInt64) -> Data {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return Data(
      (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
      })
  }
}
