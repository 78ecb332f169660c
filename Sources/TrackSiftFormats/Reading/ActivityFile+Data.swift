import Foundation
import TrackSift

extension ActivityFile {
  /// Reads an activity file already in memory: a member of an archive, a download, a
  /// decompressed `.gz`. The same as ``read(atPath:strict:allowingNoPositions:)`` otherwise.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - name: the file's name as errors and notes give it; its extension (such as `gpx`)
  ///     breaks ties in format detection, as a path's does.
  ///   - strict: refuse a damaged file instead of reading around the damage.
  ///   - allowingNoPositions: give a FIT or TCX file with totals but no position.
  /// - Throws: ``ActivityFileError`` naming `name`.
  /// - Complexity: O(n) in the size of `data`.
  public static func read(
    data: Data, name: String, strict: Bool = false, allowingNoPositions: Bool = false
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
      case .nmea: try reading.nmea(NMEAReader.read(data: data, options: .init(strict: strict)))
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
}
