import Foundation
import Testing
import TrackSift

@testable import TrackSiftFormats

/// The motion a cleaned file writes with each point reads back from GPX, TCX and FIT (a
/// developer field), and a value this version does not know is refused or set aside, never
/// taken for another.
@Suite struct CleanedMotionRoundTripTests {
  static let track: Track = {
    let motions: [CleanedMotion?] = [.moving, .creeping, .stopped, nil]
    return Track(
      name: "cleaned",
      segments: [
        Segment(
          fixes: motions.enumerated().map { second, motion in
            Fix(
              timestamp: Date(timeIntervalSinceReferenceDate: 7e8 + Double(second)),
              latitudeDegrees: 47.5, longitudeDegrees: 8.5 + Double(second) * 1e-5,
              cleanedMotion: motion)
          })
      ])
  }()

  static func motions(_ track: Track?) -> [CleanedMotion?] {
    track?.segments.flatMap(\.fixes).map(\.cleanedMotion) ?? []
  }

  @Test func gpxKeepsEachPointsMotion() throws {
    let document = GPXDocument(creator: "TrackSift", name: "cleaned", tracks: [Self.track])
    let text = GPXWriter.string(from: document)
    #expect(text.contains("<tracksift:motion>creeping</tracksift:motion>"))
    let read = try GPXReader.read(data: Data(text.utf8))
    #expect(Self.motions(read.tracks.first) == Self.motions(Self.track))
  }

  @Test func tcxKeepsEachPointsMotion() throws {
    let read = try TCXReader.read(data: TCXWriter.data(from: Self.track))
    #expect(Self.motions(read.activities.first?.track) == Self.motions(Self.track))
  }

  @Test func fitKeepsEachPointsMotionInADeveloperField() throws {
    let data = FITWriter.data(from: Self.track)
    let read = try FITReader.read(data: data)
    #expect(Self.motions(read.track) == Self.motions(Self.track))
    #expect(read.developerFields[FITCleanedMotionField.name]?.count == 4)
    // A file without motions describes no developer field.
    var plain = Self.track
    for index in plain.segments[0].fixes.indices {
      plain.segments[0].fixes[index].cleanedMotion = nil
    }
    let plainRead = try FITReader.read(data: FITWriter.data(from: plain))
    #expect(plainRead.developerFields.isEmpty)
    #expect(Self.motions(plainRead.track) == [nil, nil, nil, nil])
  }

  @Test func csvAndGeoJSONKeepEachPointsMotion() throws {
    let csv = FixCSVWriter.string(from: Self.track)
    #expect(csv.hasPrefix(FixCSVWriter.columns.joined(separator: ",") + ",motion\n"))
    #expect(try Self.motions(FixCSVReader.read(string: csv)) == Self.motions(Self.track))
    let geoJSON = GeoJSONWriter.string(from: Self.track)
    let read = try GeoJSONReader.read(string: geoJSON)
    #expect(Self.motions(read.track) == Self.motions(Self.track))
    // A track without motions writes no column and no array.
    var plain = Self.track
    for index in plain.segments[0].fixes.indices {
      plain.segments[0].fixes[index].cleanedMotion = nil
    }
    #expect(!FixCSVWriter.string(from: plain).contains("motion"))
    #expect(!GeoJSONWriter.string(from: plain).contains("motion"))
    let bad = csv.replacingOccurrences(of: ",creeping", with: ",drifting")
    #expect(throws: FixCSVError.self) { try FixCSVReader.read(string: bad) }
  }

  @Test func anUnknownMotionIsSetAsideInGPXAndRefusedInTCX() throws {
    let gpx = GPXWriter.string(
      from: GPXDocument(creator: "TrackSift", name: "cleaned", tracks: [Self.track])
    ).replacingOccurrences(of: ">creeping<", with: ">drifting<")
    let read = try GPXReader.read(data: Data(gpx.utf8))
    #expect(Self.motions(read.tracks.first) == [.moving, nil, .stopped, nil])
    let tcx = String(decoding: TCXWriter.data(from: Self.track), as: UTF8.self)
      .replacingOccurrences(of: ">creeping<", with: ">drifting<")
    #expect(throws: XMLReadError.self) { try TCXReader.read(data: Data(tcx.utf8)) }
  }
}
