import Foundation
import TrackSift
import TrackSiftFormats

/// Reads an activity file (GPX, NMEA or CSV) into one track, choosing the reader by the file's
/// name and content.
enum TrackInput {
  /// The file's tracks as one track (every segment of every track, in order); a file with
  /// routes but no tracks gives its routes, one segment each.
  static func read(path: String) throws -> Track {
    let url = URL(fileURLWithPath: path)
    guard FileManager.default.fileExists(atPath: path) else {
      throw InputError(path: path, reason: "no such file")
    }
    if try looksLikeNMEA(url) {
      let log: NMEALog
      do {
        log = try NMEAReader.read(contentsOf: url)
      } catch {
        throw InputError(path: path, reason: error.description)
      }
      guard log.track.fixCount > 0 else {
        throw InputError(
          path: path,
          reason: "the NMEA log holds no fix (\(log.sentenceCount) sentences, "
            + "\(log.skippedCount) lines skipped)")
      }
      return log.track
    }
    if try looksLikeCSV(url) {
      do {
        return try FixCSVReader.read(contentsOf: url)
      } catch {
        throw InputError(path: path, reason: error.description)
      }
    }
    let document: GPXDocument
    do {
      document = try GPXReader.read(contentsOf: url)
    } catch {
      throw InputError(path: path, reason: error.description)
    }
    var track = Track(name: document.tracks.first?.name ?? document.name, segments: [])
    for part in document.tracks { track.segments += part.segments }
    if track.segments.isEmpty {
      track.segments = document.routes.map { Segment(fixes: $0.points) }
    }
    if track.segments.allSatisfy({ $0.fixes.isEmpty }) {
      let waypoints = document.waypoints.count
      throw InputError(
        path: path,
        reason: "the file holds no track or route points"
          + (waypoints > 0 ? " (only \(waypoints) waypoint\(waypoints == 1 ? "" : "s"))" : ""))
    }
    return track
  }

  /// A `.nmea` name, or a file with a line beginning a sentence (`$` or `!`) in its first
  /// 4 KB (gpsd's logs start with `#` comments, some with a partial or binary line).
  private static func looksLikeNMEA(_ url: URL) throws -> Bool {
    if url.pathExtension.lowercased() == "nmea" { return true }
    return try start(of: url, bytes: 4_096).split(separator: UInt8(ascii: "\n")).contains {
      $0.first == UInt8(ascii: "$") || $0.first == UInt8(ascii: "!")
    }
  }

  /// A `.csv` name, or a file whose first visible byte is not `<`.
  private static func looksLikeCSV(_ url: URL) throws -> Bool {
    if url.pathExtension.lowercased() == "csv" { return true }
    return try firstVisibleByte(url).map { $0 != UInt8(ascii: "<") } ?? false
  }

  /// The first byte of the file that is not white space or a byte-order mark.
  private static func firstVisibleByte(_ url: URL) throws -> UInt8? {
    try start(of: url, bytes: 64).drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 <= 0x20 }
      .first
  }

  /// The first `bytes` bytes of the file.
  private static func start(of url: URL, bytes: Int) throws -> Data {
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      return try handle.read(upToCount: bytes) ?? Data()
    } catch {
      throw InputError(
        path: url.path, reason: "cannot read the file (\(error.localizedDescription))")
    }
  }
}

/// A file that cannot be used, with the reason.
struct InputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "\(path): \(reason)" }
}
