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
/// Each TCX `Track` element becomes a ``Segment``. A trackpoint without a position (a
/// treadmill run, an indoor ride) never becomes a ``Fix``: it is kept as a ``TCXSample`` in
/// ``TCXActivity/positionlessSamples``. `Cadence` wins over `RunCadence` when a point has both.
/// Values are kept as the file gives them; text that is not a number or a time is an error.
///
/// - Complexity: O(n) in the file size.
public enum TCXReader {
  /// Reads the TCX file at `url`.
  ///
  /// The file is memory-mapped and the pages already parsed are given back as the reader
  /// goes, so memory is the document plus a few megabytes; another process must not truncate
  /// the file meanwhile.
  /// - Throws: ``TCXError`` when the file cannot be read or is not valid TCX.
  public static func read(contentsOf url: URL) throws(TCXError) -> TCXDocument {
    let file: MappedFile
    do {
      file = try MappedFile(path: url.path)
    } catch {
      throw TCXError(
        reason: "cannot read \(url.path): \(error.message)", line: 0, column: 0, byteOffset: 0)
    }
    return try TCXParser.parse(file.bytes, onConsumed: file.releasePages(before:))
  }

  /// Reads TCX from the bytes of a file.
  /// - Throws: ``TCXError`` when the bytes are not valid TCX.
  public static func read(data: Data) throws(TCXError) -> TCXDocument {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(TCXError) -> TCXDocument in try TCXParser.parse(bytes) }
    }
    return try result.get()
  }

  /// Reads TCX from UTF-8 bytes in memory.
  /// - Throws: ``TCXError`` when the bytes are not valid TCX.
  public static func read(bytes: UnsafeRawBufferPointer) throws(TCXError) -> TCXDocument {
    try TCXParser.parse(bytes)
  }
}
