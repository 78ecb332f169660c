import Foundation
import TrackSift

/// Reads TCX (Garmin Training Center Database v2) files into a ``TCXDocument``.
///
/// A streaming parser over the file's UTF-8 bytes (not `XMLParser`, which refuses input over
/// 10 MB on Linux and is slow). It reads activities (`Sport`, `Id`), laps with the device's
/// totals (`StartTime`, `TotalTimeSeconds`, `DistanceMeters`, `MaximumSpeed`, `Calories`,
/// `AverageHeartRateBpm`, `MaximumHeartRateBpm`), courses (`Name`, laps, track), and
/// trackpoints with `Time`, `Position`, `AltitudeMeters`, `DistanceMeters`, `HeartRateBpm`,
/// `Cadence` and the ActivityExtension v2 `TPX` values `Speed`, `RunCadence` and `Watts`.
/// Elements are matched by their local name, whatever their namespace prefix (`ns3:TPX`).
///
/// Each TCX `Track` element becomes a `Segment`. A trackpoint without a position (a
/// treadmill run, an indoor ride) never becomes a `Fix`: it is kept as a ``TCXSample`` in
/// ``TCXActivity/positionlessSamples``. `Cadence` wins over `RunCadence` when a point has both.
/// Positions are kept as the file gives them; text that is not a number or a time is an error.
/// Other values out of their physical range, the laps' totals included, are refused and counted
/// (``FixFieldLimits``, ``TCXDocument/refusedFieldCounts``). TrackSift's own extension
/// (``TCXWriter/trackSiftNamespace``) gives back what TCX has no element for.
/// Course points, multisport sessions and lap extensions are not read.
///
/// ``forEachTrackpoint(contentsOf:_:)`` hands out the trackpoints without keeping them, for
/// files of any length.
///
/// - Complexity: O(n) in the file size.
public enum TCXReader {
  /// Reads the TCX file at `url`.
  ///
  /// The file is memory-mapped and the pages already parsed are given back as the reader
  /// goes, so memory is the document plus a few megabytes; another process must not truncate
  /// the file meanwhile.
  /// - Throws: ``XMLReadError`` when the file cannot be read, or is not valid TCX and
  ///   `options.lenient` is false.
  public static func read(
    contentsOf url: URL, options: Options = .init()
  ) throws(XMLReadError) -> TCXDocument {
    let file = try map(url)
    return try XMLTextEncoding.withUTF8(file.bytes, onConsumed: file.releasePages(before:)) {
      bytes, onConsumed throws(XMLReadError) in
      try TCXParser.parse(bytes, lenient: options.lenient, onConsumed: onConsumed)
    }
  }

  /// Reads TCX from the bytes of a file.
  /// - Throws: ``XMLReadError`` when the bytes are not valid TCX and `options.lenient` is false.
  public static func read(data: Data, options: Options = .init()) throws(XMLReadError)
    -> TCXDocument
  {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(XMLReadError) -> TCXDocument in try read(bytes: bytes, options: options) }
    }
    return try result.get()
  }

  /// Reads TCX from UTF-8 bytes in memory.
  /// - Throws: ``XMLReadError`` when the bytes are not valid TCX and `options.lenient` is false.
  public static func read(
    bytes: UnsafeRawBufferPointer, options: Options = .init()
  ) throws(XMLReadError) -> TCXDocument {
    try XMLTextEncoding.withUTF8(bytes) { utf8, _ throws(XMLReadError) in
      try TCXParser.parse(utf8, lenient: options.lenient)
    }
  }

  /// Calls `body` with each positioned trackpoint of the activities of a TCX file, in order,
  /// without keeping them: memory stays bounded however long the file is.
  ///
  /// - Parameters:
  ///   - url: the file; it is memory-mapped as in ``read(contentsOf:options:)``.
  ///   - body: receives each trackpoint with its fix, device distance, and the indices of its
  ///     activity and segment.
  /// - Returns: the document with everything but the activities' positioned trackpoints (their
  ///   segments are empty; laps, totals, courses and position-less samples are kept), or the
  ///   error where the file stops being valid TCX; `body` has seen every point before it.
  /// - Throws: ``XMLReadError`` when the file cannot be read or is not valid TCX.
  @discardableResult
  public static func forEachTrackpoint(
    contentsOf url: URL, _ body: (TCXTrackpoint) -> Void
  ) throws(XMLReadError) -> TCXDocument {
    let file = try map(url)
    let result = withoutActuallyEscaping(body) { escapableBody in
      Result { () throws(XMLReadError) -> TCXDocument in
        try XMLTextEncoding.withUTF8(file.bytes, onConsumed: file.releasePages(before:)) {
          bytes, onConsumed throws(XMLReadError) in
          try TCXParser.parse(bytes, onTrackpoint: escapableBody, onConsumed: onConsumed)
        }
      }
    }
    return try result.get()
  }

  /// Calls `body` with each positioned trackpoint of the activities of TCX bytes in memory;
  /// see ``forEachTrackpoint(contentsOf:_:)``.
  /// - Throws: ``XMLReadError`` when the bytes are not valid TCX.
  @discardableResult
  public static func forEachTrackpoint(
    bytes: UnsafeRawBufferPointer, _ body: (TCXTrackpoint) -> Void
  ) throws(XMLReadError) -> TCXDocument {
    let result = withoutActuallyEscaping(body) { escapableBody in
      Result { () throws(XMLReadError) -> TCXDocument in
        try XMLTextEncoding.withUTF8(bytes) { utf8, _ throws(XMLReadError) in
          try TCXParser.parse(utf8, onTrackpoint: escapableBody)
        }
      }
    }
    return try result.get()
  }

  private static func map(_ url: URL) throws(XMLReadError) -> MappedFile {
    do {
      return try MappedFile(path: url.path)
    } catch {
      throw XMLReadError(
        reason: "cannot read \(url.path): \(error.message)", line: 0, column: 0, byteOffset: 0)
    }
  }
}
