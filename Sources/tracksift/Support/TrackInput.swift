import Foundation
import TrackSift
import TrackSiftFormats

/// An activity file as the commands use it: its track, its format and, when the file carries
/// them, the device's own totals.
struct ActivityInput {
  var track: Track
  var format: ActivityFileFormat
  /// The device's totals of the whole activity (a FIT session or the sum of several, a TCX
  /// activity's laps), or `nil` when the file has none.
  var deviceTotals: DeviceTotals?
  /// What the reader passed over or left out, in words, or `nil` when nothing: a log's
  /// skipped lines, a GnssLogger log's other providers, the damage a file was read up to.
  var note: String?
}

/// Reads an activity file (GPX, TCX, FIT, NMEA, CSV, GeoJSON or an Android GnssLogger log, told
/// apart by content) into one track.
///
/// A damaged GPX, TCX or FIT file (cut short when an app or a watch stopped writing it, or
/// failing its CRC) gives what was read before the damage, as a log gives its lines around a
/// corrupt one, and the note says where the damage is; only a file with no position before
/// its damage is refused. Read strictly, any damage or bad line refuses the file.
enum TrackInput {
  /// The file's track (every segment of every track or activity, in order); what the reader
  /// passed over is told on standard error.
  static func read(path: String, strict: Bool = false) throws -> Track {
    let input = try load(path: path, strict: strict)
    if let note = input.note { FileHandle.standardError.write(Data("Read: \(note)\n".utf8)) }
    return input.track
  }

