import Foundation
import TrackSift

/// Reads GPX 1.0 and 1.1 files into a ``GPXDocument``.
///
/// A streaming parser over the file's UTF-8 bytes (not `XMLParser`, which refuses input over
/// 10 MB on Linux and is slow): it reads tracks, routes and waypoints with elevation, time,
/// dilutions, satellites, fix type, GPX 1.0 `speed` and `course`, Garmin TrackPointExtension
/// v1/v2 (`hr`, `cad`, `atemp`, `speed`, `course`), power (`power`, `PowerInWatts`) and the
/// TrackSift extension that ``GPXWriter`` writes. Extension elements are matched by their local
/// name, whatever their namespace prefix; other elements are skipped.
///
/// Positions are kept as the file gives them: a latitude of 95 or `NaN` is not a reader error
/// (the gate judges it later), but text that is not a number is. Other values out of their
/// physical range are refused and counted (``FixFieldLimits``,
/// ``GPXDocument/refusedFieldCounts``). Times without a zone are taken as
/// UTC. Horizontal accuracy stays `nil` unless the file states it: the reader gives the HDOP as
/// read, and the pipeline derives an accuracy from it (`Fix.withAccuracyFromDilution`).
/// Every fix has source `FixSource.unknown` unless the TrackSift extension says otherwise.
///
/// - Complexity: O(n) in the file size.
public enum GPXReader {
  /// Reads the GPX file at `url`.
  ///
  /// The file is memory-mapped (reading it into memory first halves the speed on a 300 MB
  /// file) and the pages already parsed are given back as the reader goes, so memory is the
  /// document plus a few megabytes; another process must not truncate the file meanwhile.
  /// - Throws: ``XMLReadError`` when the file cannot be read, or is not valid GPX and
  ///   `options.lenient` is false.
  public static func read(
    contentsOf url: URL, options: Options = .init()
  ) throws(XMLReadError) -> GPXDocument {
    let file = try map(url)
    return try XMLTextEncoding.withUTF8(file.bytes, onConsumed: file.releasePages(before:)) {
      bytes, onConsumed throws(XMLReadError) in
      try GPXParser.parse(bytes, lenient: options.lenient, onConsumed: onConsumed)
    }
  }

  /// Reads GPX from the bytes of a file.
  /// - Throws: ``XMLReadError`` when the bytes are not valid GPX and `options.lenient` is false.
  public static func read(data: Data, options: Options = .init()) throws(XMLReadError)
    -> GPXDocument
  {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(XMLReadError) -> GPXDocument in try read(bytes: bytes, options: options) }
    }
    return try result.get()
  }

  /// Reads GPX from UTF-8 bytes in memory.
  /// - Throws: ``XMLReadError`` when the bytes are not valid GPX and `options.lenient` is false.
  public static func read(
    bytes: UnsafeRawBufferPointer, options: Options = .init()
  ) throws(XMLReadError) -> GPXDocument {
    try XMLTextEncoding.withUTF8(bytes) { utf8, _ throws(XMLReadError) in
      try GPXParser.parse(utf8, lenient: options.lenient)
    }
  }

  /// Calls `body` with each track point of a GPX file, in order, without keeping the points:
  /// memory stays bounded however long the file is.
  ///
  /// - Parameters:
  ///   - url: the file; it is memory-mapped as in ``read(contentsOf:options:)``.
  ///   - body: receives the fix and the indices (from 0) of its track and of its segment
  ///     within the track.
  /// - Returns: the document with everything but the track points (its tracks keep their names
  ///   and have empty segments), or the error where the file stops being valid GPX; `body` has
  ///   seen every point before that place.
  /// - Throws: ``XMLReadError`` when the file cannot be read or is not valid GPX.
  @discardableResult
  public static func forEachTrackPoint(
    contentsOf url: URL,
    _ body: (_ fix: Fix, _ trackIndex: Int, _ segmentIndex: Int) -> Void
  ) throws(XMLReadError) -> GPXDocument {
    let file = try map(url)
    let result = withoutActuallyEscaping(body) { escapableBody in
      Result { () throws(XMLReadError) -> GPXDocument in
        try XMLTextEncoding.withUTF8(file.bytes, onConsumed: file.releasePages(before:)) {
          bytes, onConsumed throws(XMLReadError) in
          try GPXParser.parse(bytes, onTrackPoint: escapableBody, onConsumed: onConsumed)
        }
      }
    }
    return try result.get()
  }

  /// Calls `body` with each track point of GPX bytes in memory, in order, without keeping the
  /// points; see ``forEachTrackPoint(contentsOf:_:)``.
  /// - Throws: ``XMLReadError`` when the bytes are not valid GPX.
  @discardableResult
  public static func forEachTrackPoint(
    bytes: UnsafeRawBufferPointer,
    _ body: (_ fix: Fix, _ trackIndex: Int, _ segmentIndex: Int) -> Void
  ) throws(XMLReadError) -> GPXDocument {
    let result = withoutActuallyEscaping(body) { escapableBody in
      Result { () throws(XMLReadError) -> GPXDocument in
        try XMLTextEncoding.withUTF8(bytes) { utf8, _ throws(XMLReadError) in
          try GPXParser.parse(utf8, onTrackPoint: escapableBody)
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
