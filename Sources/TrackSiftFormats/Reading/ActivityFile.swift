import Foundation
import TrackSift

/// An activity file read whatever its format: its track, its format, the device's own totals
/// when the file carries them, the descriptive strings it carries, and notes on what the
/// reader passed over or left out.
///
/// ``read(atPath:strict:allowingNoPositions:undatedDay:)`` tells the format apart by content
/// (``ActivityFileFormat/detect(contentsOf:)``) and reads the file with that format's reader.
/// A damaged GPX, TCX or FIT file (cut short when an app or a watch stopped writing it, or
/// failing its CRC) gives what was read before the damage, as a log gives its lines around a
/// corrupt one, and a note says where the damage is; only a file with no position before its
/// damage is refused. Read strictly, any damage or bad line refuses the file.
public struct ActivityFile: Sendable {
  /// The fixes: every segment of every track or activity, in order; a GPX file's routes or a
  /// TCX file's courses (planned routes) when it has no track point; empty only for a file
  /// read with `allowingNoPositions` that gives the device's totals alone.
  public var track: Track
  /// The format the file was read as.
  public var format: ActivityFileFormat
  /// The device's totals of the whole activity (a FIT session or the sum of several, the one
  /// activity of a TCX file), or `nil` when the file has none.
  public var deviceTotals: DeviceTotals?
  /// The activities of a file that holds several, each with its sport and its segments (a
  /// multisport FIT file's sessions, whose track is split where each begins; a TCX file's
  /// activities; a GPX file's tracks whose `type`s differ); empty for a file of one activity.
  public var sessions: [ActivitySession] = []
  /// The sport the file names for its activity, as written: a GPX file's tracks' `type`, or
  /// else the device's totals' (a FIT session's `sport`, `multisport` for several; a TCX
  /// activity's `Sport`); `nil` where it names none.
  public var sport: String? {
    get { trackType ?? deviceTotals?.sport }
    set { trackType = newValue }
  }
  /// The sport of a file without device totals (a GPX track's `type`).
  private var trackType: String?
  /// The names, descriptions, links, creator, devices and waypoints the file carries, as
  /// written and within ``ActivityMetadata``'s limits; untrusted text, to be escaped before
  /// display. GPX, TCX and FIT files fill it; the other formats leave it empty.
  public var metadata: ActivityMetadata
  /// What the reader passed over or left out, one note each, in words: a log's skipped lines,
  /// a GnssLogger log's other providers, the damage a file was read up to, the values refused
  /// as out of range. Empty when nothing was.
  public var notes: [String]

  /// Creates a read file.
  public init(
    track: Track, format: ActivityFileFormat, deviceTotals: DeviceTotals? = nil,
    metadata: ActivityMetadata = ActivityMetadata(), notes: [String] = []
  ) {
    self.track = track
    self.format = format
    self.deviceTotals = deviceTotals
    self.metadata = metadata
    self.notes = notes
  }

  /// The ``notes`` on one line, separated by `; `, or `nil` when there is none.
  public var note: String? { notes.isEmpty ? nil : notes.joined(separator: "; ") }

  /// Reads the activity file at `url` (GPX, TCX, FIT, NMEA, CSV, GeoJSON or an Android
  /// GnssLogger log, told apart by content).
  ///
  /// The same as ``read(atPath:strict:allowingNoPositions:undatedDay:)`` with the URL's path.
  public static func read(
    contentsOf url: URL, strict: Bool = false, allowingNoPositions: Bool = false,
    undatedDay: Date? = nil
  ) throws(ActivityFileError) -> ActivityFile {
    try read(
      atPath: url.path, strict: strict, allowingNoPositions: allowingNoPositions,
      undatedDay: undatedDay)
  }

