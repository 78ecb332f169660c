import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// Files whose segments are out of time order or record a time twice, read through
/// ``ActivityFile``: put in order, the overlap left out, the note saying so.
@Suite struct ActivityFileTimeOrderTests {
  /// A GPX track of `count` points one second apart from `start` seconds after 07:00, walking
  /// north 3 m a second, with `type` as its sport.
  private static func track(_ count: Int, from start: Int, type: String? = nil) -> String {
    let points = (start..<start + count).map { second in
      let latitude = 47.5 + Double(second) * 3 / 111_195
      let time = String(format: "2024-05-01T07:%02d:%02dZ", second / 60, second % 60)
      return "<trkpt lat=\"\(latitude)\" lon=\"8.5\"><time>\(time)</time></trkpt>"
    }
    let typeElement = type.map { "<type>\($0)</type>" } ?? ""
    return "<trk>\(typeElement)<trkseg>" + points.joined(separator: "\n") + "</trkseg></trk>"
  }

  private static func read(_ tracks: [String]) throws -> ActivityFile {
    let gpx =
      "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" "
      + "xmlns=\"http://www.topografix.com/GPX/1/1\">" + tracks.joined() + "</gpx>"
    return try ActivityFile.read(data: Data(gpx.utf8), name: "tracks.gpx")
  }

  private static func firstTimes(_ file: ActivityFile) -> [Double?] {
    file.track.segments.map { $0.fixes.first?.timeSeconds }
  }

  @Test func tracksExportedNewestFirstAreMeasuredInTimeOrder() throws {
    let file = try Self.read([Self.track(600, from: 600), Self.track(600, from: 0)])
    let starts = Self.firstTimes(file).compactMap { $0 }
    #expect(starts.count == 2 && starts[0] < starts[1])
    #expect(file.notes == ["2 segments out of time order put in order"])
    let metrics = TrackAnalysis(track: file.track).refinedMetrics
    // Twenty minutes of moving at 3 m/s, not ten minutes with two tracks' distance.
    #expect(metrics.movingTimeSeconds! > 1_190)
    #expect(abs(metrics.distanceMeters - 3_600) < 30)
  }

  @Test func aCopiedTrackIsCountedOnce() throws {
    let copy = Self.track(300, from: 0)
    let file = try Self.read([copy, copy])
    #expect(file.track.segments.count == 1)
    #expect(file.track.fixCount == 300)
    #expect(
      file.notes == [
        "300 fixes left out: an earlier segment covers their time (the file records it twice)"
      ])
  }

  @Test func sessionsFollowTheirSegments() throws {
    // A ride, then a run, written run first: each session keeps its own segment, in time order.
    let file = try Self.read([
      Self.track(300, from: 600, type: "running"), Self.track(300, from: 0, type: "cycling"),
    ])
    #expect(file.sessions.map(\.totals.sport) == ["cycling", "running"])
    #expect(file.sessions.map(\.segments) == [[0], [1]])
  }

  @Test func aFileInTimeOrderHasNoNote() throws {
    let file = try Self.read([Self.track(60, from: 0), Self.track(60, from: 120)])
    #expect(file.notes.isEmpty)
    #expect(file.track.segments.count == 2)
  }
}
