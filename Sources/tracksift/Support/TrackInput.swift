import Foundation
import TrackSift
import TrackSiftFormats

/// Reads an activity file into one track, choosing the reader by the file's content.
enum TrackInput {
  /// The file's tracks as one track (every segment of every track, in order); a file with
  /// routes but no tracks gives its routes, one segment each.
  static func read(path: String) throws -> Track {
    let url = URL(fileURLWithPath: path)
    guard FileManager.default.fileExists(atPath: path) else {
      throw InputError(path: path, reason: "no such file")
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

  /// A `.csv` name, or a file whose first visible byte is not `<`.
  private static func looksLikeCSV(_ url: URL) throws -> Bool {
    if url.pathExtension.lowercased() == "csv" { return true }
    let start: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      start = try handle.read(upToCount: 64) ?? Data()
    } catch {
      throw InputError(
        path: url.path, reason: "cannot read the file (\(error.localizedDescription))")
    }
    let visible = start.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 <= 0x20 }
    return visible.first.map { $0 != UInt8(ascii: "<") } ?? false
  }
}

/// A file that cannot be used, with the reason.
struct InputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "\(path): \(reason)" }
}
