import Foundation
import TrackSift

@testable import TrackSiftFormats

/// A file read as `tracksift analyze` reads it, written by each writer, read back, and the
/// refined figures of both compared.
enum FormatRoundTrip {
  /// The formats our writers write.
  enum Written: String, CaseIterable, Sendable {
    case gpx, tcx, csv, geojson
  }

  /// A figure of the refined metrics, with the smallest difference that counts (below it, a
  /// difference is rounding: a millimetre, a hundredth of a second).
  struct Figure: Sendable {
    var name: String
    var floor: Double
    var value: @Sendable (ActivityMetrics) -> Double?
  }

  static let figures: [Figure] = [
    Figure(name: "distance", floor: 0.001) { $0.distanceMeters },
    Figure(name: "moving", floor: 0.01) { $0.movingTimeSeconds },
    Figure(name: "elapsed", floor: 0.01) { $0.elapsedTimeSeconds },
    Figure(name: "maximum speed", floor: 0.001) { $0.maximumSpeedMetersPerSecond },
    Figure(name: "gain", floor: 0.001) { $0.elevationGainMeters },
  ]

  /// The relative difference of each figure after the round trip (0 for two unknowns, 1 for a
  /// figure known on one side only).
  struct Result: Sendable {
    var file: String
    var format: Written
    var differences: [String: Double]
    /// The same without the floors: every difference, however small.
    var rawDifferences: [String: Double]
    var worst: (figure: String, difference: Double) {
      differences.max { $0.value < $1.value }.map { ($0.key, $0.value) } ?? ("", 0)
    }
  }

  /// The track of a file, as `ActivityFile` builds it (read leniently), or `nil` for a
  /// file that is no format we read or holds no fix.
  static func track(of url: URL) -> Track? {
    guard let format = try? ActivityFileFormat.detect(contentsOf: url) else { return nil }
    let track: Track?
    switch format {
    case .gpx:
      guard let document = try? GPXReader.read(contentsOf: url, options: .init(lenient: true))
      else { return nil }
      var segments = document.tracks.flatMap(\.segments)
      if segments.allSatisfy(\.fixes.isEmpty) {
        segments = document.routes.map { Segment(fixes: $0.points) }
      }
      track = Track(segments: segments)
    case .tcx:
      guard let document = try? TCXReader.read(contentsOf: url, options: .init(lenient: true))
      else { return nil }
      var segments = document.activities.flatMap(\.track.segments)
      if segments.allSatisfy(\.fixes.isEmpty) {
        segments = document.courses.flatMap(\.track.segments)
      }
      track = Track(segments: segments)
    case .fit:
      track = try? FITReader.read(contentsOf: url, options: .init(lenient: true)).track
    case .nmea: track = try? NMEAReader.read(contentsOf: url).track
    case .csv: track = try? FixCSVReader.read(contentsOf: url)
    case .gnssLogger: track = try? GnssLoggerReader.read(contentsOf: url).track
    case .geojson: track = try? GeoJSONReader.read(contentsOf: url).track
    }
    guard let track, track.fixCount > 0 else { return nil }
    return track
  }

  /// `track` written as `format` and read back.
  static func roundTrip(_ track: Track, as format: Written) throws -> Track {
    switch format {
    case .gpx:
      let data = GPXWriter.data(from: GPXDocument(creator: "TrackSift", tracks: [track]))
      return Track(segments: try GPXReader.read(data: data).tracks.flatMap(\.segments))
    case .tcx:
      let data = TCXWriter.data(from: track, sport: "Running")
      return Track(
        segments: try TCXReader.read(data: data).activities.flatMap(\.track.segments))
    case .csv:
      return try FixCSVReader.read(string: FixCSVWriter.string(from: track))
    case .geojson:
      return try GeoJSONReader.read(data: GeoJSONWriter.data(from: track)).track
    }
  }

  /// The round trips of the file at `url` through every writer, or `[]` when we do not read it.
  static func results(for url: URL, name: String, profile: ActivityProfile = .running) throws
    -> [Result]
  {
    guard let track = track(of: url) else { return [] }
    let original = TrackAnalysis(track: track, profile: profile).refinedMetrics
    return try Written.allCases.map { format in
      let copy = TrackAnalysis(track: try roundTrip(track, as: format), profile: profile)
        .refinedMetrics
      var differences: [String: Double] = [:]
      var rawDifferences: [String: Double] = [:]
      for figure in figures {
        differences[figure.name] = difference(
          figure.value(original), figure.value(copy), floor: figure.floor)
        rawDifferences[figure.name] = difference(
          figure.value(original), figure.value(copy), floor: 0)
      }
      return Result(
        file: name, format: format, differences: differences, rawDifferences: rawDifferences)
    }
  }

  static func difference(_ a: Double?, _ b: Double?, floor: Double) -> Double {
    switch (a, b) {
    case (nil, nil): return 0
    case (let a?, let b?):
      let delta = abs(a - b)
      return delta <= floor ? 0 : delta / max(abs(a), abs(b))
    default: return 1
    }
  }
}