  /// The file's track, format and device totals.
  /// - Parameters:
  ///   - strict: refuse a damaged GPX, TCX or FIT file and a log with a bad line, instead of
  ///     reading around the damage.
  ///   - allowingNoPositions: give a FIT or TCX file without a position but with the device's
  ///     totals (an indoor or treadmill activity) as an empty track with its totals, instead
  ///     of refusing it.
  static func load(
    path: String, strict: Bool = false, allowingNoPositions: Bool = false
  ) throws -> ActivityInput {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw InputError(path: path, reason: "a folder, not a file")
    }
    let format: ActivityFileFormat
    do {
      format = try ActivityFileFormat.detect(contentsOf: url)
    } catch let error as FormatDetectionError {
      throw InputError(path: path, reason: error.description)
    } catch {
      throw InputError(
        path: path, reason: "cannot read the file (\(error.localizedDescription))")
    }
    var input = ActivityInput(track: Track(), format: format)
    // Values no device can measure, which the reader read as unknown.
    var refused = RefusedFieldCounts()
    do {
      switch format {
      case .gpx:
        let document = try GPXReader.read(contentsOf: url, options: .init(lenient: !strict))
        let (track, routeNote) = try gpxTrack(document, path: path)
        input.track = track
        refused = document.refusedFieldCounts
        input.note = joined([
          routeNote, damageNote(document.stoppedAt, fixCount: input.track.fixCount),
        ])
      case .tcx:
        let document = try TCXReader.read(contentsOf: url, options: .init(lenient: !strict))
        input = try tcxInput(document, path: path, allowingNoPositions: allowingNoPositions)
        refused = document.refusedFieldCounts
      case .fit:
        let activity = try FITReader.read(contentsOf: url, options: .init(lenient: !strict))
        input.track = activity.track
        refused = activity.refusedFieldCounts
        input.deviceTotals = DeviceTotals(combining: activity.sessions)
        try refuseIfEmpty(input.track, damage: activity.stoppedAt, path: path)
        input.note = damageNote(activity.stoppedAt, fixCount: input.track.fixCount)
        if input.track.fixCount == 0 {
          let why =
            Formatting.count(activity.recordCount, "record") + " without one, as an indoor, "
            + "treadmill or pool activity has"
          guard allowingNoPositions, input.deviceTotals != nil else {
            throw InputError(path: path, reason: "the FIT file holds no position (\(why))")
          }
          input.note = joined([input.note, "no position (\(why)): the device's totals only"])
        }
      case .nmea:
        let log = try NMEAReader.read(contentsOf: url, options: .init(strict: strict))
        guard log.track.fixCount > 0 else {
          let void =
            log.voidEpochCount > 0
            ? Formatting.count(log.voidEpochCount, "epoch") + " marked void by the receiver, " : ""
          throw InputError(
            path: path,
            reason: "the NMEA log holds no fix (" + Formatting.count(log.sentenceCount, "sentence")
              + ", " + void + Formatting.count(log.skippedCount, "line") + " skipped)")
        }
        input.track = log.track
        refused = log.refusedFieldCounts
        input.note = skippedNote(log.skippedCount, log.skipped)
      case .csv:
        let log = try FixCSVReader.readLog(contentsOf: url)
        guard log.track.fixCount > 0 else {
          throw InputError(path: path, reason: "the CSV file holds no row after its header")
        }
        input.track = log.track
        refused = log.refusedFieldCounts
        input.note = epochNote(log.epochTimeUnit)
      case .geojson:
        let document = try GeoJSONReader.read(contentsOf: url)
        guard document.track.fixCount > 0 else {
          throw InputError(path: path, reason: "the GeoJSON file holds no line or point")
        }
        input.track = document.track
        refused = document.refusedFieldCounts
        let skipped =
          document.skippedGeometryCount > 0
          ? Formatting.count(document.skippedGeometryCount, "geometry", plural: "geometries")
            + " without a line or point passed over" : nil
        input.note = joined([epochNote(document.epochTimeUnit), skipped])
      case .gnssLogger:
        let log = try GnssLoggerReader.read(contentsOf: url, options: .init(strict: strict))
        let mockNote =
          log.mockFixLineCount > 0
          ? Formatting.count(log.mockFixLineCount, "mock location") + " left out" : nil
        let notes = joined([
          providerNote(log), mockNote, skippedNote(log.skippedCount, log.skipped),
        ])
        guard log.track.fixCount > 0 else {
          throw InputError(
            path: path,
            reason: "the GnssLogger log holds no fix (" + (notes ?? "no Fix or NMEA line") + ")")
        }
        input.track = log.track
        refused = log.refusedFieldCounts
        input.note = notes
      }
      if !refused.isEmpty { input.note = joined([input.note, refused.description]) }
    } catch let error as InputError {
      throw error
    } catch let error as CustomStringConvertible {
      throw InputError(path: path, reason: error.description)
    }
    return input
  }

  /// A TCX file's activities as one track, with the device's totals of a single activity. A
  /// file whose activities have no position but which holds a course (a planned route, with
  /// or without times) gives the course, as a GPX file without tracks gives its routes.
  private static func tcxInput(
    _ document: TCXDocument, path: String, allowingNoPositions: Bool
  ) throws -> ActivityInput {
    var input = ActivityInput(
      track: Track(
        name: document.activities.first?.name,
        segments: document.activities.flatMap(\.track.segments)),
      format: .tcx)
    if document.activities.count == 1 { input.deviceTotals = document.activities[0].totals }
    var courseNote: String?
    if input.track.fixCount == 0, document.courses.contains(where: { $0.track.fixCount > 0 }) {
      input.track = Track(
        name: document.courses.first?.name, segments: document.courses.flatMap(\.track.segments))
      input.deviceTotals = nil
      courseNote = "no activity: the course (a planned route) read"
    }
    try refuseIfEmpty(input.track, damage: document.stoppedAt, path: path)
    input.note = joined([
      courseNote, damageNote(document.stoppedAt, fixCount: input.track.fixCount),
    ])
    guard input.track.fixCount > 0 else {
      let positionless = document.positionlessTrackpointCount
      if allowingNoPositions,
        input.deviceTotals?.timerTimeSeconds != nil
          || input.deviceTotals?.distanceMeters != nil
      {
        input.note = joined([
          input.note,
          "no position (" + Formatting.count(positionless, "trackpoint")
            + " without one, as an indoor or treadmill activity has): the device's totals only",
        ])
        return input
      }
      throw InputError(
        path: path,
        reason: positionless > 0
          ? "the TCX file holds no position (" + Formatting.count(positionless, "trackpoint")
            + " without one, as an indoor or treadmill activity has)"
          : "the TCX file holds no trackpoint")
    }
    return input
  }

  /// Refuses a damaged file that has no position before its damage, with the damage as the
  /// reason (strict reading would have given it).
  private static func refuseIfEmpty(
    _ track: Track, damage: (any CustomStringConvertible)?, path: String
  ) throws {
    if let damage, track.fixCount == 0 { throw InputError(path: path, reason: damage.description) }
  }

  /// A GPX file's tracks as one track. A file whose tracks hold no point gives its routes (a
  /// planned route, often without times), and the note says so.
  private static func gpxTrack(
    _ document: GPXDocument, path: String
  ) throws -> (track: Track, note: String?) {
    var track = Track(name: document.tracks.first?.name ?? document.name, segments: [])
    for part in document.tracks { track.segments += part.segments }
    if track.fixCount == 0, document.routes.contains(where: { !$0.points.isEmpty }) {
      track = Track(
        name: document.routes.first?.name ?? document.name,
        segments: document.routes.map { Segment(fixes: $0.points) })
      return (track, "no track: the route (a planned route) read")
    }
    if track.segments.allSatisfy({ $0.fixes.isEmpty }) {
      try refuseIfEmpty(track, damage: document.stoppedAt, path: path)
      let waypoints = document.waypoints.count
      throw InputError(
        path: path,
        reason: "the file holds no track or route points"
          + (waypoints > 0 ? " (only " + Formatting.count(waypoints, "waypoint") + ")" : ""))
    }
    return (track, nil)
  }
}

extension DeviceTotals {
  /// The totals of several sessions (a multisport FIT file) as one: distance, times, climb,
  /// descent and energy summed, maxima kept, the first start and sport; `nil` for none.
  init?(combining sessions: [DeviceTotals]) {
    guard let first = sessions.first else { return nil }
    guard sessions.count > 1 else {
      self = first
      return
    }
    func sum(_ value: (DeviceTotals) -> Double?) -> Double? {
      let values = sessions.compactMap(value)
      return values.isEmpty ? nil : values.reduce(0, +)
    }
    self.init(
      startTime: first.startTime, sport: "multisport", distanceMeters: sum(\.distanceMeters),
      timerTimeSeconds: sum(\.timerTimeSeconds), elapsedTimeSeconds: sum(\.elapsedTimeSeconds),
      ascentMeters: sum(\.ascentMeters), descentMeters: sum(\.descentMeters),
      maximumSpeedMetersPerSecond: sessions.compactMap(\.maximumSpeedMetersPerSecond).max(),
      maximumHeartRateBeatsPerMinute: sessions.compactMap(\.maximumHeartRateBeatsPerMinute).max(),
      kilocalories: sum(\.kilocalories))
  }
}

/// A file that cannot be used, with the reason.
struct InputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "\(path): \(reason)" }
}