  /// Reads the activity file at `path` (GPX, TCX, FIT, NMEA, CSV, GeoJSON or an Android
  /// GnssLogger log, told apart by content).
  ///
  /// - Parameters:
  ///   - path: the file's path; errors name it as given.
  ///   - strict: refuse a damaged GPX, TCX or FIT file and a log with a bad line, instead of
  ///     reading around the damage.
  ///   - allowingNoPositions: give a FIT or TCX file without a position but with the device's
  ///     totals (an indoor or treadmill activity) as an empty track with its totals, instead
  ///     of refusing it.
  ///   - undatedDay: the UTC day of an NMEA log's fixes before any date in it
  ///     (``NMEAReader/Options/referenceDate``): a log of GGA sentences alone gives times of
  ///     day only, and its fixes are untimed without it.
  /// - Throws: ``ActivityFileError`` when the file is missing, unreadable, of no known format,
  ///   refused by its reader (with the reader's located error) or holds no fix.
  /// - Complexity: O(n) in the file's size; the readers stream with bounded memory beyond the
  ///   fixes they return.
  public static func read(
    atPath path: String, strict: Bool = false, allowingNoPositions: Bool = false,
    undatedDay: Date? = nil
  ) throws(ActivityFileError) -> ActivityFile {
    let format = try detectFormat(atPath: path)
    let url = URL(fileURLWithPath: path)
    let reading = Reading(path: path, allowingNoPositions: allowingNoPositions)
    do {
      return switch format {
      case .gpx: try reading.gpx(GPXReader.read(contentsOf: url, options: .init(lenient: !strict)))
      case .tcx: try reading.tcx(TCXReader.read(contentsOf: url, options: .init(lenient: !strict)))
      case .fit: try reading.fit(FITReader.read(contentsOf: url, options: .init(lenient: !strict)))
      case .nmea:
        try reading.nmea(
          NMEAReader.read(
            contentsOf: url, options: .init(strict: strict, referenceDate: undatedDay)))
      case .csv: try reading.csv(FixCSVReader.readLog(contentsOf: url))
      case .geojson: try reading.geoJSON(GeoJSONReader.read(contentsOf: url))
      case .gnssLogger:
        try reading.gnssLogger(
          GnssLoggerReader.read(contentsOf: url, options: .init(strict: strict)))
      }
    } catch let error as ActivityFileError {
      throw error
    } catch {
      throw ActivityFileError(path: path, reason: .refused(error))
    }
  }

  /// Reads an activity file already in memory: a member of an archive, a download, a
  /// decompressed `.gz`. The same as ``read(atPath:strict:allowingNoPositions:undatedDay:)``
  /// otherwise.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - name: the file's name as errors and notes give it; its extension (such as `gpx`)
  ///     breaks ties in format detection, as a path's does.
  ///   - strict: refuse a damaged file instead of reading around the damage.
  ///   - allowingNoPositions: give a FIT or TCX file with totals but no position.
  ///   - undatedDay: the UTC day of an NMEA log's fixes before any date in it.
  /// - Throws: ``ActivityFileError`` naming `name`.
  /// - Complexity: O(n) in the size of `data`.
  public static func read(
    data: Data, name: String, strict: Bool = false, allowingNoPositions: Bool = false,
    undatedDay: Date? = nil
  ) throws(ActivityFileError) -> ActivityFile {
    let format: ActivityFileFormat
    do {
      format = try ActivityFileFormat.detect(
        prefix: data.prefix(ActivityFileFormat.detectionPrefixLength),
        fileExtension: (name as NSString).pathExtension)
    } catch {
      throw ActivityFileError(path: name, reason: .unknownFormat(error))
    }
    let reading = Reading(path: name, allowingNoPositions: allowingNoPositions)
    do {
      return switch format {
      case .gpx: try reading.gpx(GPXReader.read(data: data, options: .init(lenient: !strict)))
      case .tcx: try reading.tcx(TCXReader.read(data: data, options: .init(lenient: !strict)))
      case .fit: try reading.fit(FITReader.read(data: data, options: .init(lenient: !strict)))
      case .nmea:
        try reading.nmea(
          NMEAReader.read(data: data, options: .init(strict: strict, referenceDate: undatedDay)))
      case .csv: try reading.csv(FixCSVReader.readLog(data: data))
      case .geojson: try reading.geoJSON(GeoJSONReader.read(data: data))
      case .gnssLogger:
        try reading.gnssLogger(GnssLoggerReader.read(data: data, options: .init(strict: strict)))
      }
    } catch let error as ActivityFileError {
      throw error
    } catch {
      throw ActivityFileError(path: name, reason: .refused(error))
    }
  }

  /// The format of the file at `path`, or the reason it has none.
  private static func detectFormat(
    atPath path: String
  ) throws(ActivityFileError) -> ActivityFileFormat {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ActivityFileError(path: path, reason: .noSuchFile)
    }
    guard !isDirectory.boolValue else { throw ActivityFileError(path: path, reason: .folder) }
    do {
      return try ActivityFileFormat.detect(contentsOf: URL(fileURLWithPath: path))
    } catch let error as FormatDetectionError {
      throw ActivityFileError(path: path, reason: .unknownFormat(error))
    } catch {
      throw ActivityFileError(path: path, reason: .unreadable(error.localizedDescription))
    }
  }
}
