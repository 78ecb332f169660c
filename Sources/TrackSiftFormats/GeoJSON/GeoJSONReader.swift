import Foundation
import TrackSift

/// Reads GeoJSON (RFC 7946) into a ``GeoJSONDocument``: every `LineString` and each line of a
/// `MultiLineString` becomes a segment, and so does every `Point` and `MultiPoint`, whether
/// the file is a `FeatureCollection`, a `Feature`, a geometry or a `GeometryCollection`.
///
/// Positions are `[longitude, latitude]` or `[longitude, latitude, altitude]` (more numbers are
/// ignored). Times come from a feature's property parallel to its positions (an array of
/// arrays for a `MultiLineString`): `times` (what ``GeoJSONWriter`` writes), `coordTimes` or
/// `coordinateProperties.times` (what togeojson writes), or, for a `Point`, a `time` or
/// `timestamp` property. A time is ISO 8601 text or a Unix epoch number (seconds,
/// milliseconds, microseconds or nanoseconds, told from the magnitude of the feature's times:
/// see ``EpochTimeUnit``), or `null`. TrackSift's own `tracksift` property (accuracies, speed,
/// course, source, dilutions, sensors) is read back as ``GeoJSONWriter`` writes it. Polygons
/// are passed over and counted. Values out of their physical range are refused and counted
/// (``FixFieldLimits``).
///
/// - Complexity: O(n) in the file size; memory holds the parsed JSON of the whole file.
public enum GeoJSONReader {
  /// Reads the GeoJSON file at `url`.
  /// - Throws: ``GeoJSONError`` when the file cannot be read, is not JSON, or is not GeoJSON.
  public static func read(contentsOf url: URL) throws(GeoJSONError) -> GeoJSONDocument {
    let data: Data
    do {
      data = try Data(contentsOf: url, options: .mappedIfSafe)
    } catch {
      throw GeoJSONError(reason: "cannot read \(url.path): \(error.localizedDescription)")
    }
    return try read(data: data)
  }

  /// Reads GeoJSON from the bytes of a file (UTF-8).
  /// - Throws: ``GeoJSONError`` when the bytes are not JSON, or not GeoJSON.
  public static func read(data: Data) throws(GeoJSONError) -> GeoJSONDocument {
    let parsed = data.withUnsafeBytes { bytes in
      Result { () throws(JSONParser.SyntaxError) -> JSONValue in try JSONParser.parse(bytes) }
    }
    let root: JSONValue
    switch parsed {
    case .success(let value): root = value
    case .failure(let error):
      throw GeoJSONError(reason: error.reason, byteOffset: error.byteOffset)
    }
    var reader = GeoJSONTrackBuilder()
    try reader.readRoot(root)
    return reader.document
  }

  /// Reads GeoJSON text.
  /// - Throws: ``GeoJSONError`` when the text is not JSON, or not GeoJSON.
  public static func read(string: String) throws(GeoJSONError) -> GeoJSONDocument {
    try read(data: Data(string.utf8))
  }
}
